import { useCallback, useEffect, useState } from 'react';
import type { OrderResponse } from '@scheduler/contracts/order';
import type { SessionCredentials } from './api-client.ts';
import { readStorage, storageKeys, writeStorage } from './storage-keys.ts';
import { embedResumeToken } from './embed/embed-context.ts';

/**
 * Reopening the scheduler link starts a new session. The browser keeps, per office, the token of
 * its last unfinished session; when that is another session than this one, `other` names it and
 * the page lets `ResumeGate` decide whether to offer it (it loads only then). Otherwise this
 * session becomes the one kept.
 */
export function useResumeOffer(
  companyKey: string,
  credentials: SessionCredentials,
  current: OrderResponse | undefined,
) {
  const { token, officeUuid } = credentials;
  const key = storageKeys.officeSession(companyKey, officeUuid);
  const active = current !== undefined && !current.confirmed && token !== '' && officeUuid !== '';
  const [settled, setSettled] = useState(false);
  // In an embed the host page kept the unfinished session (its storage is the visitor's own; this frame's may be refused).
  const stored = active ? (embedResumeToken ?? readStorage('localStorage', key)) : null;
  const other = stored && stored !== token && !settled ? stored : null;
  useEffect(() => {
    if (active && other === null) writeStorage('localStorage', key, token);
  }, [active, other, key, token]);
  /** The stored session is not to be offered (or the visitor started over): keep this one. */
  const keepThisSession = useCallback(() => setSettled(true), []);
  return { other, keepThisSession };
}
