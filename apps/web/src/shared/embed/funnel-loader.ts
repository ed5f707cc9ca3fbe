import { optionalChunk } from '@scheduler/ui/chunk-load';

/**
 * The funnel's and the embed's runtime (funnel-runtime.ts): one chunk, one loader (each dynamic
 * import costs the first step bytes). Kept apart from funnel.ts, whose event queue the runtime
 * connects to, so that the queue and the runtime do not import each other.
 */
export const loadFunnelRuntime = optionalChunk(() => import('./funnel-runtime.ts'));
