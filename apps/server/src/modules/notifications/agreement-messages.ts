import { SIGNING_PAGE_SEGMENT } from '@scheduler/contracts/agreements';
import { MANAGE_TOKEN_PATTERN } from '@scheduler/contracts/manage';
import { orderReference } from '@scheduler/domain/order-reference';
import { addressLine, appointmentWithZone, type MessageFacts } from './mail-content.ts';
import type { MessageBranding, MessageDocument } from './message-document.ts';
import { shortAppointment } from './sms-content.ts';

/**
 * The e-mails of an order's agreement (issue 43, decision 0080): the request to sign, to each
 * signer with their own link, and the sealed copy, to the clients and the office with the PDF
 * attached. The signing token travels in the job only until the message is sent (completeJob drops
 * `signing_token`, as it drops a manage link's).
 */
export const AGREEMENT_REQUEST_EMAIL_JOB = 'agreement_request_email';
export const AGREEMENT_SEALED_EMAIL_JOB = 'agreement_sealed_email';
/** The request to sign as a text message, to a client who asked for texts: `to` is their number (E.164). */
export const AGREEMENT_REQUEST_SMS_JOB = 'agreement_request_sms';
/** A reminder to a signer who has not signed: 2 days after the request, and a day before the inspection. */
export const AGREEMENT_REMINDER_EMAIL_JOB = 'agreement_reminder_email';

export interface AgreementRequestPayload extends Record<string, unknown> {
  order_id: string;
  agreement_id: string;
  signer_id: string;
  to: string;
  name: string;
  /** The signer's link's secret: 43 characters, base64url. Removed once sent. */
  signing_token?: string;
}

export interface AgreementReminderPayload extends AgreementRequestPayload {
  /** The inspection's start it was planned for (ISO): a reminder of a moved inspection is not sent. */
  start: string;
  /** Which of the two: 2 days after sending, or a day before the inspection. */
  reminder: 'after_sending' | 'day_before';
}

export interface AgreementSealedPayload extends Record<string, unknown> {
  order_id: string;
  agreement_id: string;
  audience: 'client' | 'office';
  /** A client's address; empty for the office, which is addressed when the job runs. */
  to: string;
  name: string;
}

/** The signer's link under the configured base (house rule 15), or null without a well-formed token. */
export function signingUrl(publicBaseUrl: string, companyKey: string, token: unknown): string | null {
  if (typeof token !== 'string' || !MANAGE_TOKEN_PATTERN.test(token)) return null;
  return `${publicBaseUrl}/${encodeURIComponent(companyKey)}/${SIGNING_PAGE_SEGMENT}/${token}`;
}

/** What these e-mails leave out of a booking message: no manage button, calendar links or what to prepare. */
function noExtras(): Pick<MessageDocument, 'manage' | 'calendarLinks' | 'prepare'> {
  return { manage: null, calendarLinks: [], prepare: [] };
}

function inspectionRows(facts: MessageFacts) {
  return [
    { label: 'When', value: appointmentWithZone(facts) },
    { label: 'Where', value: addressLine(facts.address) },
  ];
}

/** The text message of a request to sign: short, the company, the title, the inspection and the signer's own link. */
export function agreementRequestText(facts: MessageFacts, title: string, url: string): string {
  return `${facts.companyName}: please review and sign "${title}" before your inspection ${shortAppointment(facts)}: ${url}`;
}

/** "Review and sign your agreement": the title, the inspection, and the signer's own link as the button. */
export function agreementRequestDocument(
  facts: MessageFacts,
  agreement: { title: string; name: string },
  url: string,
  branding: MessageBranding,
): MessageDocument {
  return {
    ...noExtras(),
    sections: [{ kind: 'rows', title: 'Your inspection', rows: inspectionRows(facts) }],
    subject: `Review and sign your agreement: ${agreement.title}`,
    preview: `${facts.companyName} asks you to sign before your inspection.`,
    heading: 'Review and sign your agreement',
    opening: [
      `Hello ${agreement.name || 'there'},`,
      `${facts.companyName} asks you to read and sign "${agreement.title}" before your inspection. It takes a minute, on your phone or computer; the link is yours alone, so please do not forward this e-mail.`,
    ],
    action: { label: 'Review and sign', url },
    contact: { name: facts.office.name, phone: facts.office.phone, email: facts.office.email },
    branding,
  };
}

/** "Please sign before your inspection": the request's words again, shorter, with the same button and link. */
export function agreementReminderDocument(
  facts: MessageFacts,
  agreement: { title: string; name: string },
  url: string,
  branding: MessageBranding,
): MessageDocument {
  const request = agreementRequestDocument(facts, agreement, url, branding);
  return {
    ...request,
    subject: 'Reminder: please sign your agreement before your inspection',
    preview: `"${agreement.title}" is still waiting for your signature.`,
    heading: 'Please sign your agreement',
    opening: [
      `Hello ${agreement.name || 'there'},`,
      `${facts.companyName} has not received your signature on "${agreement.title}" yet. Please read and sign it before your inspection; the link is yours alone, so please do not forward this e-mail.`,
    ],
  };
}

/** The signed copy: what was signed, and the PDF attached. */
export function agreementSealedDocument(
  facts: MessageFacts,
  agreement: { title: string; pdfSha256: string },
  audience: 'client' | 'office',
  branding: MessageBranding,
): MessageDocument {
  const forOffice = audience === 'office';
  return {
    ...noExtras(),
    sections: [
      {
        kind: 'rows',
        title: forOffice ? 'The inspection' : 'Your inspection',
        rows: [
          ...inspectionRows(facts),
          { label: 'Order', value: orderReference(facts.orderId) },
          { label: 'PDF SHA-256', value: agreement.pdfSha256 },
        ],
      },
    ],
    subject: forOffice
      ? `Agreement signed: ${agreement.title} (${addressLine(facts.address)})`
      : `Your signed agreement: ${agreement.title}`,
    preview: forOffice ? 'The signed agreement is attached.' : 'Your copy of the signed agreement is attached.',
    heading: forOffice ? 'Agreement signed' : 'Your signed agreement',
    opening: forOffice
      ? [`"${agreement.title}" is signed for the inspection below. The sealed PDF is attached and on the order's page.`]
      : [
          `Thank you for signing "${agreement.title}". Your copy is attached as a PDF; keep it with your records.`,
          'Its last page is the signature certificate: who signed, when and from where, and the fingerprint (SHA-256) of the document you read.',
        ],
    action: null,
    contact: forOffice ? null : { name: facts.office.name, phone: facts.office.phone, email: facts.office.email },
    branding,
  };
}
