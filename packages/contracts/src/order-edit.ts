import { z } from 'zod';
import { SPECIAL_NOTE_MAX } from './confirm.ts';
import { INT32_MAX } from './int32.ts';
import { safeText } from './people-basics.ts';
import { MAX_CLIENTS, MAX_CONTACTS, PERSON_FIELD_MAX } from './people.ts';
import { MAX_CENTS } from './pricing.ts';
import { setAddressBodySchema } from './address.ts';
import { setPropertyInfoBodySchema } from './property.ts';
import { CONTROL_TYPES, controlOptionSchema } from './property-controls.ts';

/**
 * The office's edit of a confirmed order (issue 41 item 1, decision 0063): its package and
 * services, a line's price or a discount with the reason, and its special note. The edit names
 * the version of the order it was made from (its change_sequence): a save over a newer version
 * is refused (409 `order_changed`) instead of losing the other person's change.
 */

/** The longest reason a price change or discount may carry. */
export const EDIT_REASON_MAX = 200;
/** The most lines one edit may price by hand (an order has at most one package and 200 services). */
export const EDIT_PRICES_MAX = 201;

const uuid = z.uuid();
const cents = z.number().int().min(0).max(MAX_CENTS);

export const orderEditLinePriceSchema = z
  .object({
    kind: z.enum(['package', 'service']),
    /** The package's id in decimal, or the service's uuid. */
    id: z.union([uuid, z.string().regex(/^[1-9]\d{0,9}$/, 'a package id')]),
    price_cents: cents,
  })
  .strict();

/** The fields of a client or contact the office corrects: the contacts step's own bounds (spec 5.4). */
export const orderEditPersonSchema = z
  .object({
    /** The order's person (an id of GET …/edit's `people`). */
    id: uuid,
    first: safeText(PERSON_FIELD_MAX.first),
    last: safeText(PERSON_FIELD_MAX.last),
    email: safeText(PERSON_FIELD_MAX.email),
    mobile_phone: safeText(PERSON_FIELD_MAX.mobile_phone),
    work_phone: safeText(PERSON_FIELD_MAX.work_phone),
    home_phone: safeText(PERSON_FIELD_MAX.home_phone),
  })
  .strict();
export type OrderEditPerson = z.infer<typeof orderEditPersonSchema>;

/** A client or contact the office adds to the order: the corrected fields, and a contact's type. */
export const orderEditNewPersonSchema = orderEditPersonSchema
  .omit({ id: true })
  .extend({
    role: z.enum(['client', 'contact']),
    /** A contact's type: one the company offers (GET …/edit's `contact_types`); a client has none (null). */
    contact_type_id: z.number().int().min(1).max(INT32_MAX).nullable().default(null),
  })
  .strict();
export type OrderEditNewPerson = z.infer<typeof orderEditNewPersonSchema>;

/** The agents an edit may set from the company's directory: the buyer's agent and the listing (seller's) agent. */
export const EDITED_AGENT_ROLES = ['buyers_agent', 'sellers_agent'] as const;
export type EditedAgentRole = (typeof EDITED_AGENT_ROLES)[number];

/** An agent of the company's directory (its id there), or null to take the agent off the order. */
const directoryAgentId = z.number().int().min(1).max(INT32_MAX).nullable();

/** The agents changed: an absent role is left as it is. */
export const orderEditAgentsSchema = z
  .object({ buyers_agent: directoryAgentId.optional(), sellers_agent: directoryAgentId.optional() })
  .strict();

/** An agent as the edit shows it: the directory's id (null for an agent of no directory), name and e-mail. */
const orderEditAgentSchema = z.object({ id: z.number().int().nullable(), name: z.string(), email: z.string() });

export const consoleOrderEditBodySchema = z
  .object({
    /** The order's version the edit was made from (`version` of GET …/edit). */
    version: z.number().int().min(0).max(INT32_MAX),
    package_id: z.number().int().min(1).max(1_000_000_000).nullable(),
    service_ids: z.array(uuid).max(200),
    /** Lines priced by the office: the package's or service's own price before its fees. */
    prices: z.array(orderEditLinePriceSchema).max(EDIT_PRICES_MAX).default([]),
    /** The office's discount off the order, in cents; 0: none. */
    discount_cents: cents.default(0),
    /** Why a price was changed or a discount given: required then (400 on `reason`). */
    reason: z.string().trim().max(EDIT_REASON_MAX).default(''),
    special_note: z.string().max(SPECIAL_NOTE_MAX),
    /** Clients and contacts corrected (absent ones are left as they are). */
    people: z
      .array(orderEditPersonSchema)
      .max(MAX_CLIENTS + MAX_CONTACTS)
      .default([]),
    /** Clients and contacts added to the order. */
    added: z
      .array(orderEditNewPersonSchema)
      .max(MAX_CLIENTS + MAX_CONTACTS)
      .default([]),
    /** Clients and contacts taken off the order (ids of GET …/edit's `people`); never the last client. */
    removed: z
      .array(uuid)
      .max(MAX_CLIENTS + MAX_CONTACTS)
      .default([]),
    /** The property answers, whole, as the wizard's property step sends them (null: left as they are). */
    property: setPropertyInfoBodySchema.nullable().default(null),
    /** The buyer's and listing agents set from the directory or taken off (absent ones are left as they are). */
    agents: orderEditAgentsSchema.default({}),
    /**
     * The property's address, whole, as the wizard's address step sends it (null: left as it is).
     * Coordinates 0,0 (not verified) place it at its postal code's centre, as the wizard does.
     */
    address: setAddressBodySchema.nullable().default(null),
    /** "Book outside the inspector's area": a new address the assigned inspector does not serve is taken anyway. */
    book_outside_area: z.boolean().default(false),
    /** "Keep it anyway": a longer inspection that ends past the inspector's working hours is saved so. */
    keep_length: z.boolean().default(false),
    /** "E-mail the people concerned": the clients and agents get the order's confirmation as it now is. */
    notify: z.boolean().default(false),
  })
  .strict();
export type ConsoleOrderEditBody = z.infer<typeof consoleOrderEditBodySchema>;

const displayLineSchema = z.object({
  key: z.string(),
  kind: z.enum(['package', 'bundle-savings', 'service', 'savings', 'fee', 'coupon', 'tax']),
  label: z.string(),
  amount: z.number().int().nullable(),
});

/** GET …/orders/{id}/edit: what the edit dialog starts from. */
export const consoleOrderEditStateSchema = z.object({
  version: z.number().int(),
  package_id: z.number().int().nullable(),
  service_ids: z.array(z.string()),
  /** Each priced line's own price now (the snapshot's for lines kept), by kind and id. */
  prices: z.array(orderEditLinePriceSchema),
  discount_cents: z.number().int(),
  special_note: z.string(),
  /** The order's clients and additional contacts, as the edit may correct them. */
  people: z.array(orderEditPersonSchema.extend({ role: z.enum(['client', 'contact']) })),
  /** The contact types a contact added may have, and how many clients the order may carry. */
  contact_types: z.array(z.object({ id: z.number().int(), name: z.string() })),
  client_limit: z.number().int(),
  /** The company's property questions (spec 3.3) and the order's answers, as the property step sends them. */
  property: z.object({
    questions: z.array(
      z.object({
        id: z.number().int(),
        type: z.enum(CONTROL_TYPES),
        label: z.string(),
        length: z.number().int(),
        required: z.boolean(),
        options: z.union([z.array(controlOptionSchema), z.array(z.string())]),
      }),
    ),
    answers: setPropertyInfoBodySchema,
  }),
  /** The property's address as the address step sends it, and the states it may name. */
  address: z.object({
    address1: z.string(),
    address2: z.string(),
    city: z.string(),
    state: z.number().int().nullable(),
    postal_code: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    county: z.string(),
  }),
  states: z.array(z.object({ id: z.number().int(), abbreviation: z.string() })),
  /** The order's buyer's and listing agents (null: none). */
  agents: z.object({ buyers_agent: orderEditAgentSchema.nullable(), sellers_agent: orderEditAgentSchema.nullable() }),
  currency: z.string(),
  /** What may be ordered: the office's packages and its services that can be chosen. */
  packages: z.array(z.object({ id: z.number().int(), name: z.string(), price_cents: z.number().int() })),
  services: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      price_cents: z.number().int(),
      offered: z
        .boolean()
        .describe(
          'false: a service of the order the catalogue has dropped since, priced as booked: it may stay or be taken off, not added back',
        ),
    }),
  ),
  lines: z.array(displayLineSchema),
  total_cents: z.number().int().nullable(),
});
export type ConsoleOrderEditState = z.infer<typeof consoleOrderEditStateSchema>;

/** POST …/orders/{id}/edit/preview: the edit priced and said in words, nothing saved. */
export const consoleOrderEditPreviewSchema = z.object({
  lines: z.array(displayLineSchema),
  total_cents: z.number().int().nullable(),
  before_total_cents: z.number().int().nullable(),
  /** "Home inspection price: $425.00 → $445.00", one a change. */
  changes: z.array(z.string()),
  /** Whether the edit prices something by hand, so a reason is required. */
  reason_required: z.boolean(),
  /** The e-mail "E-mail the people concerned" sends: to whom, its subject and what it says. */
  message: z.object({ to: z.array(z.string()), subject: z.string(), text: z.string() }),
});
export type ConsoleOrderEditPreview = z.infer<typeof consoleOrderEditPreviewSchema>;

/** POST …/orders/{id}/edit: saved; the order's new version. */
export const consoleOrderEditResponseSchema = z.object({
  version: z.number().int(),
  changes: z.array(z.string()),
  total_cents: z.number().int().nullable(),
  emailed: z.array(z.string()),
});
export type ConsoleOrderEditResponse = z.infer<typeof consoleOrderEditResponseSchema>;
