import type { DataEncryption } from '../../crypto/data-encryption.ts';
import type { Executor } from '../../db/connection.ts';
import {
  connectionsNotUnderKey,
  removalsNotUnderKey,
  replaceConnectionCredentials,
  replaceRemovalCredentials,
} from './calendar-credentials.repository.ts';
import { calendarCredentialsContext } from './calendar-sync-deps.ts';
import { removalCredentialsContext } from './write-calendar-jobs.ts';

/** What a rotation's re-encryption rewrote (README, "DATA_ENCRYPTION_KEY and its rotation"). */
export interface ResealedCalendarCredentials {
  connections: number;
  removals: number;
}

interface SealedRow {
  id: string;
  companyId: string;
  credentialsEncrypted: string;
}

/**
 * Seals every inspector's calendar credentials again under DATA_ENCRYPTION_KEY's first key, each
 * under its own row's context, as the payment and webhook secrets are: after it, the older keys
 * can leave DATA_ENCRYPTION_KEY without a connection needing to be made again. A credential
 * under a key that is no longer listed cannot be opened, and stops the run with the decryption's
 * error (nothing after it is lost: what was rewritten stays rewritten, and a second run goes on).
 */
export async function reencryptCalendarCredentials(
  db: Executor,
  encryption: DataEncryption,
  pageSize = 100,
): Promise<ResealedCalendarCredentials> {
  return {
    connections: await reseal(
      (after) => connectionsNotUnderKey(db, encryption.currentKeyId, after, pageSize),
      (row) => calendarCredentialsContext(row.companyId, row.id),
      (row) => replaceConnectionCredentials(db, row),
    ),
    removals: await reseal(
      (after) => removalsNotUnderKey(db, encryption.currentKeyId, after, pageSize),
      (row) => removalCredentialsContext(row.companyId, row.id),
      (row) => replaceRemovalCredentials(db, row),
    ),
  };

  async function reseal(
    page: (after: string | null) => Promise<SealedRow[]>,
    contextOf: (row: SealedRow) => string,
    replace: (row: SealedRow & { read: string }) => Promise<boolean>,
  ): Promise<number> {
    let rewritten = 0;
    for (let after: string | null = null; ;) {
      const rows = await page(after);
      if (rows.length === 0) return rewritten;
      for (const row of rows) {
        const context = contextOf(row);
        const again = encryption.encrypt(encryption.decrypt(row.credentialsEncrypted, context), context);
        // A row a sync changed since it was read keeps the newer credentials (sealed by the server).
        if (await replace({ ...row, read: row.credentialsEncrypted, credentialsEncrypted: again })) rewritten++;
      }
      after = rows.at(-1)!.id;
    }
  }
}
