import { postToHost } from './host-messages.ts';

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

/** Tells the host page the wizard is up, and where the company's own tag wants its events. */
export function announceReady(googleTagId: string | null): void {
  postToHost({ type: 'ready', google_tag_id: googleTagId });
}

/** The session the host page keeps for the resume offer after a reload; null once it is confirmed. */
export function announceSession(officeUuid: string, token: string | null): void {
  postToHost({ type: 'session', office_uuid: officeUuid, token });
}
