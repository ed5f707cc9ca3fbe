import type { Executor } from '../../db/connection.ts';
import { recordAuthEvent } from './console-auth.repository.ts';
import type { ConsoleMember } from './console-member.ts';

/**
 * A console member's change that lives outside the versioned company document (the payment keys):
 * recorded in auth_audit_events with who made it and in which company, never with what they typed.
 */
export function recordMemberEvent(
  db: Executor,
  member: ConsoleMember,
  type:
    | 'payment_keys_set'
    // Webhooks (decision 0086): an endpoint made, changed or deleted, its secret shown or rotated.
    | 'webhook_endpoint_created'
    | 'webhook_endpoint_updated'
    | 'webhook_endpoint_deleted'
    | 'webhook_secret_revealed'
    | 'webhook_secret_rotated'
    // The directory's review (decision 0091): a person added online accepted, or merged into another.
    | 'directory_person_accepted'
    | 'directory_person_merged'
    // A person's erasure (decision 0101): how many webhook log copies of theirs it scrubbed, never whose.
    | 'personal_data_erased',
  at: Date,
  counts?: Record<string, number>,
): Promise<void> {
  return recordAuthEvent(db, {
    at,
    userId: member.userId,
    organizationId: member.organizationId,
    type,
    ...(counts ? { data: counts } : {}),
  });
}
