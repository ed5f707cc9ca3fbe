import type { ConsoleRole } from '@scheduler/contracts/console';
import { can, reach, type Action } from '@scheduler/domain/permissions';

/** A person's place in one company, as the console's routes check it. */
export interface ConsoleMember {
  userId: string;
  userName: string;
  companyId: string;
  companyKey: string;
  companyName: string;
  organizationId: string;
  role: ConsoleRole;
  /** The inspector this person is (inspector role); null otherwise. */
  inspectorId: number | null;
  /** The company's console setting: inspector members read every inspector's bookings, not only their own. */
  inspectorsSeeAllOrders: boolean;
  /** The company's console setting: office staff read the payments page (decision 0083). */
  officeSeesPayments: boolean;
}

/** Whether the member may do the action (to their own row, or to another's: `own`; absent: to any row), by the one table. */
export function memberCan(member: ConsoleMember, action: Action, own?: boolean): boolean {
  return can(member.role, action, {
    settings: { inspectorsSeeAllOrders: member.inspectorsSeeAllOrders, officeSeesPayments: member.officeSeesPayments },
    ...(own === undefined ? {} : { own }),
  });
}

/**
 * The one inspector whose rows of this kind the member may read, or null for all of them, by the
 * table's reach of the action: an inspector member reads their own bookings and orders unless the
 * company lets inspectors see everyone's, and their own time off. A member whose reach is their
 * own but who is no inspector reads nobody's (-1 matches no inspector).
 */
export function ownInspectorOnly(
  member: ConsoleMember,
  action: Extract<Action, 'schedule.read' | 'orders.read' | 'time_off.read'>,
): number | null {
  return reach(member.role, action, { inspectorsSeeAllOrders: member.inspectorsSeeAllOrders }) === 'all'
    ? null
    : (member.inspectorId ?? -1);
}
