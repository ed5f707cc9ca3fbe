import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { OrderResponse } from '@scheduler/contracts/order';
import { callApi, type SessionCredentials } from './api-client.ts';
import { schedulingApi } from './scheduling-api.ts';
import { readStorage, storageKeys, writeStorage } from './storage-keys.ts';

export type ResumeOffer =
  | { kind: 'checking' }
  | { kind: 'none' }
  /** An earlier, unfinished session of this office in this browser, with its order. */
  | { kind: 'offer'; token: string; order: OrderResponse };

/** Something the visitor chose in a session that is worth going back to. */
function worthResuming(order: OrderResponse | null): order is OrderResponse {
  return order !== null && !order.confirmed && (order.datetime !== null || order.postal_code !== '');
}

/**
 * Reopening the scheduler link starts a new session; when this browser still has an unfinished
 * session of the same office (its token kept per office in local storage), the visitor is offered
 * to continue it or to start over. Starting over releases the old session's held time, so it does
 * not stay hidden from everyone for the rest of its hold.
 */
export function useResumeOffer(companyKey: string, credentials: SessionCredentials, current: OrderResponse | undefined) {
  const { token, officeUuid } = credentials;
  const key = storageKeys.officeSession(companyKey, officeUuid);
  const active = current !== undefined && !current.confirmed && token !== '' && officeUuid !== '';
  const [decided, setDecided] = useState(false);
  const stored = active ? readStorage(globalThis.localStorage, key) : null;
  const other = stored && stored !== token && !decided ? stored : null;

  const storedOrder = useQuery({
    queryKey: ['stored-session-order', companyKey, officeUuid, other],
    // A stored session that has ended answers 401; that is an answer here, not this page's 401.
    queryFn: () => callApi<OrderResponse>(`/${companyKey}/online-scheduler/order`, { session: { token: other!, officeUuid } }).catch(() => null),
    enabled: active && other !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

  const offered = other !== null && storedOrder.isSuccess && worthResuming(storedOrder.data) ? storedOrder.data : null;
  const settled = active && (other === null || (storedOrder.isSuccess && offered === null));
  useEffect(() => {
    // This session becomes the one to offer next time, unless the visitor still has to choose.
    if (settled) writeStorage(globalThis.localStorage, key, token);
  }, [settled, key, token]);

  const startOver = useCallback(async () => {
    if (other) {
      // Best effort: when the old session has ended meanwhile its hold is gone already.
      await schedulingApi(companyKey, { token: other, officeUuid })
        .setDatetime({ datetime: null })
        .catch(() => undefined);
    }
    writeStorage(globalThis.localStorage, key, token);
    setDecided(true);
  }, [other, companyKey, officeUuid, key, token]);

  const offer: ResumeOffer = !active || other === null ? { kind: 'none' } : offered ? { kind: 'offer', token: other, order: offered } : storedOrder.isSuccess ? { kind: 'none' } : { kind: 'checking' };
  return { offer, startOver };
}
