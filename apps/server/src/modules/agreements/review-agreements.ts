import { ESIGN_CONSENT_TEXT, type ReviewAgreements } from '@scheduler/contracts/agreements';
import { storedPersonName } from '@scheduler/domain/people/person-display';
import type { Executor } from '../../db/connection.ts';
import { loadMessageFacts } from '../notifications/notifications.service.ts';
import { loadAgreementSettings } from './agreement-settings.repository.ts';
import { orderClients } from './order-agreements.repository.ts';
import { applicableTemplates, filledAgreements } from './send-agreements.ts';
import { signsAtBooking, type BookingPerson } from './sign-at-booking.ts';

/** The review's answer when nothing is signed there: the agreements, if any, go by e-mail after booking. */
export const NOTHING_TO_SIGN: ReviewAgreements = {
  sign_now: false,
  signer_name: null,
  agreements: [],
  consent_text: ESIGN_CONSENT_TEXT,
};

/**
 * The agreements the review shows for signing before Confirm (issue 43): where the company signs
 * at booking and the person booking is a client, each agreement that applies, filled with the
 * draft read as it would be booked (`pricedAs`: the price the confirm would freeze now), so that
 * the document shown is, byte for byte, the one the confirm freezes and binds the signature to.
 */
export async function reviewAgreementsFor(
  db: Executor,
  scope: { companyId: string; orderId: string },
  person: BookingPerson,
  pricedAs: Record<string, unknown>,
  now: Date,
): Promise<ReviewAgreements> {
  const settings = await loadAgreementSettings(db, scope.companyId);
  if (!signsAtBooking(settings, person)) return NOTHING_TO_SIGN;
  const signer = (await orderClients(db, scope.companyId, scope.orderId)).find(
    (party) => typeof party.person.email === 'string' && party.person.email.trim() !== '',
  );
  if (!signer) return NOTHING_TO_SIGN;
  const templates = await applicableTemplates(db, scope);
  if (templates.length === 0) return NOTHING_TO_SIGN;
  const facts = await loadMessageFacts(db, scope.companyId, scope.orderId, { draftPricedAs: pricedAs });
  if (!facts) return NOTHING_TO_SIGN;
  const agreements = filledAgreements(templates, facts, settings, now);
  return {
    sign_now: true,
    signer_name: storedPersonName(signer.person),
    agreements: agreements.map((agreement) => ({
      template_id: agreement.templateId,
      title: agreement.title,
      html: agreement.html,
      document_sha256: agreement.documentSha256,
    })),
    consent_text: ESIGN_CONSENT_TEXT,
  };
}
