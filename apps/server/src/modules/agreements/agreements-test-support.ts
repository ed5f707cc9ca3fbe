import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';

/**
 * A company's agreement template as the console's editor saves its first version (version 1,
 * current, active): for tests that book orders with agreements. Sent for every order unless
 * `serviceIds` names the services it is for.
 */
export async function insertAgreementTemplate(
  db: Executor,
  companyKey: string,
  template: { name: string; bodyHtml: string; serviceIds?: string[] },
): Promise<{ id: string; companyId: string }> {
  const [company] = await db.select({ id: t.companies.id }).from(t.companies).where(eq(t.companies.key, companyKey));
  if (!company) throw new Error(`no company ${companyKey}`);
  const serviceIds = template.serviceIds ?? [];
  const [row] = await db
    .insert(t.agreementTemplates)
    .values({
      companyId: company.id,
      appliesTo: { all: serviceIds.length === 0, service_ids: serviceIds, package_ids: [] },
      currentVersion: 1,
    })
    .returning({ id: t.agreementTemplates.id, companyId: t.agreementTemplates.companyId });
  await db.insert(t.agreementTemplateVersions).values({
    companyId: company.id,
    templateId: row!.id,
    version: 1,
    name: template.name,
    bodyHtml: template.bodyHtml,
    createdByName: 'Owner',
  });
  return row!;
}

/**
 * A signer signs, as the signing page does: reads the agreement through its link (`signingToken`,
 * from the agreement request e-mail's job), then signs it typed, bound to the hash it was shown.
 */
export async function signByLink(app: FastifyInstance, signingToken: string, typedName = 'Dana Whitaker') {
  const signUrl = `/demo/json/sign/${signingToken}`;
  const shown = (await app.inject({ method: 'GET', url: signUrl })).json<{ document_sha256: string }>();
  return app.inject({
    method: 'POST',
    url: signUrl,
    payload: {
      consent: true,
      typed_name: typedName,
      method: 'typed',
      signature_png: null,
      document_sha256: shown.document_sha256,
    },
  });
}
