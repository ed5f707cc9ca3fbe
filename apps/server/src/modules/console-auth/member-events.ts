import type { Database } from '../../db/connection.ts';
import { recordAuthEvent } from './console-auth.repository.ts';
import type { ConsoleMember } from './console-member.ts';

/**
 * A console member's change that lives outside the versioned company document (the payment keys):
 * recorded in auth_audit_events with who made it and in which company, never with what they typed.
 */
export function recordMemberEvent(
  db: Database,
  member: ConsoleMember,
  type: 'payment_keys_set',
  at: Date,
): Promise<void> {
  return recordAuthEvent(db, { at, userId: member.userId, organizationId: member.organizationId, type });
}
