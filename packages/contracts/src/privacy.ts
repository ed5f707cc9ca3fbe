import { z } from 'zod';

/**
 * A person's request about their personal data (issue 49, decision 0078): the office finds what
 * the company holds of the person by their e-mail, hands them a copy (the export), and erases it
 * from every order whose inspection is over. Erased fields hold this marker instead, so that the
 * order, its prices and its audit trail stay the company's records while nobody can read whose
 * they were.
 */
export const ERASED_MARKER = '(erased)';

/** The e-mail the person asking is known by on the company's orders (any case). */
export const privacyEmailSchema = z.string().trim().max(254).pipe(z.email());

/** The query of the lookup and of the export. */
export const privacyQuerySchema = z.object({ email: privacyEmailSchema }).strict();
export type PrivacyQuery = z.infer<typeof privacyQuerySchema>;

/** What a person is on an order. */
export const PARTY_ROLES = ['client', 'buyers_agent', 'sellers_agent', 'insurance_agent', 'contact'] as const;
export type PartyRole = (typeof PARTY_ROLES)[number];

const instant = z.iso.datetime({ offset: true });

/** One order the person is on, as the lookup lists it. */
export const privacyOrderSchema = z.object({
  id: z.uuid(),
  /** The order number the e-mails print ("F80ADF62"). */
  reference: z.string(),
  status: z.enum(['draft', 'confirmed', 'cancelled']),
  /** The inspection's start, or null for a draft without a time. */
  datetime: instant.nullable(),
  /** The office's time zone, in which `datetime` is shown. */
  time_zone: z.string(),
  /** What the person is on it: the client, an agent, an additional contact (several at once is possible). */
  roles: z.array(z.enum(PARTY_ROLES)).min(1),
  /** When its personal data was erased (on a request, or after the company's years), else null. */
  erased_at: instant.nullable(),
  /**
   * Why an erasure leaves it as it is: `upcoming`, its inspection is still to come (the office
   * cancels it first if the person wants it gone); null when an erasure takes it.
   */
  kept: z.enum(['upcoming']).nullable(),
});
export type PrivacyOrder = z.infer<typeof privacyOrderSchema>;

/** GET …/privacy/orders?email=: the orders the person is on, newest inspection first, and whether the company's directory lists them. */
export const privacyLookupSchema = z.object({
  email: z.string(),
  orders: z.array(privacyOrderSchema),
  /** How many of the company's directory contacts (configuration, People) have this e-mail: an erasure leaves them to the People page. */
  directory_contacts: z.number().int().min(0),
});
export type PrivacyLookup = z.infer<typeof privacyLookupSchema>;

const exportedPersonSchema = z.object({
  role: z.enum(PARTY_ROLES),
  /** The person as entered on the order: names, e-mail, phones, and the rest of their form. */
  person: z.record(z.string(), z.unknown()),
});

/**
 * The person's own signing of an agreement, as stored (decision 0101): never a co-signer's. After
 * an erasure the name and typed name hold the marker and the rest is empty.
 */
const exportedSigningSchema = z.object({
  name: z.string(),
  email: z.string(),
  sent_at: instant.nullable(),
  opened_at: instant.nullable(),
  opened_ip: z.string().nullable(),
  signed_at: instant.nullable(),
  signed_ip: z.string().nullable(),
  /** The browser they signed from, as it announced itself. */
  signed_user_agent: z.string().nullable(),
  /** The words they consented to when signing. */
  consent_text: z.string().nullable(),
  typed_name: z.string().nullable(),
  signature_method: z.enum(['drawn', 'typed']).nullable(),
  /** A drawn signature, as the PNG data URL it was sent as. */
  signature_png: z.string().nullable(),
});

/**
 * An agreement of the order in the export: its title and version, its state, and the person's
 * own signing (a client's order lists every agreement of it, an agent's or contact's only those
 * they sign). Its text is not copied: it names the co-signers.
 */
const exportedAgreementSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  template_version: z.number().int(),
  status: z.enum(['pending', 'signed', 'voided']),
  created_at: instant,
  /** When the last signature it needs was given; null until then. */
  signed_at: instant.nullable(),
  voided_at: instant.nullable(),
  /** The person's own signing of it (none when they are not a signer of it). */
  signings: z.array(exportedSigningSchema),
});

/** One order in the export: everything of it that is the person's, or about them. */
export const privacyExportOrderSchema = privacyOrderSchema.omit({ kept: true }).extend({
  created_at: instant,
  /** The inspected property's address: the client's (null on an order where the person is not the client). */
  address: z
    .object({
      address1: z.string(),
      address2: z.string(),
      city: z.string(),
      postal_code: z.string(),
      county: z.string(),
    })
    .nullable(),
  /** The person's own entries on the order (one per role). */
  people: z.array(exportedPersonSchema),
  /** The client's note to the company, and the words they gave when cancelling (clients only; empty otherwise). */
  special_note: z.string(),
  cancel_reason: z.string(),
  /** The messages the company sent the person about this order. */
  messages: z.array(
    z.object({ kind: z.string(), recipient: z.string(), state: z.string(), sent_at: instant.nullable() }),
  ),
  /** The office's internal notes on the order (the client's orders only). */
  notes: z.array(z.object({ body: z.string(), author_name: z.string(), created_at: instant })),
  /** The payments recorded on the order (the client's orders only), in the company's currency's smallest unit. */
  payments: z.array(z.object({ kind: z.string(), amount_cents: z.number().int(), method: z.string(), at: instant })),
  /** The order's agreements: all of a client's order, those the person signs on any other (decision 0101). */
  agreements: z.array(exportedAgreementSchema),
});
export type PrivacyExportOrder = z.infer<typeof privacyExportOrderSchema>;

/** GET …/privacy/export?email=: the person's data, as a file they can be given. */
export const privacyExportSchema = z.object({
  email: z.string(),
  company: z.object({ key: z.string(), name: z.string() }),
  exported_at: instant,
  orders: z.array(privacyExportOrderSchema),
  /** The company's directory entries (People) with this e-mail, as configured. */
  directory_contacts: z.array(z.record(z.string(), z.unknown())),
});
export type PrivacyExport = z.infer<typeof privacyExportSchema>;

/** POST …/privacy/erase. */
export const privacyEraseBodySchema = z.object({ email: privacyEmailSchema }).strict();
export type PrivacyEraseBody = z.infer<typeof privacyEraseBodySchema>;

/**
 * What an erasure did: the orders it erased and those it kept (upcoming). The company's directory
 * (People) is configuration with a history: an entry there is removed on the People page.
 */
export const privacyEraseResultSchema = z.object({
  erased: z.array(z.object({ id: z.uuid(), reference: z.string() })),
  kept: z.array(privacyOrderSchema),
});
export type PrivacyEraseResult = z.infer<typeof privacyEraseResultSchema>;

/**
 * The company document's `privacy` section: how long the company keeps its clients' personal
 * data on orders whose inspection is over. Null keeps it (the default: a company's records);
 * a number of years erases it that long after the inspection, as a request would, by the
 * pruning job (the order and its figures stay).
 */
export const privacySettingsSchema = z
  .object({
    client_data_years: z.number().int().min(1).max(50).nullable().default(null),
  })
  .strict();
export type PrivacySettings = z.output<typeof privacySettingsSchema>;
