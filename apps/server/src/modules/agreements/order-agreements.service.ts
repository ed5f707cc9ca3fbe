import type { OrderAgreements } from '@scheduler/contracts/agreements';
import type { Database } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { enqueueJobs, loadMessageFacts } from '../notifications/notifications.service.ts';
import { recordOrderEvent } from '../orders/orders.service.ts';
import { hashToken, newSessionToken } from '../sessions/tokens.ts';
import {
  agreementSignersOf,
  loadDocument,
  orderAgreementsOf,
  replaceSignerToken,
} from './order-agreements.repository.ts';
import { signingJobs } from './send-agreements.ts';

/** One order of one company, as the console's order routes have checked the member may read it. */
export interface AgreementOrderScope {
  companyId: string;
  orderId: string;
}

const iso = (instant: Date | null) => instant?.toISOString() ?? null;

/** The order's agreements as the order page shows them: status, and each signer's sent, opened and signed times. */
export async function orderAgreementsView(db: Database, scope: AgreementOrderScope): Promise<OrderAgreements> {
  const agreements = await orderAgreementsOf(db, scope.companyId, scope.orderId);
  const signers = await agreementSignersOf(
    db,
    scope.companyId,
    agreements.map((agreement) => agreement.id),
  );
  return {
    agreements: agreements.map((agreement) => ({
      id: agreement.id,
      title: agreement.title,
      version: agreement.version,
      status: agreement.status,
      signers_required: agreement.signersRequired,
      created_at: agreement.createdAt.toISOString(),
      signed_at: iso(agreement.signedAt),
      voided_at: iso(agreement.voidedAt),
      pdf_sha256: agreement.pdfSha256,
      signers: signers
        .filter((signer) => signer.agreementId === agreement.id)
        .map((signer) => ({
          id: signer.id,
          name: signer.name,
          email: signer.email,
          sent_at: iso(signer.sentAt),
          opened_at: iso(signer.openedAt),
          signed_at: iso(signer.signedAt),
        })),
    })),
  };
}

function notFound(): AppError {
  return new AppError(404, 'not_found', 'The agreement was not found.');
}

/**
 * E-mails a signer who has not signed a new link (issue 43): the old one stops opening the
 * agreement, so a link forwarded or left in an old mailbox is worth nothing once the office resends.
 */
export async function resendSigningRequest(
  db: Database,
  scope: AgreementOrderScope,
  ids: { agreementId: string; signerId: string },
  member: { userId: string; name: string },
  now: Date,
): Promise<void> {
  const agreement = (await orderAgreementsOf(db, scope.companyId, scope.orderId)).find(
    (candidate) => candidate.id === ids.agreementId,
  );
  if (!agreement) throw notFound();
  const signer = (await agreementSignersOf(db, scope.companyId, [agreement.id])).find(
    (candidate) => candidate.id === ids.signerId,
  );
  if (!signer) throw notFound();
  if (agreement.status !== 'pending' || signer.signedAt)
    throw new AppError(409, 'conflict', 'This agreement is not waiting for this signature any more.');
  const token = newSessionToken();
  await db.transaction(async (tx) => {
    const facts = await loadMessageFacts(tx, scope.companyId, scope.orderId);
    if (!facts) throw new AppError(409, 'conflict', 'This order is not booked any more.');
    await replaceSignerToken(tx, scope.companyId, signer.id, hashToken(token));
    // The new link's request and its reminders; the old link's reminders are skipped (LINK_REPLACED).
    await enqueueJobs(
      tx,
      signingJobs(
        { ...scope, agreementId: agreement.id },
        signer,
        token,
        { now, start: facts.start },
        String(now.getTime()),
      ),
    );
    await recordOrderEvent(tx, scope.companyId, scope.orderId, 'agreement_resent', {
      agreement_id: agreement.id,
      signer_id: signer.id,
      by: { kind: 'office', user_id: member.userId, name: member.name },
    });
  });
}

/** The sealed PDF of one of the order's agreements; 404 before it is sealed. */
export async function orderAgreementPdf(db: Database, scope: AgreementOrderScope, agreementId: string) {
  const agreement = (await orderAgreementsOf(db, scope.companyId, scope.orderId)).find(
    (candidate) => candidate.id === agreementId,
  );
  if (!agreement?.pdfDocumentId) throw notFound();
  const document = await loadDocument(db, scope.companyId, agreement.pdfDocumentId);
  if (!document) throw notFound();
  return document;
}
