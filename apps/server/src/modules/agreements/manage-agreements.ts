import type { ManageAgreement } from '@scheduler/contracts/manage';
import type { Executor } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import {
  agreementSignersOf,
  findSignerByEmail,
  orderAgreementsOf,
  type SigningRecord,
} from './order-agreements.repository.ts';
import { SIGNING_LINK_INVALID_MESSAGE } from './signing.service.ts';

/** A manage link as the agreements read it: whose it is, for which order. */
export interface ManageReader {
  companyId: string;
  orderId: string;
  role: string;
  recipient: string;
}

/**
 * The agreements a client's manage link shows (issue 43): each of the order's that is not voided
 * and names the link's address as a signer, with where that signer stands. Agents and contacts
 * sign nothing: none for them.
 */
export async function manageAgreements(db: Executor, reader: ManageReader): Promise<ManageAgreement[]> {
  if (reader.role !== 'client') return [];
  const agreements = (await orderAgreementsOf(db, reader.companyId, reader.orderId)).filter(
    (agreement) => agreement.status !== 'voided',
  );
  const signers = await agreementSignersOf(
    db,
    reader.companyId,
    agreements.map((agreement) => agreement.id),
  );
  return agreements.flatMap((agreement) => {
    const mine = signers.find(
      (signer) => signer.agreementId === agreement.id && signer.email.toLowerCase() === reader.recipient,
    );
    if (!mine) return [];
    const state = agreement.status === 'signed' ? 'complete' : mine.signedAt ? 'signed' : 'pending';
    return [{ id: agreement.id, title: agreement.title, state }];
  });
}

/**
 * The signer a client's manage link opens on one of the order's agreements: the client the link
 * was sent to. The same 404 as a bad signing link otherwise (an agent's link, another order's
 * agreement, a voided one, an address that does not sign it).
 */
export async function openAgreementForManageLink(
  db: Executor,
  reader: ManageReader,
  agreementId: string,
): Promise<SigningRecord> {
  const invalid = () => new AppError(404, 'signing_link_invalid', SIGNING_LINK_INVALID_MESSAGE);
  if (reader.role !== 'client') throw invalid();
  const record = await findSignerByEmail(db, { ...reader, agreementId }, reader.recipient);
  if (!record || record.agreementStatus === 'voided') throw invalid();
  return record;
}
