import type { ConsoleMembership, ConsoleRole } from '@scheduler/contracts/console';

/** The server's FUNNEL_ROLES (analytics.routes.ts): the office's people read the funnel, its inspectors do not. */
const FUNNEL_ROLES: readonly ConsoleRole[] = ['owner', 'admin', 'office'];

export const canReadFunnel = (membership: ConsoleMembership | null): boolean => membership !== null && FUNNEL_ROLES.includes(membership.role);
