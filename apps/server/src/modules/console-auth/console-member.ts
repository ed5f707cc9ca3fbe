import type { ConsoleRole } from '@scheduler/contracts/console';

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
}

/**
 * The one inspector whose bookings and orders this member may read, or null for all of them: an
 * inspector member reads their own unless the company lets inspectors see everyone's. A member
 * with the inspector role but no inspector named reads nobody's (-1 matches no inspector).
 */
export function ownInspectorOnly(member: ConsoleMember): number | null {
  return member.role === 'inspector' && !member.inspectorsSeeAllOrders ? (member.inspectorId ?? -1) : null;
}
