import { EMBED_MESSAGE_SOURCE, EMBED_PROTOCOL_VERSION, type WizardToHostMessage } from '@scheduler/contracts/embed';
import { embedHost } from './embed-context.ts';

type Body<M> = M extends unknown ? Omit<M, 'source' | 'version'> : never;

/** Posts to the host page, and only to its origin: another page framing this one receives nothing. */
export function postToHost(message: Body<WizardToHostMessage>): void {
  if (embedHost) globalThis.parent.postMessage({ source: EMBED_MESSAGE_SOURCE, version: EMBED_PROTOCOL_VERSION, ...message }, embedHost);
}
