import { EMBED_MESSAGE_SOURCE, EMBED_PROTOCOL_VERSION, type WizardToHostMessage } from '@scheduler/contracts/embed';

export const MIN_FRAME_HEIGHT = 200;
export const MAX_FRAME_HEIGHT = 20_000;

/** A frame's height in whole pixels, kept within bounds whatever a message says. */
export function boundedHeight(height: number): number {
  return Math.min(MAX_FRAME_HEIGHT, Math.max(MIN_FRAME_HEIGHT, Math.round(height)));
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isTokenOrNull = (value: unknown) => value === null || typeof value === 'string';

/** Whether the fields the script reads have the contract's shape; the page's other messages rarely match even the source. */
function isWizardMessage(data: unknown): data is WizardToHostMessage {
  if (!isObject(data) || data.source !== EMBED_MESSAGE_SOURCE || data.version !== EMBED_PROTOCOL_VERSION) return false;
  switch (data.type) {
    case 'ready':
      return isTokenOrNull(data.google_tag_id);
    case 'resize':
      return typeof data.height === 'number' && Number.isFinite(data.height);
    case 'event':
      return isObject(data.event) && typeof data.event.name === 'string' && typeof data.office_uuid === 'string';
    case 'session':
      return isTokenOrNull(data.token) && typeof data.office_uuid === 'string';
    case 'hello':
    case 'escape':
      return true;
    default:
      return false;
  }
}

/**
 * A message from one of our frames, or null. The origin alone is not enough: the scheduler may be
 * framed twice on the page, or a frame of the scheduler may be someone else's; the window says
 * which of ours spoke.
 */
export function acceptMessage<F extends { iframe: { readonly contentWindow: unknown } }>(
  event: Pick<MessageEvent, 'origin' | 'source' | 'data'>,
  schedulerOrigin: string,
  frames: Iterable<F>,
): { frame: F; message: WizardToHostMessage } | null {
  if (event.origin !== schedulerOrigin || event.source === null) return null;
  for (const frame of frames) {
    if (frame.iframe.contentWindow === event.source)
      return isWizardMessage(event.data) ? { frame, message: event.data } : null;
  }
  return null;
}
