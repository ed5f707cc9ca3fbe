import type { Database } from '../../db/connection.ts';
import { addMembership, ensureOrganization, isEmailVerified, ownedCompanyCount, recordAuthEvent } from './console-auth.repository.ts';

/**
 * The console side of a company signing itself up (issue 26): whether the person may found one
 * (their address confirmed, fewer than the most companies), and making them its owner.
 */
export const founders = {
  isEmailVerified: (db: Database, userId: string) => isEmailVerified(db, userId),
  ownedCompanyCount: (db: Database, userId: string) => ownedCompanyCount(db, userId),
  /** The new company's organization, with the founder as its owner; the event is recorded. */
  async makeOwner(db: Database, company: { key: string; name: string }, userId: string, at: Date): Promise<void> {
    const organizationId = await ensureOrganization(db, company);
    await addMembership(db, organizationId, userId, 'owner');
    await recordAuthEvent(db, { at, userId, organizationId, type: 'company_founded' });
  },
};
