import { useEffect } from 'react';
import type { OfficeResponse } from '@scheduler/contracts/office';
import type { OrderResponse } from '@scheduler/contracts/order';
import type { StepName } from '@scheduler/domain/route-table';
import type { SessionCredentials } from '../shared/api-client.ts';
import { embedHost, isConsolePreview } from '../shared/embed/embed-context.ts';
import { setFunnelContext, track } from '../shared/embed/funnel.ts';
import { loadFunnelRuntime } from '../shared/embed/funnel-loader.ts';

/** How long a visitor who does nothing waits for the sender (their first screen's events wait with it). */
const SENDER_AFTER_MS = 10_000;

/**
 * Resolves when the funnel's runtime may load: at once in an embed (the host page wants its events
 * as they happen), otherwise at the visitor's first touch or key, or after SENDER_AFTER_MS, so
 * that the first step's screen never waits for analytics (its JavaScript has a budget). Once per
 * page: a later session (resumed, or confirmed) finds it settled and sends at once.
 */
let wanted: Promise<void> | undefined;
function runtimeWanted(): Promise<void> {
  return (wanted ??= new Promise((resolve) => {
    if (embedHost) return resolve();
    setTimeout(resolve, SENDER_AFTER_MS);
    addEventListener('pointerdown', () => resolve(), { capture: true, once: true, passive: true });
    addEventListener('keydown', () => resolve(), { capture: true, once: true, passive: true });
  }));
}

/**
 * The funnel and the embed around the wizard's screens (issue 27): a `step_viewed` per arrival on
 * a step, and the runtime (a chunk loaded once the visitor is under way: never on the first
 * screen's path) that sends the events and, when embedded, tells the host page the company's tag
 * and the session (again once it is confirmed).
 */
export function useFunnel(
  companyKey: string,
  credentials: SessionCredentials,
  office: OfficeResponse | undefined,
  order: OrderResponse | undefined,
  step: StepName | null,
) {
  const tagId = office?.google_tag_id;
  const confirmed = order?.confirmed;
  useEffect(() => {
    if (isConsolePreview || tagId === undefined || confirmed === undefined || credentials.token === '') return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void runtimeWanted()
      .then(loadFunnelRuntime)
      .then((runtime) => {
        if (runtime && !cancelled) stop = runtime.startFunnel(companyKey, credentials, tagId, confirmed);
      });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [companyKey, credentials, tagId, confirmed]);

  const currency = office?.currency_code;
  useEffect(() => {
    setFunnelContext(step, currency);
    if (step) track('step_viewed');
  }, [step, credentials, currency]);
}
