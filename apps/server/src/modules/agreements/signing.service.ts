import { createHash } from 'node:crypto';
import { ESIGN_CONSENT_TEXT, type SignBody, type SigningView } from '@scheduler/contracts/agreements';
import { agreementComplete } from '@scheduler/domain/agreements/agreement-fill';
import { orderReference } from '@scheduler/domain/order-reference';
import type { Database, Executor } from '../../db/connection.ts';
import { retryTransientConflicts } from '../../db/transient-conflict.ts';
import { AppError } from '../../errors.ts';
import { AGREEMENT_SEALED_EMAIL_JOB, type AgreementSealedPayload } from '../notifications/agreement-messages.ts';
import type { QueuedJob } from '../notifications/confirmation-jobs.ts';
import { enqueueJobs } from '../notifications/notifications.service.ts';
import { addressLine, appointmentWithZone } from '../notifications/mail-content.ts';
import { loadMessageFacts } from '../notifications/notifications.service.ts';
import { recordOrderEvent } from '../orders/orders.service.ts';
import { hashToken } from '../sessions/tokens.ts';
import {
  agreementSignersOf,
  findSigner,
  findSignerById,
  insertDocument,
  loadDocument,
  lockAgreement,
  markOpened,
  markSealed,
  recordSignature,
  type SigningRecord,
} from './order-agreements.repository.ts';
import { pngSizeOf, SIGNATURE_MAX_HEIGHT, SIGNATURE_MAX_WIDTH } from './png-size.ts';

/**
 * The PDF libraries (pdf-lib and fontkit) load with the first PDF made, not with
 * the server: about 37 MB of resident memory a server that makes no PDF never needs (issue 48).
 */
const loadPdfRenderer = () => import('./agreement-pdf.ts');

/**
 * Signing an agreement from a signer's link (issue 43, decision 0080): the link opens one signer of
 * one agreement; the page reads the document, the signer signs it once, and the signature that
 * completes the agreement seals it as a PDF in the same transaction.
 */

export const SIGNING_LINK_INVALID_MESSAGE =
  'This signing link is not valid. Please use the link in your latest e-mail about the agreement, or call the office.';
export const AGREEMENT_CHANGED_MESSAGE =
  'The agreement changed since this page was opened. Please read it again before you sign.';

function invalidLink(): AppError {
  return new AppError(404, 'signing_link_invalid', SIGNING_LINK_INVALID_MESSAGE);
}

/** What a signing route is given: the database, and what to tell when something changed. */
export interface SigningDeps {
  db: Database;
  /** Told after a signature or an opening committed: the order's page and the schedule refresh, messages go. */
  onChanged: (scope: { companyId: string; orderId: string }) => void;
}

/** Where a request came from, as the evidence keeps it. */
export interface SignerRequest {
  ip: string;
  userAgent: string;
}

/**
 * The signer a link opens, for the company the URL names; the same 404 for an unknown or replaced
 * token, another company's, a voided agreement, and one that can no longer be signed (its order
 * is not booked, and it was not signed).
 */
export async function openSigningLink(db: Executor, companyKey: string, token: string): Promise<SigningRecord> {
  const record = await findSigner(db, hashToken(token));
  if (!record || record.companyKey !== companyKey || record.agreementStatus === 'voided') throw invalidLink();
  if (record.orderStatus !== 'confirmed' && record.agreementStatus !== 'signed') throw invalidLink();
  return record;
}

async function viewOf(db: Executor, record: SigningRecord): Promise<SigningView> {
  const facts = await loadMessageFacts(db, record.companyId, record.orderId, { cancelled: true });
  if (!facts) throw invalidLink();
  return {
    company_name: record.companyName,
    title: record.title,
    html: record.bodyHtml,
    document_sha256: record.documentSha256,
    appointment: appointmentWithZone(facts),
    address: addressLine(facts.address),
    time_zone: facts.office.timeZone,
    signer: { name: record.name, signed_at: record.signedAt?.toISOString() ?? null },
    state: record.agreementStatus === 'signed' ? 'complete' : record.signedAt ? 'signed' : 'pending',
    consent_text: ESIGN_CONSENT_TEXT,
  };
}

/** The page's view; the first opening is recorded (time and address) in the order's audit trail. */
export async function signingView(
  deps: SigningDeps,
  record: SigningRecord,
  request: SignerRequest,
  now: Date,
): Promise<SigningView> {
  if (!record.openedAt && record.agreementStatus === 'pending') {
    const first = await deps.db.transaction(async (tx) => {
      if (!(await markOpened(tx, record.companyId, record.signerId, now, request.ip))) return false;
      await recordOrderEvent(tx, record.companyId, record.orderId, 'agreement_opened', {
        agreement_id: record.agreementId,
        signer_id: record.signerId,
        ip: request.ip,
      });
      return true;
    });
    if (first) deps.onChanged(record);
  }
  return viewOf(deps.db, record);
}

/** A drawn signature's PNG, checked: a PNG indeed, of bounded dimensions; null for a typed one. */
export function checkedSignature(body: Pick<SignBody, 'method' | 'signature_png'>): string | null {
  if (body.method === 'typed') return null;
  const png = body.signature_png!;
  const size = pngSizeOf(Buffer.from(png.slice(png.indexOf(',') + 1), 'base64'));
  if (!size) throw new AppError(400, 'invalid_request', 'The signature is not a PNG image.', 'signature_png');
  if (size.width > SIGNATURE_MAX_WIDTH || size.height > SIGNATURE_MAX_HEIGHT)
    throw new AppError(
      400,
      'invalid_request',
      `The signature image is larger than ${SIGNATURE_MAX_WIDTH} × ${SIGNATURE_MAX_HEIGHT} pixels.`,
      'signature_png',
    );
  return png;
}

/**
 * Signs for the link's signer, once: a second signature (another tab, a double click) answers the
 * view as it is. The signature is bound to the document the page showed (its SHA-256). Two signers
 * at once sign one after the other (the agreement's row is locked); the one whose signature
 * completes the agreement seals it.
 */
export async function signAgreement(
  deps: SigningDeps,
  record: SigningRecord,
  body: SignBody,
  request: SignerRequest,
  now: Date,
): Promise<SigningView> {
  const signaturePng = checkedSignature(body);
  const signed = await retryTransientConflicts(() =>
    deps.db.transaction(async (tx) => {
      const agreement = await lockAgreement(tx, record.companyId, record.agreementId);
      if (!agreement || agreement.status === 'voided') throw invalidLink();
      if (agreement.status === 'signed') return false;
      if (agreement.documentSha256 !== body.document_sha256)
        throw new AppError(409, 'agreement_changed', AGREEMENT_CHANGED_MESSAGE, 'document_sha256');
      const recorded = await recordSignature(tx, record.companyId, record.signerId, {
        signedAt: now,
        signedIp: request.ip,
        signedUserAgent: request.userAgent.slice(0, 1000),
        consentText: ESIGN_CONSENT_TEXT,
        typedName: body.typed_name,
        signatureMethod: body.method,
        signaturePng,
      });
      if (!recorded) return false;
      await recordOrderEvent(tx, record.companyId, record.orderId, 'agreement_signed', {
        agreement_id: record.agreementId,
        signer_id: record.signerId,
        method: body.method,
        ip: request.ip,
      });
      await sealWhenComplete(tx, record, now);
      return true;
    }),
  );
  if (signed) deps.onChanged(record);
  return viewOf(deps.db, (await findSignerById(deps.db, record.companyId, record.signerId)) ?? record);
}

/**
 * When the signers the agreement needs have all signed: renders the sealed PDF (the document and
 * the signature certificate), stores it with the SHA-256 of its bytes, marks the agreement signed
 * and queues its copy to every signer and the office.
 */
export async function sealWhenComplete(tx: Executor, record: SigningRecord, now: Date): Promise<void> {
  const signers = await agreementSignersOf(tx, record.companyId, [record.agreementId]);
  if (!agreementComplete(record.signersRequired, signers)) return;
  const facts = await loadMessageFacts(tx, record.companyId, record.orderId, { cancelled: true });
  if (!facts) throw invalidLink();
  const pdf = await (
    await loadPdfRenderer()
  ).renderSealedAgreement({
    companyName: record.companyName,
    title: record.title,
    html: record.bodyHtml,
    documentSha256: record.documentSha256,
    orderReference: orderReference(record.orderId),
    appointment: appointmentWithZone(facts),
    address: addressLine(facts.address),
    timeZone: facts.office.timeZone,
    sealedAt: now,
    signers: signers.flatMap((signer) =>
      signer.signedAt
        ? [
            {
              name: signer.name,
              email: signer.email,
              signedAt: signer.signedAt,
              ip: signer.signedIp ?? '',
              userAgent: signer.signedUserAgent ?? '',
              openedAt: signer.openedAt,
              typedName: signer.typedName ?? '',
              method: signer.signatureMethod ?? 'typed',
              signaturePng: signer.signaturePng,
              consentText: signer.consentText ?? '',
            },
          ]
        : [],
    ),
  });
  const sha256 = createHash('sha256').update(pdf).digest('hex');
  const pdfDocumentId = await insertDocument(tx, {
    companyId: record.companyId,
    kind: 'agreement_pdf',
    fileName: `agreement-${orderReference(record.orderId)}-${record.agreementId.slice(0, 8)}.pdf`,
    contentType: 'application/pdf',
    sha256,
    content: pdf,
    createdAt: now,
  });
  await markSealed(tx, record.companyId, record.agreementId, { signedAt: now, pdfDocumentId });
  await recordOrderEvent(tx, record.companyId, record.orderId, 'agreement_sealed', {
    agreement_id: record.agreementId,
    pdf_sha256: sha256,
  });
  await enqueueJobs(tx, sealedCopyJobs(record, signers, now));
}

function sealedCopyJobs(
  record: SigningRecord,
  signers: ReadonlyArray<{ id: string; email: string; name: string }>,
  now: Date,
): QueuedJob[] {
  const job = (key: string, payload: AgreementSealedPayload): QueuedJob => ({
    companyId: record.companyId,
    kind: AGREEMENT_SEALED_EMAIL_JOB,
    dedupeKey: `agreement:${record.agreementId}:sealed:${key}`,
    payload,
    runAt: now,
  });
  const base = { order_id: record.orderId, agreement_id: record.agreementId };
  return [
    ...signers.map((signer) => job(signer.id, { ...base, audience: 'client', to: signer.email, name: signer.name })),
    job('office', { ...base, audience: 'office', to: '', name: '' }),
  ];
}

/** The sealed PDF a link's agreement has, or 404 before it is sealed. */
export async function signedPdf(db: Executor, record: SigningRecord) {
  if (record.agreementStatus !== 'signed' || !record.pdfDocumentId) throw invalidLink();
  const document = await loadDocument(db, record.companyId, record.pdfDocumentId);
  if (!document) throw invalidLink();
  return document;
}
