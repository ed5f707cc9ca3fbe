import type { Database } from '../../db/connection.ts';
import { NotFoundError, OrderConfirmedError, UnauthorizedError } from '../../errors.ts';
import { changeKeys } from '../../db/change-feed.ts';
import {
  createSessionWithDraftOrder,
  findActiveOffice,
  findWriteState,
  touchSession,
  type DraftOrigin,
  type SessionRecord,
} from './sessions.repository.ts';
import type { SessionStore } from './sessions.store.ts';
import { hashToken, newSessionToken } from './tokens.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const TOUCH_INTERVAL_MS = 60 * 1000;

export interface SessionPolicy {
  ttlDays: number;
}

/** What a valid token opens: one order of one office of one company. */
export type AuthenticatedSession = Pick<
  SessionRecord,
  'sessionId' | 'companyId' | 'companyKey' | 'officeId' | 'orderId' | 'orderConfirmed'
>;

export async function startSession(
  db: Database,
  policy: SessionPolicy,
  companyKey: string,
  officeUuid: string,
  now = new Date(),
  draft: DraftOrigin = {},
  /** Refuses the session (by throwing) for the office's company before anything is made; a visitor's start link passes `admitWhileDisabled`. */
  admit?: (company: { id: string; key: string; enabled: boolean }) => Promise<void>,
): Promise<{ token: string; orderId: string; session: AuthenticatedSession }> {
  const office = await findActiveOffice(db, companyKey, officeUuid);
  if (!office) throw new NotFoundError('The office');
  await admit?.({ id: office.companyId, key: companyKey, enabled: office.schedulerEnabled });
  const token = newSessionToken();
  const { sessionId, orderId } = await createSessionWithDraftOrder(
    db,
    office,
    hashToken(token),
    new Date(now.getTime() + policy.ttlDays * DAY_MS),
    draft,
  );
  return {
    token,
    orderId,
    session: {
      sessionId,
      companyId: office.companyId,
      companyKey,
      officeId: office.officeId,
      orderId,
      orderConfirmed: false,
    },
  };
}

export interface AuthenticationRequest {
  token: string | undefined;
  companyKey: string;
  /** The office the wizard's URL names, when the request carries it. */
  officeUuid: string | undefined;
}

/**
 * Checks a token against the company (and office) the request addresses. Any mismatch is the
 * same 401, so that a caller cannot tell which part was wrong. A confirmed order stays readable
 * by its token after the session expires, for its thank-you page.
 */
export async function authenticate(
  store: SessionStore,
  policy: SessionPolicy,
  request: AuthenticationRequest,
  options: { allowConfirmedAfterExpiry: boolean },
  now = store.now(),
): Promise<AuthenticatedSession> {
  if (!request.token || request.token.length > 200) throw new UnauthorizedError();
  const session = await store.byTokenHash(hashToken(request.token));
  if (!session) throw new UnauthorizedError();
  if (session.companyKey !== request.companyKey) throw new UnauthorizedError();
  if (request.officeUuid !== undefined && request.officeUuid !== session.officeId) throw new UnauthorizedError();
  const expired = session.expiresAt.getTime() <= now.getTime();
  if (expired && !(options.allowConfirmedAfterExpiry && session.orderConfirmed)) throw new UnauthorizedError();
  if (!expired && now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await touchSession(store.db, session, now, new Date(now.getTime() + policy.ttlDays * DAY_MS));
    store.changes.announce(changeKeys.session(session.sessionId));
  }
  return {
    sessionId: session.sessionId,
    companyId: session.companyId,
    companyKey: session.companyKey,
    officeId: session.officeId,
    orderId: session.orderId,
    orderConfirmed: session.orderConfirmed,
  };
}

/**
 * Whether an authenticated session may change its order now. Read from the database, not the
 * session cache: a confirmation or an office's retirement must stop the very next write.
 * A confirmed order is read-only to the visitor (rescheduling online is its own feature).
 * Answers whether the company's scheduler is enabled, read in the same statement, for the
 * disabled scheduler's check that follows.
 */
export async function admitWrite(db: Database, session: AuthenticatedSession): Promise<{ schedulerEnabled: boolean }> {
  const state = await findWriteState(db, session);
  if (!state || !state.officeActive) throw new UnauthorizedError();
  if (state.orderConfirmed) throw new OrderConfirmedError();
  return { schedulerEnabled: state.schedulerEnabled };
}
