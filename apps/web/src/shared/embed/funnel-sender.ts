import { MAX_EVENTS_PER_REQUEST, type FunnelEvent } from '@scheduler/contracts/analytics';
import type { SessionCredentials } from '../api-client.ts';
import { connectFunnel } from './funnel.ts';
import { postToHost } from './host-messages.ts';

/** Events within this long of each other go to the server in one request. */
const BATCH_MS = 1000;

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
      const events = pending.splice(0, MAX_EVENTS_PER_REQUEST);
      void fetch(url, {
        method: 'POST',
        keepalive,
        headers: { 'content-type': 'application/json', 'x-auth-token': session.token, 'x-office-uuid': session.officeUuid },
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
