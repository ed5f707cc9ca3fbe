import { z } from 'zod';
import { INT32_MAX } from './int32.ts';
import { withAcceptableText } from './text.ts';
import { MANAGE_TOKEN_PATTERN } from './manage-limits.ts';

/**
 * The company's inspection agreement, signed online by the client (issue 43, decision 0080).
 *
 * - A **template** (console, owner/admin) is a rich-text body with `{placeholders}` filled from the
 *   order, chosen for an order by what it booked. Every save of its wording is a new **version**;
 *   nothing signed ever points at a wording that can change.
 * - At booking, each template that applies becomes an **order agreement**: the version filled with
 *   the order, frozen as the HTML the signers are shown, and the SHA-256 of that HTML.
 * - Each client with an e-mail is a **signer** with a signing link of their own (a token like the
 *   manage link's: 256 random bits, only its hash stored). The company says whether one client's
 *   signature completes the agreement or every client's.
 * - When it is complete the server seals it: a PDF of the document and a page of evidence (each
 *   signer's name, e-mail, signature, time with the zone, IP address and browser), stored with its
 *   own SHA-256, e-mailed to the client and the office, and never changed afterwards.
 */

/** The path of the signing page under a company: `/{company_key}/sign/{token}`. */
export const SIGNING_PAGE_SEGMENT = 'sign';

/** A signing link's token: the same shape as a manage link's (43 base64url characters). */
export const signingTokenSchema = z.string().regex(MANAGE_TOKEN_PATTERN, 'a signing link token');

export const AGREEMENT_NAME_MAX = 120;
/** The longest template body, in characters of HTML. */
export const AGREEMENT_BODY_MAX = 100_000;
export const AGREEMENT_TEMPLATES_MAX = 50;
export const TYPED_NAME_MAX = 120;
/** A drawn signature is a PNG data URL of at most this many characters (about 150 KB of image). */
export const SIGNATURE_DATA_URL_MAX = 200_000;
export const LICENCE_NUMBER_MAX = 100;
/** The most hours before an inspection an unsigned agreement may be flagged from: 30 days. */
export const MAX_WARN_HOURS = 720;

const instant = z.iso.datetime({ offset: true });
const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256, 64 lower-case hex digits');

/** The placeholders an agreement may use, each with what it becomes (the console lists them). */
export const AGREEMENT_PLACEHOLDERS = [
  { name: 'company_name', meaning: "the company's name" },
  { name: 'licence_number', meaning: "the company's licence number (Agreements' settings)" },
  { name: 'client_name', meaning: "the clients' names" },
  { name: 'address', meaning: "the property's address" },
  { name: 'datetime', meaning: "the inspection's date and time, with the office's time zone" },
  { name: 'inspectors', meaning: "the inspectors' names" },
  { name: 'services', meaning: 'the packages and services booked' },
  { name: 'price_lines', meaning: 'the price lines and the total they add up to, one a line' },
  { name: 'total', meaning: 'the total' },
  { name: 'agent_name', meaning: "the buyer's agent's name and agency, or 'none'" },
  { name: 'order_reference', meaning: "the order's number" },
  { name: 'office_name', meaning: "the office's name" },
  { name: 'office_phone', meaning: "the office's phone" },
  { name: 'today', meaning: 'the date the agreement was sent' },
] as const;
export type AgreementPlaceholder = (typeof AGREEMENT_PLACEHOLDERS)[number]['name'];

// ---------------------------------------------------------------------------------------------
// The company's settings and templates (console, `agreements.manage`).
// ---------------------------------------------------------------------------------------------

/** `companies.agreement_settings`. */
export const agreementSettingsSchema = withAcceptableText(
  z
    .object({
      /** `all`: every client with an e-mail signs; `one`: the first client's signature completes it. */
      signers: z.enum(['one', 'all']),
      /** The company's licence number, for `{licence_number}` ('' when none). */
      licence_number: z.string().trim().max(LICENCE_NUMBER_MAX),
      /**
       * When the client signs: `after_booking`, from the e-mail sent with the confirmation (and
       * its reminders); `at_booking`, on the wizard's review before Confirm, when the person
       * booking is a client (an agent or other person booking leaves it to the e-mail).
       */
      signing: z.enum(['after_booking', 'at_booking']),
      /**
       * How many hours before the inspection an unsigned agreement is flagged to the office (the
       * schedule, the order page, the inspector's view); null: flagged whenever it is unsigned.
       */
      warn_hours_before: z.number().int().min(1).max(MAX_WARN_HOURS).nullable(),
    })
    .strict(),
);
export type AgreementSettings = z.infer<typeof agreementSettingsSchema>;
export const DEFAULT_AGREEMENT_SETTINGS: AgreementSettings = {
  signers: 'all',
  licence_number: '',
  signing: 'after_booking',
  warn_hours_before: 48,
};

/** Which orders a template is sent for: every order, or those that booked one of the listed packages or services. */
export const agreementAppliesToSchema = z
  .object({
    all: z.boolean(),
    service_ids: z.array(z.uuid()).max(500),
    package_ids: z.array(z.number().int().min(0).max(INT32_MAX)).max(500),
  })
  .strict()
  .refine((value) => value.all || value.service_ids.length > 0 || value.package_ids.length > 0, {
    message: 'choose every order, or at least one package or service',
    path: ['all'],
  });
export type AgreementAppliesTo = z.infer<typeof agreementAppliesToSchema>;

/** POST (create) and PUT (a new version) of a template. The body is sanitised by the server. */
export const agreementTemplateInputSchema = withAcceptableText(
  z
    .object({
      name: z.string().trim().min(1).max(AGREEMENT_NAME_MAX),
      body_html: z.string().trim().min(1).max(AGREEMENT_BODY_MAX),
      applies_to: agreementAppliesToSchema,
      /** An inactive template is sent for no new order; what was sent stays. */
      active: z.boolean(),
    })
    .strict(),
);
export type AgreementTemplateInput = z.infer<typeof agreementTemplateInputSchema>;

export const agreementTemplateVersionSchema = z.object({
  version: z.number().int().min(1),
  created_at: instant,
  /** Who saved it, as they were named then. */
  created_by: z.string(),
});

/** GET …/agreements/:template_id/versions/:version: a past wording, read-only. */
export const agreementTemplateVersionDetailSchema = agreementTemplateVersionSchema.extend({
  name: z.string(),
  /** As sanitised when it was saved. */
  body_html: z.string(),
});
export type AgreementTemplateVersionDetail = z.infer<typeof agreementTemplateVersionDetailSchema>;

export const agreementTemplateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The current version's body, as sanitised. */
  body_html: z.string(),
  applies_to: agreementAppliesToSchema,
  active: z.boolean(),
  /** The current version. */
  version: z.number().int().min(1),
  /** Every version, newest first. */
  versions: z.array(agreementTemplateVersionSchema),
  updated_at: instant,
});
export type AgreementTemplate = z.infer<typeof agreementTemplateSchema>;

/** GET …/agreements: the templates, the settings and the placeholders a body may use. */
export const agreementTemplatesSchema = z.object({
  templates: z.array(agreementTemplateSchema),
  settings: agreementSettingsSchema,
  placeholders: z.array(z.object({ name: z.string(), meaning: z.string() })),
});
export type AgreementTemplates = z.infer<typeof agreementTemplatesSchema>;

/** POST …/agreements/preview: a body filled with a sample order, as a signer would read it. */
export const agreementPreviewBodySchema = withAcceptableText(
  z.object({ body_html: z.string().trim().min(1).max(AGREEMENT_BODY_MAX) }).strict(),
);
export type AgreementPreviewBody = z.infer<typeof agreementPreviewBodySchema>;
export const agreementPreviewSchema = z.object({ html: z.string() });

// ---------------------------------------------------------------------------------------------
// An order's agreements (console order page: `orders.read`; resend: `orders.change`).
// ---------------------------------------------------------------------------------------------

export const AGREEMENT_STATUSES = ['pending', 'signed', 'voided'] as const;
export type AgreementStatus = (typeof AGREEMENT_STATUSES)[number];

export const agreementSignerSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  /** The link was last e-mailed at (null: not yet sent: the message is queued). */
  sent_at: instant.nullable(),
  /** First opened at, or null. */
  opened_at: instant.nullable(),
  signed_at: instant.nullable(),
});
export type AgreementSigner = z.infer<typeof agreementSignerSchema>;

export const orderAgreementSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  /** The template's version the order was sent. */
  version: z.number().int().min(1),
  status: z.enum(AGREEMENT_STATUSES),
  /** `one` or `all` of the signers, as the company's setting was when it was sent. */
  signers_required: z.enum(['one', 'all']),
  created_at: instant,
  /** When it was complete and sealed. */
  signed_at: instant.nullable(),
  voided_at: instant.nullable(),
  /** The SHA-256 of the sealed PDF, or null before it is sealed. */
  pdf_sha256: sha256Hex.nullable(),
  signers: z.array(agreementSignerSchema),
});
export type OrderAgreement = z.infer<typeof orderAgreementSchema>;

/** GET …/orders/:order_id/agreements. */
export const orderAgreementsSchema = z.object({ agreements: z.array(orderAgreementSchema) });
export type OrderAgreements = z.infer<typeof orderAgreementsSchema>;

// ---------------------------------------------------------------------------------------------
// Signing (the signer's link: the token is the credential).
// ---------------------------------------------------------------------------------------------

/**
 * The words the signer consents with (US ESIGN §101(c): consent to electronic records, after
 * being told they may ask for paper). Kept verbatim with each signature, so a change of these
 * words never changes what an earlier signer agreed to.
 */
export const ESIGN_CONSENT_TEXT =
  'I agree to sign this agreement electronically and to receive it and its signed copy electronically. I may ask the company for a paper copy at no charge, and may withdraw this consent by contacting the company before I sign.';

/** GET /{company_key}/json/sign/{token}: what the signing page shows. */
export const signingViewSchema = z.object({
  company_name: z.string(),
  /** The agreement's title and its document as shown, filled and sanitised. */
  title: z.string(),
  html: z.string(),
  /** The SHA-256 of `html` (UTF-8): the signature is bound to this document. */
  document_sha256: sha256Hex,
  /** The inspection's date and time with the office's zone, and the address, as a heading. */
  appointment: z.string(),
  address: z.string(),
  /** The office's time zone (IANA): the signing time is shown in it, as the appointment is. */
  time_zone: z.string(),
  signer: z.object({
    name: z.string(),
    signed_at: instant.nullable(),
  }),
  /** `pending`: this signer may sign; `signed`: they have; `complete`: the agreement is sealed (the PDF is ready). */
  state: z.enum(['pending', 'signed', 'complete']),
  consent_text: z.string(),
});
export type SigningView = z.infer<typeof signingViewSchema>;

/** A drawn signature: a PNG as a data URL. */
export const signatureDataUrlSchema = z
  .string()
  .max(SIGNATURE_DATA_URL_MAX, 'the signature is too large: clear it and sign again')
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, 'a PNG image as a data URL');

/** What a signature is made of, wherever it is given: the consent, the typed name, the drawing or not. */
const signatureFields = {
  /** The signer ticked the consent (ESIGN): nothing else is accepted. */
  consent: z.literal(true, 'consent to sign electronically is required'),
  /** The signer's full name as they type it. */
  typed_name: z.string().trim().min(1, 'type your full name').max(TYPED_NAME_MAX),
  /** `drawn`: `signature_png` is the drawing; `typed`: the typed name is the signature. */
  method: z.enum(['drawn', 'typed']),
  signature_png: signatureDataUrlSchema.nullable(),
};

const drawingWhenDrawn = {
  check: (body: { method: 'drawn' | 'typed'; signature_png: string | null }) =>
    body.method === 'typed' || body.signature_png !== null,
  message: 'draw your signature, or choose to sign with your typed name',
};

/**
 * The confirm's `agreement_signature` (the company signs "at booking"): the client's one signature
 * for every agreement the review showed, each named by its template and the hash of the document shown.
 */
export const agreementSignatureSchema = z
  .object({
    ...signatureFields,
    documents: z
      .array(z.object({ template_id: z.uuid(), document_sha256: sha256Hex }).strict())
      .min(1)
      .max(AGREEMENT_TEMPLATES_MAX),
  })
  .strict()
  .refine(drawingWhenDrawn.check, { message: drawingWhenDrawn.message, path: ['signature_png'] });
export type AgreementSignature = z.infer<typeof agreementSignatureSchema>;

/**
 * GET /{company_key}/json/online_scheduler/review_agreements: the agreements the review shows, filled
 * with the order as it would be booked now. `sign_now`: the company has clients sign at booking and
 * the person booking is a client (not an agent, not the office booking by phone), so Confirm takes
 * their signature; otherwise the list is empty and the agreements go by e-mail after booking.
 */
export const reviewAgreementsSchema = z.object({
  sign_now: z.boolean(),
  /** Who signs on the review: the order's first client with an e-mail. */
  signer_name: z.string().nullable(),
  agreements: z.array(
    z.object({
      template_id: z.uuid(),
      title: z.string(),
      html: z.string(),
      document_sha256: sha256Hex,
    }),
  ),
  consent_text: z.string(),
});
export type ReviewAgreements = z.infer<typeof reviewAgreementsSchema>;

/** POST /{company_key}/json/sign/{token}. */
export const signBodySchema = withAcceptableText(
  z
    .object({
      ...signatureFields,
      /** The hash of the document the page showed: a signature binds only the document that was read. */
      document_sha256: sha256Hex,
    })
    .strict()
    .refine(drawingWhenDrawn.check, { message: drawingWhenDrawn.message, path: ['signature_png'] }),
);
export type SignBody = z.infer<typeof signBodySchema>;
