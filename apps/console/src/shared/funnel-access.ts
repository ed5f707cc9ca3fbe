import type { ConsoleMembership } from '@scheduler/contracts/console';
import { memberCan } from './company.ts';

/** The funnel page, and its link, by the permissions table's `funnel.read` (as the server's guard of its route). */
export const canReadFunnel = (membership: ConsoleMembership | null): boolean => memberCan(membership, 'funnel.read');
