/**
 * npm run company -- import FILE   creates or replaces a company from its document
 * npm run company -- export KEY    prints a company's document
 * Uses the same configuration as the server (DATA_DIR or DATABASE_URL).
 */
import { readFile } from 'node:fs/promises';
import { loadConfig } from '../config.ts';
import { holderOfEmbeddedDatabase } from '../db/embedded-lock.ts';
import { openConfiguredDatabase } from '../db/open-configured.ts';
import { AppError } from '../errors.ts';
import { exportCompanyDocument, importCompanyDocument } from '../modules/companies/companies.service.ts';

const USAGE = 'usage: npm run company -- import FILE | export KEY';

async function run(args: string[]): Promise<number> {
  const [command, argument] = args;
  if (!argument || (command !== 'import' && command !== 'export')) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    const holder = await holderOfEmbeddedDatabase(config.DATA_DIR);
    if (holder !== null) {
      process.stderr.write(`The server (process ${holder}) is using ${config.DATA_DIR}. Stop it first, or use the admin API.\n`);
      return 1;
    }
  }
  const database = await openConfiguredDatabase(config);
  try {
    if (command === 'import') {
      const document: unknown = JSON.parse(await readFile(argument, 'utf8'));
      const result = await importCompanyDocument(database.db, document);
      process.stdout.write(`${result.created ? 'Created' : 'Updated'} company "${result.key}".\n`);
    } else {
      process.stdout.write(`${JSON.stringify(await exportCompanyDocument(database.db, argument), null, 2)}\n`);
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
