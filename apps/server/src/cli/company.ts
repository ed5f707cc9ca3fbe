/**
 * npm run company -- import FILE   creates or replaces a company from its document
 * npm run company -- export KEY    prints a company's document
 * npm run company -- new-encryption-key ID   prints a new DATA_ENCRYPTION_KEY entry (touches no database)
 * npm run company -- reencrypt-secrets       encrypts every stored secret again under DATA_ENCRYPTION_KEY's first key
 * Uses the same configuration as the server (DATA_DIR or DATABASE_URL).
 */
import { readFile } from 'node:fs/promises';
import { loadConfig } from '../config.ts';
import { holderOfEmbeddedDatabase } from '../db/embedded-lock.ts';
import { openConfiguredDatabase } from '../db/open-configured.ts';
import { DataEncryption } from '../crypto/data-encryption.ts';
import { AppError } from '../errors.ts';
import { exportCompanyDocument, importCompanyDocument } from '../modules/company-document/companies.service.ts';
import { reencryptCalendarCredentials } from '../modules/calendar-sync/reencrypt-credentials.ts';
import { reencryptSecrets } from '../modules/payments/payments.service.ts';
import { reencryptWebhookSecrets } from '../modules/webhooks/endpoints.service.ts';

const USAGE = 'usage: npm run company -- import FILE | export KEY | new-encryption-key ID | reencrypt-secrets';

async function run(args: string[]): Promise<number> {
  const [command, argument] = args;
  if (command === 'new-encryption-key' && argument) {
    process.stdout.write(`${DataEncryption.newKeyEntry(argument)}\n`);
    return 0;
  }
  if (command !== 'reencrypt-secrets' && (!argument || (command !== 'import' && command !== 'export'))) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  if (command === 'reencrypt-secrets' && !config.DATA_ENCRYPTION_KEY) {
    process.stderr.write('DATA_ENCRYPTION_KEY is not set.\n');
    return 1;
  }
  if (!config.DATABASE_URL) {
    const holder = await holderOfEmbeddedDatabase(config.DATA_DIR);
    if (holder !== null) {
      process.stderr.write(
        `The server (process ${holder}) is using ${config.DATA_DIR}. Stop it first, or use the admin API.\n`,
      );
      return 1;
    }
  }
  const database = await openConfiguredDatabase(config);
  try {
    if (command === 'reencrypt-secrets') {
      const encryption = DataEncryption.fromEnv(config.DATA_ENCRYPTION_KEY!);
      const count = await reencryptSecrets(database.db, encryption);
      process.stdout.write(`Re-encrypted ${count} companies' payment keys under key "${encryption.currentKeyId}".\n`);
      const endpoints = await reencryptWebhookSecrets(database.db, encryption);
      process.stdout.write(
        `Re-encrypted ${endpoints} webhook endpoints' secrets under key "${encryption.currentKeyId}".\n`,
      );
      const calendars = await reencryptCalendarCredentials(database.db, encryption);
      process.stdout.write(
        `Re-encrypted ${calendars.connections} calendar connections' and ${calendars.removals} pending calendar removals' credentials under key "${encryption.currentKeyId}".\n`,
      );
    } else if (command === 'import') {
      const document: unknown = JSON.parse(await readFile(argument!, 'utf8'));
      const result = await importCompanyDocument(database.db, document);
      process.stdout.write(`${result.created ? 'Created' : 'Updated'} company "${result.key}".\n`);
    } else {
      process.stdout.write(`${JSON.stringify(await exportCompanyDocument(database.db, argument!), null, 2)}\n`);
    }
    return 0;
  } catch (error) {
    if (error instanceof AppError || error instanceof SyntaxError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

process.exitCode = await run(process.argv.slice(2));
