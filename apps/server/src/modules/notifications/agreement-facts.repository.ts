import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';

/**
 * What the agreement e-mails read of an agreement when they are written (issue 43): its title and
 * state, the signer's, and the sealed PDF's bytes. The agreements module writes these rows; the
 * worker only reads them, and marks a request as sent.
 */
export async function loadAgreementForMessage(db: Executor, companyId: string, agreementId: string) {
  const [row] = await db
    .select({
      title: t.orderAgreements.title,
      status: t.orderAgreements.status,
      pdfFileName: t.documents.fileName,
      pdfSha256: t.documents.sha256,
      pdf: t.documents.content,
    })
    .from(t.orderAgreements)
    .leftJoin(
      t.documents,
      and(eq(t.documents.companyId, t.orderAgreements.companyId), eq(t.documents.id, t.orderAgreements.pdfDocumentId)),
    )
    .where(and(eq(t.orderAgreements.companyId, companyId), eq(t.orderAgreements.id, agreementId)));
  return row ?? null;
}

export async function loadSignerForMessage(db: Executor, companyId: string, signerId: string) {
  const [row] = await db
    .select({
      agreementId: t.agreementSigners.agreementId,
      signedAt: t.agreementSigners.signedAt,
      tokenHash: t.agreementSigners.tokenHash,
    })
    .from(t.agreementSigners)
    .where(and(eq(t.agreementSigners.companyId, companyId), eq(t.agreementSigners.id, signerId)));
  return row ?? null;
}

export async function markSigningRequestSent(
  db: Executor,
  companyId: string,
  signerId: string,
  at: Date,
): Promise<void> {
  await db
    .update(t.agreementSigners)
    .set({ sentAt: at })
    .where(and(eq(t.agreementSigners.companyId, companyId), eq(t.agreementSigners.id, signerId)));
}
