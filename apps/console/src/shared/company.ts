import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { CONFIGURATION_ROLES } from '@scheduler/contracts/configuration';
import { BOOKING_ROLES, type ConsoleMembership } from '@scheduler/contracts/console';
import { meQueryOptions } from './queries.ts';

/** The company the page's URL names and the signed-in person's membership of it (null: none). */
export function useCompany(): { companyKey: string; membership: ConsoleMembership | null } {
  const companyKey = useParams().companyKey ?? '';
  const me = useQuery(meQueryOptions());
  return { companyKey, membership: me.data?.memberships.find((m) => m.company_key === companyKey) ?? null };
}

/** Owners and admins run the team (Better Auth's organization roles that may invite and change members). */
export const canManageTeam = (membership: ConsoleMembership | null): boolean => membership?.role === 'owner' || membership?.role === 'admin';

/** Owners and admins change the configuration (settings, inspectors, history); office and inspectors see none of it. */
export const canConfigure = (membership: ConsoleMembership | null): boolean => membership !== null && CONFIGURATION_ROLES.includes(membership.role);

/** Owners, admins and office staff change bookings on a client's behalf. */
export const canChangeBookings = (membership: ConsoleMembership | null): boolean => membership !== null && BOOKING_ROLES.includes(membership.role);

/** A page inside the console to return to after signing in: only a path of ours, never another site. */
export function safeReturnPath(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : '/';
}
