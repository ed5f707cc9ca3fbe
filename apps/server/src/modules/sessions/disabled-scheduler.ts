import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { SchedulerDisabledError } from '../../errors.ts';
import { signedInMembership } from '../console-auth/console-access.ts';
import { memberCan } from '../console-auth/console-member.ts';
import { findSchedulerEnabled } from './sessions.repository.ts';

/** A company, by its immutable id and the key its URLs name. */
export interface CompanyRef {
  id: string;
  key: string;
}

/** What the checks need of the app; the visitor guards are made before the app's context is whole. */
export type DisabledSchedulerContext = Pick<AppContext, 'db' | 'consoleAuth'>;

/**
 * Whether the person signed in to the console in this browser books for the company (owner,
 * admin, office): who may try its scheduler while it is disabled (issue 39; spec 2.2's `try=1`,
 * once open to anyone). The membership must be of this very company, by its id (house rule 18).
 */
export async function mayTryWhileDisabled(
  ctx: DisabledSchedulerContext,
  request: FastifyRequest,
  company: CompanyRef,
): Promise<boolean> {
  // No cookie, no console session: a visitor's request costs no sign-in lookup.
  if (!request.headers.cookie) return false;
  const member = await signedInMembership(ctx, request, company.key);
  return member !== null && member.companyId === company.id && memberCan(member, 'scheduler.try_disabled');
}

/**
 * Refuses a visitor's write (a session started, a time held, a confirm...) while the company's
 * scheduler is disabled, unless it comes from its own staff trying it. The setting is read fresh,
 * as the order's state is: disabling the scheduler stops the very next write.
 */
export async function admitWhileDisabled(
  ctx: DisabledSchedulerContext,
  request: FastifyRequest,
  company: CompanyRef & { enabled?: boolean },
): Promise<void> {
  const enabled = company.enabled ?? (await findSchedulerEnabled(ctx.db, company.id));
  if (enabled || (await mayTryWhileDisabled(ctx, request, company))) return;
  throw new SchedulerDisabledError();
}
