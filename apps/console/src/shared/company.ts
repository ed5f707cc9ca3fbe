import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { ConsoleMembership } from '@scheduler/contracts/console';
import { can, type Action } from '@scheduler/domain/permissions';
import { meQueryOptions } from './queries.ts';

/** The company the page's URL names and the signed-in person's membership of it (null: none). */
export function useCompany(): { companyKey: string; membership: ConsoleMembership | null } {
  const companyKey = useParams().companyKey ?? '';
  const me = useQuery(meQueryOptions());
  return { companyKey, membership: me.data?.memberships.find((m) => m.company_key === companyKey) ?? null };
}

/**
 * Whether the signed-in member may do the action, by the server's own permissions table (decision
 * 0052), to their own row or another's (`own`; absent: to any row). The membership carries what
 * the company's settings decide for it: `sees_all_orders` is the setting for an inspector, and
 * every other role reads all rows whatever it says; `office_sees_payments` opens the payments page
 * to office staff (decision 0083).
 */
export function memberCan(membership: ConsoleMembership | null, action: Action, own?: boolean): boolean {
  if (membership === null) return false;
  return can(membership.role, action, {
    settings: {
      inspectorsSeeAllOrders: membership.sees_all_orders,
      officeSeesPayments: membership.office_sees_payments,
    },
    ...(own === undefined ? {} : { own }),
  });
}

/** A page inside the console to return to after signing in: only a path of ours, never another site. */
export function safeReturnPath(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : '/';
}
