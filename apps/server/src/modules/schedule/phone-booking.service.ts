import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { ConsoleMember } from '../console-auth/console-member.ts';
import { startSession } from '../sessions/sessions.service.ts';
import { loadOffices } from './console-schedule.repository.ts';

/**
 * A wizard session for the office to book a caller (issue 25): a draft order that records the
 * member booking it. The wizard then shows the office's own options (office_booking on the order),
 * and its office-only hold asks for the member's sign-in as well as the session's token.
 */
export async function startPhoneBooking(
  ctx: Pick<AppContext, 'db' | 'config'>,
  member: ConsoleMember,
  officeUuid: string | undefined,
  now: Date,
): Promise<{ url: string; order_id: string; token: string; office_uuid: string }> {
  const offices = await loadOffices(ctx.db, member.companyId);
  const office = officeUuid ? offices.find((candidate) => candidate.id === officeUuid) : offices[0];
  if (!office) throw new AppError(400, 'invalid_request', 'No such office takes bookings.', 'office_uuid');
  const { token, orderId } = await startSession(
    ctx.db,
    { ttlDays: ctx.config.SESSION_TTL_DAYS },
    member.companyKey,
    office.id,
    now,
    { bookedBy: { userId: member.userId, name: member.userName } },
  );
  // try=1: the office books a caller whether or not the scheduler takes visitors now (issue 39).
  const query = new URLSearchParams({ t: token, office: office.id, try: '1' });
  return {
    url: `/${encodeURIComponent(member.companyKey)}/online-scheduler?${query.toString()}`,
    order_id: orderId,
    token,
    office_uuid: office.id,
  };
}
