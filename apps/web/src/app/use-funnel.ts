import { useEffect } from 'react';
import type { OfficeResponse } from '@scheduler/contracts/office';
import type { OrderResponse } from '@scheduler/contracts/order';
import type { StepName } from '@scheduler/domain/route-table';
import type { SessionCredentials } from '../shared/api-client.ts';
import { optionalChunk } from '../shared/chunk-load.ts';
import { embedHost } from '../shared/embed/embed-context.ts';
import { setFunnelContext, track } from '../shared/embed/funnel.ts';

const loadEmbedFrame = optionalChunk(() => import('../shared/embed/embed-frame.ts'));
const loadFunnelSender = optionalChunk(() => import('../shared/embed/funnel-sender.ts'));

/**
 * The funnel and the embed around the wizard's screens (issue 27): the sender (a chunk loaded
 * once the office is known, so never on the first screen's critical path), a `step_viewed` per
 * arrival on a step, and when embedded, the company's tag and the session for the host page.
 */
export function useFunnel(companyKey: string, credentials: SessionCredentials, office: OfficeResponse | undefined, order: OrderResponse | undefined, step: StepName | null) {
  const connected = office !== undefined && credentials.token !== '';
  useEffect(() => {
    if (!connected) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void loadFunnelSender().then((sender) => {
      if (sender && !cancelled) stop = sender.startFunnelSender(companyKey, credentials);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [connected, companyKey, credentials]);

  const currency = office?.currency_code;
  useEffect(() => {
    setFunnelContext(step, currency);
    if (step) track('step_viewed');
  }, [step, credentials, currency]);

  const tagId = office?.google_tag_id;
  useEffect(() => {
    if (embedHost && tagId !== undefined) void loadEmbedFrame().then((frame) => frame?.announceReady(tagId));
  }, [tagId]);

  const confirmed = order?.confirmed;
  useEffect(() => {
    if (embedHost && confirmed !== undefined && credentials.token !== '')
      void loadEmbedFrame().then((frame) => frame?.announceSession(credentials.officeUuid, confirmed ? null : credentials.token));
  }, [confirmed, credentials]);
}
