import {
  EMBED_MESSAGE_SOURCE,
  EMBED_PROTOCOL_VERSION,
  type HostToWizardMessage,
  type WizardToHostMessage,
} from '@scheduler/contracts/embed';
import type { FunnelEvent } from '@scheduler/contracts/analytics';
import type { SessionCredentials } from '../api-client.ts';
import { embedHost } from './embed-context.ts';
import { connectFunnel } from './funnel.ts';

/**
 * What the wizard does for the funnel and the embed once it is under way (issue 27), one chunk
 * loaded on demand (funnel-loader.ts `loadFunnelRuntime`): messages to the host page, the frame's
 * height, and the funnel's sender.
 */

type Body<M> = M extends unknown ? Omit<M, 'source' | 'version'> : never;

/** Posts to the host page, and only to its origin: another page framing this one receives nothing. */
export function postToHost(message: Body<WizardToHostMessage>): void {
  if (embedHost)
    globalThis.parent.postMessage(
      { source: EMBED_MESSAGE_SOURCE, version: EMBED_PROTOCOL_VERSION, ...message },
      embedHost,
    );
}

/**
 * The wizard's side of an inline embed: the frame takes the content's height, so the host page
 * scrolls and the frame never does. The page is measured whole (the html element: body and its
 * margins); PageLayout drops its full-viewport minimum height when embedded, or the measure would
 * only ever grow with the frame.
 */
export function reportHeight(): () => void {
  let last = 0;
  const report = () => {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height === last) return;
    last = height;
    postToHost({ type: 'resize', height });
  };
  const observer = new ResizeObserver(report);
  observer.observe(document.body);
  report();
  return () => observer.disconnect();
}

/** A viewport message from the host page: from its origin and window only, and well-formed. */
export function hostViewport(
  event: Pick<MessageEvent, 'origin' | 'source' | 'data'>,
  host = embedHost,
  parent: unknown = globalThis.parent,
): { top: number; height: number } | null {
  if (!host || event.origin !== host || event.source !== parent) return null;
  const data = event.data as Partial<HostToWizardMessage> | null;
  if (data?.source !== EMBED_MESSAGE_SOURCE || data.version !== EMBED_PROTOCOL_VERSION || data.type !== 'viewport')
    return null;
  if (
    typeof data.top !== 'number' ||
    typeof data.height !== 'number' ||
    !Number.isFinite(data.top) ||
    !Number.isFinite(data.height)
  )
    return null;
  return { top: Math.max(0, Math.round(data.top)), height: Math.min(20_000, Math.max(100, Math.round(data.height))) };
}

/**
 * Keeps the wizard's dialogs in the part of the frame the visitor sees: the frame is as tall as
 * the wizard, so a dialog centred in it could open out of sight. The host page says which part
 * is visible (`viewport` messages); until it does, dialogs centre in the frame as they would.
 */
export function followVisibleArea(): () => void {
  const style = document.createElement('style');
  style.textContent =
    '.MuiDialog-root{top:var(--embed-visible-top,0px)!important;bottom:auto!important;height:var(--embed-visible-height,100%)!important}';
  document.head.append(style);
  const onMessage = (event: MessageEvent) => {
    const visible = hostViewport(event);
    if (!visible) return;
    document.documentElement.style.setProperty('--embed-visible-top', `${visible.top}px`);
    document.documentElement.style.setProperty('--embed-visible-height', `${visible.height}px`);
  };
  addEventListener('message', onMessage);
  return () => {
    removeEventListener('message', onMessage);
    style.remove();
  };
}

/**
 * Escape, when the wizard has no dialog of its own open (that one closes first, and a list the
 * key closes marks it handled), goes to the host page: in a popup the key would otherwise be lost
 * to it, and the visitor could not close the popup from the keyboard inside the wizard.
 */
export function relayEscape(): () => void {
  const onKey = (event: KeyboardEvent) => {
    if (
      event.key === 'Escape' &&
      !event.defaultPrevented &&
      !document.querySelector('.MuiModal-root:not(.MuiModal-hidden)')
    )
      postToHost({ type: 'escape' });
  };
  addEventListener('keydown', onKey);
  return () => removeEventListener('keydown', onKey);
}

/** Everything an embedded page does from its first paint: its height for the host, its dialogs where the visitor looks, and Escape for a popup. */
export function startEmbeddedFrame(): void {
  reportHeight();
  followVisibleArea();
  relayEscape();
}

/**
 * The funnel for one session: when embedded, tells the host page the wizard is up and where the
 * company's own tag wants its events, and the session it keeps for the resume offer after a
 * reload (null once the order is confirmed); then sends the events.
 */
export function startFunnel(
  companyKey: string,
  session: SessionCredentials,
  googleTagId: string | null,
  confirmed: boolean,
): () => void {
  postToHost({ type: 'ready', google_tag_id: googleTagId });
  postToHost({ type: 'session', office_uuid: session.officeUuid, token: confirmed ? null : session.token });
  return startFunnelSender(companyKey, session);
}

/** Events within this long of each other go to the server in one request. */
const BATCH_MS = 1000;
/**
 * The contract's MAX_EVENTS_PER_REQUEST, written out: the contract's module brings zod's full
 * build, which the wizard otherwise never loads (funnel-sender.test.ts checks they agree).
 */
export const EVENTS_PER_REQUEST = 20;

/**
 * Connects the funnel: each event goes to the host page at once (the company's analytics see it
 * as it happens) and to the server in small batches. A page being left sends what is pending
 * with `keepalive`, so the last step before a visitor gives up is not lost. Failures are dropped:
 * analytics never stand in the visitor's way.
 */
export function startFunnelSender(companyKey: string, session: SessionCredentials): () => void {
  const url = `/${encodeURIComponent(companyKey)}/json/online_scheduler/events`;
  const pending: FunnelEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = (keepalive: boolean) => {
    clearTimeout(timer);
    timer = undefined;
    while (pending.length > 0) {
      const events = pending.splice(0, EVENTS_PER_REQUEST);
      void fetch(url, {
        method: 'POST',
        keepalive,
        headers: {
          'content-type': 'application/json',
          'x-auth-token': session.token,
          'x-office-uuid': session.officeUuid,
        },
        body: JSON.stringify({ events }),
      })
        .then((response) => response.body?.cancel())
        .catch(() => undefined);
    }
  };
  const onPageHide = () => flush(true);

  connectFunnel((event) => {
    postToHost({ type: 'event', event, office_uuid: session.officeUuid });
    pending.push(event);
    timer ??= setTimeout(() => flush(false), BATCH_MS);
  });
  addEventListener('pagehide', onPageHide);
  return () => {
    connectFunnel(null);
    removeEventListener('pagehide', onPageHide);
    flush(false);
  };
}
