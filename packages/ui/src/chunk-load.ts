import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * React's lazy for every part of a front end that loads on demand. When its file cannot be
 * downloaded (a deploy replaced the build while the page was open, or the network dropped it),
 * the part renders `Fallback` (the app's "Reload" notice, in its own words) instead of throwing
 * into a blank page. Vite's preload of a chunk's own imports fails the same promise, so that is
 * caught too. The fallback takes no props and ignores the part's.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- typed as React's own lazy is, for any component's props
export function lazyWithFallback<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
  Fallback: ComponentType,
): LazyExoticComponent<T> {
  return lazy(() => load().catch(() => ({ default: Fallback as unknown as T })));
}

/**
 * A module loaded on demand that the page can do without (the wizard's funnel sender, the embed's
 * messages): its loader, called as often as needed, loads it once and resolves to null when its
 * file cannot be downloaded, so that analytics never stand in the visitor's way.
 */
export function optionalChunk<T>(load: () => Promise<T>): () => Promise<T | null> {
  let loading: Promise<T | null> | undefined;
  return () => (loading ??= load().catch(() => null));
}

/**
 * A module loaded on demand that its caller cannot do without (the wizard's answer parser, the
 * address step's hold before saving): its loader, called as often as needed, loads it once. A
 * failed download rejects, so that the call waiting for it fails as a failed request would and the
 * page shows that failure; the next call asks for the file again.
 */
export function requiredChunk<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
