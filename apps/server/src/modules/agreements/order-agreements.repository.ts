import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';

/**
 * The SQL of an order's agreements (issue 43, decision 0080): what is sent at booking, what a
 * signing link opens, the signatures and the sealed document. Every statement names the company.
 */

/** An active template and its current wording: what a booking is sent. */
export interface TemplateToSend {
  templateId: string;
  version: number;
  name: string;
  bodyHtml: string;
  appliesTo: { all: boolean; service_ids: string[]; package_ids: number[] };
}

export async function activeTemplates(db: Executor, companyId: string): Promise<TemplateToSend[]> {
  return db
    .select({
      templateId: t.agreementTemplates.id,
      version: t.agreementTemplateVersions.version,
      name: t.agreementTemplateVersions.name,
      bodyHtml: t.agreementTemplateVersions.bodyHtml,
      appliesTo: t.agreementTemplates.appliesTo,
    })
    .from(t.agreementTemplates)
    .innerJoin(
      t.agreementTemplateVersions,
      and(
        eq(t.agreementTemplateVersions.templateId, t.agreementTemplates.id),
        eq(t.agreementTemplateVersions.version, t.agreementTemplates.currentVersion),
      ),
    )
    .where(and(eq(t.agreementTemplates.companyId, companyId), eq(t.agreementTemplates.active, true)))
    .orderBy(asc(t.agreementTemplates.createdAt), asc(t.agreementTemplates.id));
}

/** The order's clients, in their order on it: who signs. */
export async function orderClients(
  db: Executor,
  companyId: string,
  orderId: string,
): Promise<Array<{ id: string; person: Record<string, unknown> }>> {
  return db
    .select({ id: t.orderParties.id, person: t.orderParties.person })
    .from(t.orderParties)
    .where(
      and(
        eq(t.orderParties.companyId, companyId),
        eq(t.orderParties.orderId, orderId),
        eq(t.orderParties.role, 'client'),
      ),
    )
    .orderBy(asc(t.orderParties.position), asc(t.orderParties.id));
}

export interface NewAgreement {
  companyId: string;
  orderId: string;
  templateId: string;
  templateVersion: number;
  title: string;
  bodyHtml: string;
  documentSha256: string;
  signersRequired: 'one' | 'all';
  createdAt: Date;
  signers: Array<{ partyId: string; name: string; email: string; tokenHash: string; position: number }>;
}

/** Inserts an agreement and its signers; answers the signers' ids in the order given. */
export async function insertAgreement(
  tx: Executor,
  agreement: NewAgreement,
): Promise<{ agreementId: string; signerIds: string[] }> {
  const { signers, ...row } = agreement;
  const [inserted] = await tx.insert(t.orderAgreements).values(row).returning({ id: t.orderAgreements.id });
  const agreementId = inserted!.id;
  const signerRows = await tx
    .insert(t.agreementSigners)
    .values(signers.map((signer) => ({ ...signer, companyId: agreement.companyId, agreementId })))
    .returning({ id: t.agreementSigners.id, position: t.agreementSigners.position });
  const ids = signerRows.sort((a, b) => a.position - b.position).map((signer) => signer.id);
  return { agreementId, signerIds: ids };
}

/** A signer found by their link's token hash, with their agreement, its order and company. */
export interface SigningRecord {
  signerId: string;
  companyId: string;
  companyKey: string;
  companyName: string;
  orderId: string;
  orderStatus: 'draft' | 'confirmed' | 'cancelled';
  agreementId: string;
  agreementStatus: 'pending' | 'signed' | 'voided';
  title: string;
  bodyHtml: string;
  documentSha256: string;
  signersRequired: 'one' | 'all';
  pdfDocumentId: string | null;
  name: string;
  email: string;
  openedAt: Date | null;
  signedAt: Date | null;
}

/** A signer by their link's token hash (a page's request). */
export function findSigner(db: Executor, tokenHash: string): Promise<SigningRecord | null> {
  return selectSigner(db, eq(t.agreementSigners.tokenHash, tokenHash));
}

/** A signer of the company by id (their state after a signature). */
export function findSignerById(db: Executor, companyId: string, signerId: string): Promise<SigningRecord | null> {
  return selectSigner(db, and(eq(t.agreementSigners.companyId, companyId), eq(t.agreementSigners.id, signerId))!);
}

/** The signer of one of the order's agreements whose address is `email` (any case): a client's manage link opens it. */
export function findSignerByEmail(
  db: Executor,
  scope: { companyId: string; orderId: string; agreementId: string },
  email: string,
): Promise<SigningRecord | null> {
  return selectSigner(
    db,
    and(
      eq(t.agreementSigners.companyId, scope.companyId),
      eq(t.agreementSigners.agreementId, scope.agreementId),
      eq(t.orderAgreements.orderId, scope.orderId),
      sql`lower(${t.agreementSigners.email}) = ${email.toLowerCase()}`,
    )!,
  );
}

async function selectSigner(db: Executor, which: SQL): Promise<SigningRecord | null> {
  const [row] = await db
    .select({
      signerId: t.agreementSigners.id,
      companyId: t.agreementSigners.companyId,
      companyKey: t.companies.key,
      companyName: t.companies.name,
      orderId: t.orderAgreements.orderId,
      orderStatus: t.orders.status,
      agreementId: t.orderAgreements.id,
      agreementStatus: t.orderAgreements.status,
      title: t.orderAgreements.title,
      bodyHtml: t.orderAgreements.bodyHtml,
      documentSha256: t.orderAgreements.documentSha256,
      signersRequired: t.orderAgreements.signersRequired,
      pdfDocumentId: t.orderAgreements.pdfDocumentId,
      name: t.agreementSigners.name,
      email: t.agreementSigners.email,
      openedAt: t.agreementSigners.openedAt,
      signedAt: t.agreementSigners.signedAt,
    })
    .from(t.agreementSigners)
    .innerJoin(
      t.orderAgreements,
      and(
        eq(t.orderAgreements.companyId, t.agreementSigners.companyId),
        eq(t.orderAgreements.id, t.agreementSigners.agreementId),
      ),
    )
    .innerJoin(
      t.orders,
      and(eq(t.orders.companyId, t.orderAgreements.companyId), eq(t.orders.id, t.orderAgreements.orderId)),
    )
    .innerJoin(t.companies, eq(t.companies.id, t.agreementSigners.companyId))
    .where(which);
  return row ?? null;
}

/** Records the first opening (time and address); answers whether this was it. */
export async function markOpened(
  db: Executor,
  companyId: string,
  signerId: string,
  at: Date,
  ip: string,
): Promise<boolean> {
  const rows = await db
    .update(t.agreementSigners)
    .set({ openedAt: at, openedIp: ip })
    .where(
      and(
        eq(t.agreementSigners.companyId, companyId),
        eq(t.agreementSigners.id, signerId),
        isNull(t.agreementSigners.openedAt),
      ),
    )
    .returning({ id: t.agreementSigners.id });
  return rows.length > 0;
}

/** Locks the agreement for a signature (two signers at once land one after the other); its status. */
export async function lockAgreement(
  tx: Executor,
  companyId: string,
  agreementId: string,
): Promise<{ status: 'pending' | 'signed' | 'voided'; documentSha256: string } | null> {
  const [row] = await tx
    .select({ status: t.orderAgreements.status, documentSha256: t.orderAgreements.documentSha256 })
    .from(t.orderAgreements)
    .where(and(eq(t.orderAgreements.companyId, companyId), eq(t.orderAgreements.id, agreementId)))
    .for('update');
  return row ?? null;
}

export interface Signature {
  signedAt: Date;
  signedIp: string;
  signedUserAgent: string;
  consentText: string;
  typedName: string;
  signatureMethod: 'drawn' | 'typed';
  signaturePng: string | null;
}

/** Records a signature unless the signer has signed already; answers whether it was recorded. */
export async function recordSignature(
  tx: Executor,
  companyId: string,
  signerId: string,
  signature: Signature,
): Promise<boolean> {
  const rows = await tx
    .update(t.agreementSigners)
    .set({
      ...signature,
      // A signer who signs without the page's GET (an API call) has opened it now.
      openedAt: sql`coalesce(${t.agreementSigners.openedAt}, ${signature.signedAt.toISOString()}::timestamptz)`,
    })
    .where(
      and(
        eq(t.agreementSigners.companyId, companyId),
        eq(t.agreementSigners.id, signerId),
        isNull(t.agreementSigners.signedAt),
      ),
    )
    .returning({ id: t.agreementSigners.id });
  return rows.length > 0;
}

/** Every signer of an agreement with their evidence, in their order. */
export async function agreementSignersOf(db: Executor, companyId: string, agreementIds: readonly string[]) {
  if (agreementIds.length === 0) return [];
  return db
    .select({
      id: t.agreementSigners.id,
      agreementId: t.agreementSigners.agreementId,
      name: t.agreementSigners.name,
      email: t.agreementSigners.email,
      sentAt: t.agreementSigners.sentAt,
      openedAt: t.agreementSigners.openedAt,
      signedAt: t.agreementSigners.signedAt,
      signedIp: t.agreementSigners.signedIp,
      signedUserAgent: t.agreementSigners.signedUserAgent,
      consentText: t.agreementSigners.consentText,
      typedName: t.agreementSigners.typedName,
      signatureMethod: t.agreementSigners.signatureMethod,
      signaturePng: t.agreementSigners.signaturePng,
    })
    .from(t.agreementSigners)
    .where(and(eq(t.agreementSigners.companyId, companyId), inArray(t.agreementSigners.agreementId, [...agreementIds])))
    .orderBy(asc(t.agreementSigners.position), asc(t.agreementSigners.id));
}

/** Stores a file's bytes once; answers its id. */
export async function insertDocument(
  tx: Executor,
  document: {
    companyId: string;
    kind: 'agreement_pdf';
    fileName: string;
    contentType: string;
    sha256: string;
    content: Uint8Array;
    createdAt: Date;
  },
): Promise<string> {
  const [row] = await tx
    .insert(t.documents)
    .values({ ...document, sizeBytes: document.content.byteLength })
    .returning({ id: t.documents.id });
  return row!.id;
}

export async function markSealed(
  tx: Executor,
  companyId: string,
  agreementId: string,
  sealed: { signedAt: Date; pdfDocumentId: string },
): Promise<void> {
  await tx
    .update(t.orderAgreements)
    .set({ status: 'signed', signedAt: sealed.signedAt, pdfDocumentId: sealed.pdfDocumentId })
    .where(and(eq(t.orderAgreements.companyId, companyId), eq(t.orderAgreements.id, agreementId)));
}

export async function loadDocument(db: Executor, companyId: string, documentId: string) {
  const [row] = await db
    .select({
      fileName: t.documents.fileName,
      contentType: t.documents.contentType,
      sha256: t.documents.sha256,
      content: t.documents.content,
    })
    .from(t.documents)
    .where(and(eq(t.documents.companyId, companyId), eq(t.documents.id, documentId)));
  return row ?? null;
}

/** An order's agreements, oldest first. */
export async function orderAgreementsOf(db: Executor, companyId: string, orderId: string) {
  return db
    .select({
      id: t.orderAgreements.id,
      templateId: t.orderAgreements.templateId,
      documentSha256: t.orderAgreements.documentSha256,
      title: t.orderAgreements.title,
      version: t.orderAgreements.templateVersion,
      status: t.orderAgreements.status,
      signersRequired: t.orderAgreements.signersRequired,
      createdAt: t.orderAgreements.createdAt,
      signedAt: t.orderAgreements.signedAt,
      voidedAt: t.orderAgreements.voidedAt,
      pdfDocumentId: t.orderAgreements.pdfDocumentId,
      pdfSha256: t.documents.sha256,
    })
    .from(t.orderAgreements)
    .leftJoin(
      t.documents,
      and(eq(t.documents.companyId, t.orderAgreements.companyId), eq(t.documents.id, t.orderAgreements.pdfDocumentId)),
    )
    .where(and(eq(t.orderAgreements.companyId, companyId), eq(t.orderAgreements.orderId, orderId)))
    .orderBy(asc(t.orderAgreements.createdAt), asc(t.orderAgreements.id));
}

/** Gives a signer a new link (a resend): the old token opens nothing any more. */
export async function replaceSignerToken(
  tx: Executor,
  companyId: string,
  signerId: string,
  tokenHash: string,
): Promise<void> {
  await tx
    .update(t.agreementSigners)
    .set({ tokenHash })
    .where(and(eq(t.agreementSigners.companyId, companyId), eq(t.agreementSigners.id, signerId)));
}

/** Voids an agreement still waiting for signatures (the order it describes changed); a signed one is never touched. */
export async function voidAgreement(tx: Executor, companyId: string, agreementId: string, at: Date): Promise<void> {
  await tx
    .update(t.orderAgreements)
    .set({ status: 'voided', voidedAt: at })
    .where(
      and(
        eq(t.orderAgreements.companyId, companyId),
        eq(t.orderAgreements.id, agreementId),
        eq(t.orderAgreements.status, 'pending'),
      ),
    );
}
