import type { Database, Executor } from '../../db/connection.ts';
import {
  addMembership,
  isEmailVerified,
  organizationOfCompany,
  ownedCompanyCount,
  recordAuthEvent,
} from './console-auth.repository.ts';

/**
 * The console side of a company signing itself up (issue 26): whether the person may found one
 * (their address confirmed, fewer than the most companies), and making them its owner.
 */
export const founders = {
  isEmailVerified: (db: Database, userId: string) => isEmailVerified(db, userId),
  ownedCompanyCount: (db: Database, userId: string) => ownedCompanyCount(db, userId),
  /** The founder becomes the owner of the new company's organization (made with it); the event is recorded. */
  async makeOwner(db: Executor, company: { id: string }, userId: string, at: Date): Promise<void> {
    const organizationId = await organizationOfCompany(db, company.id);
    await addMembership(db, organizationId, userId, 'owner');
    await recordAuthEvent(db, { at, userId, organizationId, type: 'company_founded' });
  },
};
