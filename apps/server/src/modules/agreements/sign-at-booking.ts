import { ESIGN_CONSENT_TEXT, type AgreementSettings, type AgreementSignature } from '@scheduler/contracts/agreements';
import type { Executor } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { recordOrderEvent } from '../orders/orders.service.ts';
import { loadAgreementSettings } from './agreement-settings.repository.ts';
import {
  agreementSignersOf,
  findSignerById,
  orderAgreementsOf,
  recordSignature,
} from './order-agreements.repository.ts';
import {
  AGREEMENT_CHANGED_MESSAGE,
  checkedSignature,
  sealWhenComplete,
  type SignerRequest,
} from './signing.service.ts';

/** What of the order decides who may sign on the review. */
export interface BookingPerson {
  /** The office booked it by phone: the person at the keyboard is not the client. */
  bookedByUserId: string | null;
  /** The visitor's role (spec 3.7): a home owner or buyer is a client; an agent or another person is not. */
  userType: { type: string } | null;
}

export const SIGN_BEFORE_CONFIRM_MESSAGE = 'Read and sign the agreement before you confirm the inspection.';

/**
 * Whether the person booking signs on the review (issue 43): the company signs at booking, the
 * visitor booked for themselves as a client, and not the office on the phone. A buyer's agent
 * never signs for the client: their booking's agreement goes to the client by e-mail.
 */
export function signsAtBooking(settings: AgreementSettings, person: BookingPerson): boolean {
  return (
    settings.signing === 'at_booking' &&
    person.bookedByUserId === null &&
    (person.userType?.type === 'CLIENT_HOMEOWNER' || person.userType?.type === 'CLIENT_BUYER')
  );
}

/**
 * Takes the client's signature given on the review, in the confirm's transaction, after the
 * order's agreements were made (`agreementsAtBooking`): the first client signs each one, bound to
 * the document the review showed (its template and SHA-256; any other is a 409 and nothing is
 * booked). Each agreement that signature completes is sealed. Without a signature where the company
 * asks for one at booking, nothing is booked (400 naming `agreement_signature`); a signature given
 * where it is not asked for (the setting changed meanwhile) is left to the e-mail.
 */
export async function signAtBooking(
  tx: Executor,
  scope: { companyId: string; orderId: string },
  person: BookingPerson,
  signature: AgreementSignature | undefined,
  request: SignerRequest,
  now: Date,
): Promise<void> {
  const settings = await loadAgreementSettings(tx, scope.companyId);
  if (!signsAtBooking(settings, person)) return;
  const agreements = (await orderAgreementsOf(tx, scope.companyId, scope.orderId)).filter(
    (agreement) => agreement.status === 'pending',
  );
  const signers = await agreementSignersOf(
    tx,
    scope.companyId,
    agreements.map((agreement) => agreement.id),
  );
  // Nobody to sign (no agreement applies, or no client has an e-mail): nothing to ask.
  const signed = agreements.flatMap((agreement) => {
    const first = signers.find((signer) => signer.agreementId === agreement.id);
    return first ? [{ agreement, signer: first }] : [];
  });
  if (signed.length === 0) return;
  if (!signature) throw new AppError(400, 'invalid_request', SIGN_BEFORE_CONFIRM_MESSAGE, 'agreement_signature');
  const shown = new Map(signature.documents.map((document) => [document.template_id, document.document_sha256]));
  const sameDocuments =
    shown.size === agreements.length &&
    agreements.every((agreement) => shown.get(agreement.templateId) === agreement.documentSha256);
  if (!sameDocuments) throw new AppError(409, 'agreement_changed', AGREEMENT_CHANGED_MESSAGE, 'agreement_signature');
  const signaturePng = checkedSignature(signature);
  for (const { agreement, signer } of signed) {
    await recordSignature(tx, scope.companyId, signer.id, {
      signedAt: now,
      signedIp: request.ip,
      signedUserAgent: request.userAgent.slice(0, 1000),
      consentText: ESIGN_CONSENT_TEXT,
      typedName: signature.typed_name,
      signatureMethod: signature.method,
      signaturePng,
    });
    await recordOrderEvent(tx, scope.companyId, scope.orderId, 'agreement_signed', {
      agreement_id: agreement.id,
      signer_id: signer.id,
      method: signature.method,
      ip: request.ip,
      at_booking: true,
    });
    const record = await findSignerById(tx, scope.companyId, signer.id);
    if (record) await sealWhenComplete(tx, record, now);
  }
}
