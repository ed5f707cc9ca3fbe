import { z } from 'zod';
import { companyDocumentSchema } from '@scheduler/contracts/company-document';
import { buildApp } from '../apps/server/src/app.ts';
import { configSchema } from '../apps/server/src/config.ts';
import { openTestPglite } from '../apps/server/src/db/test-databases.ts';

/** The files under docs/ that are generated from the zod schemas, and their contents. */
export async function generatedDocs(): Promise<Record<string, string>> {
  const companySchema = z.toJSONSchema(companyDocumentSchema, { io: 'input', target: 'draft-2020-12' });
  // Only the routes are read: an empty database, the test run's migrated copy when there is one.
  const database = await openTestPglite();
  const app = await buildApp({
    db: database.db,
    config: configSchema.parse({ LOG_LEVEL: 'silent' }),
    adminToken: 'unused-when-documenting',
    pingDatabase: database.ping,
    changes: database.changes,
    webDistDir: null,
  });
  await app.ready();
  const openapi = app.swagger();
  await app.close();
  await database.close();
  return {
    'docs/company-document.schema.json': `${JSON.stringify({ title: 'Company document', ...companySchema }, null, 2)}\n`,
    'docs/api/openapi.json': `${JSON.stringify(openapi, null, 2)}\n`,
  };
}
