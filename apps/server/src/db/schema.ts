/**
 * The database schema. Every tenant table carries `company_id`, and every query of a tenant's
 * data filters by it (so that the data can later be sharded by company). Catalogue rows are keyed
 * by (company_id, id) with the ids of the company document, which makes imports idempotent.
 *
 * The exclusion constraint that keeps an inspector from being booked twice is not expressible in
 * Drizzle's DSL; it lives in the hand-written migration 0001_inspector_no_overlap.sql.
 */
import { sql } from 'drizzle-orm';
import { PEOPLE_ADDED_ONLINE_FIRST_ID } from '@scheduler/contracts/company-document';
import type { Attribution } from '@scheduler/contracts/attribution';
import type { StoredPaymentSettings } from '@scheduler/contracts/company-document';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const instant = (name: string) => timestamp(name, { withTimezone: true });

/** Bytes (a sealed PDF): Buffer from node-postgres, Uint8Array from PGlite, either accepted on write. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** PostgreSQL's tstzrange, read and written in its text form, e.g. `[2026-01-01 10:00+00,2026-01-01 12:00+00)`. */
const tstzrange = customType<{ data: string }>({ dataType: () => 'tstzrange' });

export const companies = pgTable('companies', {
  id: uuid('id').primaryKey().defaultRandom(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  currency: text('currency').notNull().default('USD'),
  country: text('country').notNull().default('US'),
  schedulerEnabled: boolean('scheduler_enabled').notNull().default(true),
  logo: text('logo'),
  stateLabel: text('state_label').notNull().default('State'),
  maxClients: integer('max_clients').notNull().default(5),
  rerRushAmountCents: integer('rer_rush_amount_cents').notNull().default(0),
  /** The settings list, `[{key, value}]`, in the document's order. */
  settings: jsonb('settings')
    .$type<Array<{ key: string; value: string | number | boolean | null }>>()
    .notNull()
    .default([]),
  /** Origins of the company's own sites that may frame the wizard (CSP frame-ancestors). */
  embeddingOrigins: jsonb('embedding_origins').$type<string[]>().notNull().default([]),
  /** The document's `payments` choice: how visitors pay online. Never a secret (those are in company_payment_secrets). */
  payments: jsonb('payments').$type<StoredPaymentSettings>().notNull().default({ provider: 'link' }),
  /** The document's `booking_changes` policy: when visitors may reschedule or cancel, and the late-cancellation fee (issue 24). */
  bookingChanges: jsonb('booking_changes').$type<Record<string, unknown>>().notNull().default({}),
  /** The document's `console` section: how the company's console behaves for its people (issue 25). */
  consoleSettings: jsonb('console_settings').$type<Record<string, unknown>>().notNull().default({}),
  /** The document's `analytics` section: the company's Google tag id, for the embed's dataLayer events (issue 27). */
  analyticsSettings: jsonb('analytics_settings').$type<Record<string, unknown>>().notNull().default({}),
  /** The document's `privacy` section: how many years clients' personal data is kept after an inspection (issue 49). */
  privacySettings: jsonb('privacy_settings').$type<Record<string, unknown>>().notNull().default({}),
  /** How the company's agreements are signed (issue 43, contracts/agreements.ts `agreementSettingsSchema`); {} is the defaults. */
  agreementSettings: jsonb('agreement_settings').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const states = pgTable(
  'states',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: integer('id').notNull(),
    abbreviation: text('abbreviation').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);

export const offices = pgTable(
  'offices',
  {
    id: uuid('id').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** False once an import no longer lists the office; its sessions and orders remain. */
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull().default(0),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    state: text('state').notNull(),
    timeZone: text('time_zone').notNull(),
    address1: text('address1').notNull().default(''),
    address2: text('address2').notNull().default(''),
    city: text('city').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    logo: text('logo'),
    /** Slot granularity, buffers, notice, horizon and driving estimates: the office's `scheduling`. */
    scheduling: jsonb('scheduling').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [unique('offices_company_id_id_unique').on(t.companyId, t.id)],
);

export const inspectors = pgTable(
  'inspectors',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: integer('id').notNull(),
    officeId: uuid('office_id').notNull(),
    /** The document's own switch: an inactive inspector is kept but offered no work. */
    active: boolean('active').notNull().default(true),
    /** Set when an import no longer lists the inspector; kept for the appointments that name them. */
    removedAt: instant('removed_at'),
    first: text('first').notNull(),
    last: text('last').notNull(),
    display: text('display').notNull(),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    preferredRank: integer('preferred_rank'),
    maxInspectionsPerDay: integer('max_inspections_per_day').notNull(),
    homeLatitude: doublePrecision('home_latitude').notNull(),
    homeLongitude: doublePrecision('home_longitude').notNull(),
    homePostalCode: text('home_postal_code').notNull().default(''),
    maxDriveMiles: doublePrecision('max_drive_miles').notNull(),
    services: jsonb('services').$type<string[]>().notNull().default([]),
    postalCodes: jsonb('postal_codes').$type<string[]>().notNull().default([]),
    postalCodesByWeekday: jsonb('postal_codes_by_weekday').$type<Record<string, string[]>>().notNull().default({}),
    weeklyHours: jsonb('weekly_hours').$type<Record<string, Array<{ start: string; end: string }>>>().notNull(),
    overrides: jsonb('overrides')
      .$type<Array<{ date: string; intervals: Array<{ start: string; end: string }>; note: string }>>()
      .notNull()
      .default([]),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.officeId], foreignColumns: [offices.companyId, offices.id] }),
  ],
);

export const services = pgTable(
  'services',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    ancillary: boolean('ancillary').notNull().default(false),
    isPac: boolean('is_pac').notNull().default(false),
    label: boolean('label').notNull().default(false),
    rer: boolean('rer').notNull().default(false),
    priceCents: integer('price_cents').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    sort: integer('sort').notNull().default(0),
    /** What to prepare for it, told in the e-mails of orders that book it (issue 23). */
    prepare: text('prepare').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);

export const packages = pgTable(
  'packages',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: integer('id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    best: boolean('best').notNull().default(false),
    bestText: text('best_text').notNull().default(''),
    rer: boolean('rer').notNull().default(false),
    priceCents: integer('price_cents').notNull(),
    durationMinutes: integer('duration_minutes').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    prepare: text('prepare').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);

export const packageServices = pgTable(
  'package_services',
  {
    companyId: uuid('company_id').notNull(),
    packageId: integer('package_id').notNull(),
    serviceId: uuid('service_id').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.packageId, t.serviceId] }),
    foreignKey({ columns: [t.companyId, t.packageId], foreignColumns: [packages.companyId, packages.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.companyId, t.serviceId], foreignColumns: [services.companyId, services.id] }).onDelete(
      'cascade',
    ),
  ],
);

export const fees = pgTable(
  'fees',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    description: text('description').notNull(),
    scope: text('scope').$type<'service' | 'order'>().notNull(),
    services: jsonb('services').$type<string[]>().notNull().default([]),
    rule: jsonb('rule').$type<Record<string, unknown>>().notNull(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.code] })],
);

export const taxes = pgTable(
  'taxes',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    ratePercent: doublePrecision('rate_percent').notNull(),
    services: jsonb('services').$type<string[]>().notNull().default([]),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.code] })],
);

export const coupons = pgTable(
  'coupons',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Stored upper-case: visitors type codes in any case. */
    code: text('code').notNull(),
    displayCode: text('display_code').notNull(),
    name: text('name').notNull(),
    discount: jsonb('discount').$type<Record<string, unknown>>().notNull(),
    validFrom: text('valid_from'),
    validUntil: text('valid_until'),
    maxRedemptions: integer('max_redemptions'),
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.code] })],
);

export const propertyControls = pgTable(
  'property_controls',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: integer('id').notNull(),
    slug: text('slug').notNull(),
    type: text('type').notNull(),
    label: text('label').notNull(),
    length: integer('length').notNull().default(0),
    required: boolean('required').notNull().default(false),
    fee: boolean('fee').notNull().default(false),
    options: jsonb('options').$type<Array<{ id: number; value: string }> | string[]>().notNull().default([]),
    description: text('description').notNull().default(''),
    textBoxLabel: text('text_box_label').notNull().default(''),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);

// ---- People: the company's agents and contacts directory (issue 10, migration 0004_people) ----

/**
 * Ids of the people visitors add online (agents and contacts alike), kept clear of the ids a
 * company document gives its own people so that the two never meet (decision 0015).
 */
export const peopleAddedOnlineIds = pgSequence('people_added_online_ids', {
  startWith: PEOPLE_ADDED_ONLINE_FIRST_ID,
  minValue: PEOPLE_ADDED_ONLINE_FIRST_ID,
  maxValue: 2_147_483_647,
});

/** The person fields of spec 3.6 that agents and directory contacts share. */
const directoryPersonColumns = () => ({
  companyId: uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  id: integer('id').notNull(),
  /**
   * "directory" people come from the company document; "visitor" people were added online in the
   * wizard; "api" people were written through the public API (decision 0091). An import deletes
   * only "directory" people it does not list.
   */
  source: text('source').$type<'directory' | 'visitor' | 'api'>().notNull().default('directory'),
  /** The caller's own id of a person the public API created (`PUT /api/v1/people/ext_<id>`); unique per company. */
  externalId: text('external_id'),
  /** Added online and not yet accepted or merged by the office (issue 47, decision 0091). */
  awaitingReview: boolean('awaiting_review').notNull().default(false),
  first: text('first').notNull(),
  last: text('last').notNull(),
  email: text('email').notNull().default(''),
  mobilePhone: text('mobile_phone').notNull().default(''),
  workPhone: text('work_phone').notNull().default(''),
  homePhone: text('home_phone').notNull().default(''),
  workFax: text('work_fax').notNull().default(''),
  homeFax: text('home_fax').notNull().default(''),
  company: text('company').notNull().default(''),
  address1: text('address1').notNull().default(''),
  address2: text('address2').notNull().default(''),
  city: text('city').notNull().default(''),
  /** One of the company's state ids. */
  stateId: integer('state_id'),
  postalCode: text('postal_code').notNull().default(''),
  /**
   * Name, e-mail, company (and agency) folded to lower case without accents, kept by a trigger of
   * the migration: what the trigram index serves the searches from.
   */
  searchText: text('search_text').notNull().default(''),
});

export const agents = pgTable(
  'agents',
  {
    ...directoryPersonColumns(),
    kind: text('kind').$type<'real_estate' | 'insurance'>().notNull(),
    agency: text('agency').notNull().default(''),
    pacOptOut: boolean('pac_opt_out').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('agents_search_idx').on(t.companyId, t.kind, t.last),
    uniqueIndex('agents_external_id_idx')
      .on(t.companyId, t.externalId)
      .where(sql`external_id is not null`),
    index('agents_awaiting_review_idx')
      .on(t.companyId, t.id)
      .where(sql`awaiting_review`),
  ],
);

export const contactTypes = pgTable(
  'contact_types',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    id: integer('id').notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.id] })],
);

/** The company's contacts directory (attorneys, lenders, title companies...), searched by contact type. */
export const directoryContacts = pgTable(
  'directory_contacts',
  {
    ...directoryPersonColumns(),
    /** A contact type id of the company; no foreign key, because an import replaces the types wholesale. */
    contactTypeId: integer('contact_type_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    index('directory_contacts_type_idx').on(t.companyId, t.contactTypeId, t.last),
    uniqueIndex('directory_contacts_external_id_idx')
      .on(t.companyId, t.externalId)
      .where(sql`external_id is not null`),
    index('directory_contacts_awaiting_review_idx')
      .on(t.companyId, t.id)
      .where(sql`awaiting_review`),
  ],
);

/**
 * People merged into another by the office (issue 47, decision 0091): the duplicate's row is gone,
 * this says where it went, by whom and when, so that a repeat of the merge, or an accept of the
 * merged person, is answered with the reason rather than a bare 404.
 */
export const directoryMerges = pgTable(
  'directory_merges',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'agent' | 'contact'>().notNull(),
    fromId: integer('from_id').notNull(),
    intoId: integer('into_id').notNull(),
    /** The order parties repointed. */
    ordersRepointed: integer('orders_repointed').notNull(),
    mergedByUserId: text('merged_by_user_id'),
    mergedByName: text('merged_by_name').notNull(),
    mergedAt: timestamp('merged_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.kind, t.fromId] }),
    check('directory_merges_kind', sql`${t.kind} in ('agent', 'contact')`),
    check('directory_merges_not_self', sql`${t.fromId} <> ${t.intoId}`),
  ],
);

// ---- end of people ----

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    officeId: uuid('office_id').notNull(),
    status: text('status').$type<'draft' | 'confirmed' | 'cancelled'>().notNull().default('draft'),
    saved: boolean('saved').notNull().default(false),
    confirmedAt: instant('confirmed_at'),
    paid: boolean('paid').notNull().default(false),
    /** Who booked it when the office did, by phone (issue 25): their user id and name then; null for a visitor's own booking. */
    bookedByUserId: text('booked_by_user_id'),
    bookedByName: text('booked_by_name'),
    payUrl: text('pay_url'),
    datetime: instant('datetime'),
    durationMinutes: integer('duration_minutes').notNull().default(0),
    inspectors: jsonb('inspectors').$type<Array<{ id: number; requested: boolean }>>().notNull().default([]),
    address1: text('address1').notNull().default(''),
    address2: text('address2').notNull().default(''),
    city: text('city').notNull().default(''),
    stateId: integer('state_id'),
    postalCode: text('postal_code').notNull().default(''),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    county: text('county').notNull().default(''),
    sqft: integer('sqft'),
    yearBuilt: integer('year_built'),
    foundationTypeId: integer('foundation_type_id'),
    salesPrice: text('sales_price').notNull().default(''),
    referReason: text('refer_reason').notNull().default(''),
    referReasonOther: text('refer_reason_other').notNull().default(''),
    userType: jsonb('user_type').$type<{ type: string; text: string; other: string } | null>(),
    packageIds: jsonb('package_ids').$type<number[]>().notNull().default([]),
    serviceIds: jsonb('service_ids').$type<string[]>().notNull().default([]),
    couponCodes: jsonb('coupon_codes').$type<string[]>().notNull().default([]),
    rushRer: boolean('rush_rer').notNull().default(false),
    /** The cart changed while a time was held: the held time may no longer fit (spec 3.12, 4.3). */
    servicesChanged: boolean('services_changed').notNull().default(false),
    specialNote: text('special_note').notNull().default(''),
    /**
     * What the company's page filled in for the visitor's forms (issue 27): the address and the
     * client, shown as the steps' starting values until the visitor saves their own.
     */
    prefill: jsonb('prefill').$type<Record<string, unknown>>().notNull().default({}),
    /** Fields the company's page filled in and locked (issue 27, `LockableField`s) with their values: the visitor's writes may not change them. */
    lockedFields: jsonb('locked_fields').$type<Record<string, string>>().notNull().default({}),
    /**
     * The campaign parameters of the address the visit started from (issue 42: `utm_*`, `gclid`),
     * those that could be read; {} for a direct visit and for the office's phone bookings.
     */
    attribution: jsonb('attribution').$type<Attribution>().notNull().default({}),
    /** The priced cart as it was confirmed, so later catalogue changes never rewrite an order. */
    pricingSnapshot: jsonb('pricing_snapshot').$type<Record<string, unknown> | null>(),
    /** How many times the booking was moved since it was confirmed, by anyone (the order page shows it). */
    rescheduleCount: integer('reschedule_count').notNull().default(0),
    /**
     * How many of those moves were made online, through a manage link (the client's, an agent's):
     * the policy's `max_reschedules` counts these only, never the office's moves (decision 0077).
     */
    onlineRescheduleCount: integer('online_reschedule_count').notNull().default(0),
    /** How many times the booking changed since it was confirmed: its invitation's SEQUENCE. */
    changeSequence: integer('change_sequence').notNull().default(0),
    /** A cancelled order: when, why (the person's words, may be empty) and the late fee owed, in cents. */
    cancelledAt: instant('cancelled_at'),
    cancelReason: text('cancel_reason').notNull().default(''),
    cancelFeeCents: integer('cancel_fee_cents'),
    /**
     * The late-reschedule fees the order incurred (issue 44, decision 0081), in cents: owed with its
     * total while it is booked, so the balance due and the pay link include them.
     */
    rescheduleFeesCents: integer('reschedule_fees_cents').notNull().default(0),
    /**
     * When the people's personal data on the order was replaced by the erased marker (issue 49,
     * decision 0078): on a person's request, or the company's years after the inspection.
     */
    personalDataErasedAt: instant('personal_data_erased_at'),
    /**
     * What the order lists' text search looks in for the address (case and accents folded as the
     * people searches do, migration 0004's `people_fold`); kept by the database. Its trigram index
     * is declared in migration 0021, as the people searches' are in 0004.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`(' ' || people_fold(address1 || ' ' || address2 || ' ' || city || ' ' || postal_code))`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('orders_company_id_id_unique').on(t.companyId, t.id),
    foreignKey({ columns: [t.companyId, t.officeId], foreignColumns: [offices.companyId, offices.id] }),
    index('orders_company_status_idx').on(t.companyId, t.status),
    // The order lists, the schedule and the CSV read one company's orders in a window of time,
    // and page them by keyset on (datetime, id) (migration 0028, decision 0071). Booked and
    // cancelled orders only (decision 0108): no read looks for a draft by its time, and a
    // visitor's every step rewrites the draft's row, which then enters only the indexes that hold
    // drafts.
    index('orders_company_datetime_id_idx')
      .on(t.companyId, t.datetime, t.id)
      .where(sql`status <> 'draft'`),
    // The public API's polling (`updated_since`, decision 0087) reads one company's orders newest
    // changed first, by keyset on (updated_at, id); a trigger (migration 0041) bumps updated_at on
    // every update that does not set it itself. Drafts are never polled (decision 0108).
    index('orders_company_updated_id_idx')
      .on(t.companyId, t.updatedAt, t.id)
      .where(sql`status <> 'draft'`),
    // The funnel counts an office's visits by the day they started.
    index('orders_company_office_created_idx').on(t.companyId, t.officeId, t.createdAt),
    // The pruning of abandoned drafts (decision 0075) finds the drafts untouched the longest,
    // every company's: a maintenance job's read, the one that is not a tenant's.
    index('orders_draft_updated_idx')
      .on(t.updatedAt)
      .where(sql`status = 'draft'`),
    // The erasure after the company's years (decision 0078) reads a company's oldest inspections
    // not erased yet: the index holds those alone, so erased history costs nothing.
    index('orders_personal_data_due_idx')
      .on(t.companyId, t.datetime)
      .where(sql`personal_data_erased_at is null and status <> 'draft'`),
  ],
);

/** Clients, agents and additional contacts of an order, each a copy of the person as entered. */
export const orderParties = pgTable(
  'order_parties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    orderId: uuid('order_id').notNull(),
    role: text('role').$type<'client' | 'buyers_agent' | 'sellers_agent' | 'insurance_agent' | 'contact'>().notNull(),
    position: integer('position').notNull().default(0),
    agentId: integer('agent_id'),
    contactTypeId: integer('contact_type_id'),
    person: jsonb('person').$type<Record<string, unknown>>().notNull(),
    /** What the order lists' text search looks in for the person: name and e-mail, folded as `orders.search_text`. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`(' ' || people_fold(coalesce(person->>'first', '') || ' ' || coalesce(person->>'last', '') || ' ' || coalesce(person->>'email', '')))`,
    ),
    /**
     * The person's phone numbers as digits only, space-separated ("6145550199 6145550111"): what
     * a search for a phone typed in any format ("(614) 555-0199", "614.555.0199") looks in (issue 41).
     */
    phoneSearch: text('phone_search').generatedAlwaysAs(
      sql`(' ' || regexp_replace(coalesce(person->>'mobile_phone', ''), '[^0-9]', '', 'g') || ' ' || regexp_replace(coalesce(person->>'work_phone', ''), '[^0-9]', '', 'g') || ' ' || regexp_replace(coalesce(person->>'home_phone', ''), '[^0-9]', '', 'g'))`,
    ),
  },
  (t) => [
    foreignKey({ columns: [t.companyId, t.orderId], foreignColumns: [orders.companyId, orders.id] }).onDelete(
      'cascade',
    ),
    index('order_parties_order_idx').on(t.orderId),
    // An agent's portal reads the orders they are on (issue 47, decision 0092).
    index('order_parties_agent_idx')
      .on(t.companyId, t.agentId)
      .where(sql`agent_id is not null`),
  ],
);

/**
 * The office's own notes on an order (issue 41): never in anything a client or agent is shown (the
 * manage page, e-mails, the admin API's order), only on the console's order page. The author's
 * name is kept as it was when they wrote, like `booked_by_name`.
 */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    orderId: uuid('order_id').notNull(),
    body: text('body').notNull(),
    authorUserId: text('author_user_id').notNull(),
    authorName: text('author_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ columns: [t.companyId, t.orderId], foreignColumns: [orders.companyId, orders.id] }).onDelete(
      'cascade',
    ),
    // The order page lists one order's notes, newest first.
    index('order_notes_order_idx').on(t.companyId, t.orderId, t.createdAt),
    check('order_notes_body_length', sql`char_length(${t.body}) between 1 and 2000`),
  ],
);

/**
 * Follow-ups on an order (issue 41): something a member of the company is to do by a date on the
 * office's clock. Open while `done_at` is null.
 */
export const orderTasks = pgTable(
  'order_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    orderId: uuid('order_id').notNull(),
    title: text('title').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    ownerUserId: text('owner_user_id').notNull(),
    ownerName: text('owner_name').notNull(),
    doneAt: instant('done_at'),
    createdByUserId: text('created_by_user_id').notNull(),
    createdByName: text('created_by_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ columns: [t.companyId, t.orderId], foreignColumns: [orders.companyId, orders.id] }).onDelete(
      'cascade',
    ),
    // The order page lists one order's tasks.
    index('order_tasks_order_idx').on(t.companyId, t.orderId),
    // "My tasks": one member's open tasks by due date.
    index('order_tasks_owner_idx').on(t.companyId, t.ownerUserId, t.doneAt, t.dueDate),
    check('order_tasks_title_length', sql`char_length(${t.title}) between 1 and 200`),
  ],
);

/** Answers to the company's property questions. */
export const orderAnswers = pgTable(
  'order_answers',
  {
    companyId: uuid('company_id').notNull(),
    orderId: uuid('order_id').notNull(),
    controlId: integer('control_id').notNull(),
    value: text('value'),
    checked: boolean('checked').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.controlId] }),
    foreignKey({ columns: [t.companyId, t.orderId], foreignColumns: [orders.companyId, orders.id] }).onDelete(
      'cascade',
    ),
  ],
);

/** The audit trail of an order: created, step saved, confirmed, ... */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: uuid('company_id').notNull(),
    orderId: uuid('order_id').notNull(),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ columns: [t.companyId, t.orderId], foreignColumns: [orders.companyId, orders.id] }).onDelete(
      'cascade',
    ),
    index('order_events_order_idx').on(t.orderId, t.id),
  ],
);

/**
 * The wizard's funnel events (issue 27), per session's order and office: no personal data, only
 * the event's name, step and bounded codes and numbers (contracts/analytics.ts). The funnel counts
 * sessions by the day their order was created, the steps they viewed and whether they confirmed.
 */
export const funnelEvents = pgTable(
  'funnel_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: uuid('company_id').notNull(),
    officeId: uuid('office_id').notNull(),
    orderId: uuid('order_id').notNull(),
    name: text('name').notNull(),
    step: text('step'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ columns: [t.companyId, t.orderId], foreignColumns: [orders.companyId, orders.id] }).onDelete(
      'cascade',
    ),
    index('funnel_events_office_idx').on(t.companyId, t.officeId, t.createdAt),
    // The step too: the funnel asks of each order whether a step, or the review, was shown, and
    // reads one entry of the index for it however many events the session sent (issue 42).
    index('funnel_events_order_step_idx').on(t.orderId, t.name, t.step),
  ],
);

/**
 * The funnel rolled up (issue 49, decision 0075): per office, office-local day of the sessions'
 * start and `utm_source` (null for none), the counts the funnel answers, folded from the orders
 * and their raw events once the day is older than the raw events are kept. The funnel reads these
 * beside the orders not yet rolled up, so pruning an abandoned draft, or a confirmed order's
 * events, changes none of its figures.
 */
export const funnelDays = pgTable(
  'funnel_days',
  {
    companyId: uuid('company_id').notNull(),
    officeId: uuid('office_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    source: text('source'),
    started: integer('started').notNull(),
    confirmed: integer('confirmed').notNull(),
    bookedByPhone: integer('booked_by_phone').notNull(),
    bookedByApi: integer('booked_by_api').notNull(),
  },
  (t) => [
    unique('funnel_days_key').on(t.companyId, t.officeId, t.day, t.source).nullsNotDistinct(),
    foreignKey({ columns: [t.companyId, t.officeId], foreignColumns: [offices.companyId, offices.id] }).onDelete(
      'cascade',
    ),
  ],
);

/** The rolled-up visits that viewed each step, per office, day and source (as `funnel_days`). */
export const funnelDaySteps = pgTable(
  'funnel_day_steps',
  {
    companyId: uuid('company_id').notNull(),
    officeId: uuid('office_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    source: text('source'),
    step: text('step').notNull(),
    reached: integer('reached').notNull(),
  },
  (t) => [
    unique('funnel_day_steps_key').on(t.companyId, t.officeId, t.day, t.source, t.step).nullsNotDistinct(),
    foreignKey({ columns: [t.companyId, t.officeId], foreignColumns: [offices.companyId, offices.id] }).onDelete(
      'cascade',
    ),
  ],
);

/**
 * How far each office's funnel is rolled up: every session whose order was created before
 * `rolled_before` (a midnight on the office's calendar) is counted in `funnel_days`, and no longer
 * from its order and events. An instant, not a date, so that an office changing its time zone can
 * neither count an order twice nor lose one.
 */
export const funnelRollUps = pgTable(
  'funnel_roll_ups',
  {
    companyId: uuid('company_id').notNull(),
    officeId: uuid('office_id').notNull(),
    rolledBefore: instant('rolled_before').notNull(),
    /**
     * How far the raw events of the rolled-up days are deleted, by the events' own time: the
     * next batch starts here, so no batch walks again over the entries its predecessors deleted.
     */
    eventsPrunedBefore: instant('events_pruned_before'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.officeId] }),
    foreignKey({ columns: [t.companyId, t.officeId], foreignColumns: [offices.companyId, offices.id] }).onDelete(
      'cascade',
    ),
  ],
);

/**
 * A "Manage your inspection" link (issue 24): one per message recipient of an order, its token
 * stored only as a hash. It opens that one order until the inspection is over, unless the office
 * revokes it. `recipient` is the address or number it was sent to, so the office can tell links apart.
 */
export const orderManageLinks = pgTable(
  'order_manage_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    orderId: uuid('order_id').notNull(),
    /** SHA-256 of the token, hex, like sessions.token_hash. The token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    /** Who it was issued to: a message's recipient, or the visitor on the thank-you page (`recipient` then says so). */
    role: text('role').$type<'client' | 'agent' | 'contact' | 'visitor'>().notNull(),
    recipient: text('recipient').notNull(),
    createdAt: createdAt(),
    revokedAt: instant('revoked_at'),
  },
  (t) => [
    foreignKey({ columns: [t.companyId, t.orderId], foreignColumns: [orders.companyId, orders.id] }).onDelete(
      'cascade',
    ),
    index('order_manage_links_order_idx').on(t.companyId, t.orderId),
    // The pruning job walks the links by when they were made (decision 0100).
    index('order_manage_links_created_idx').on(t.createdAt),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    officeId: uuid('office_id').notNull(),
    orderId: uuid('order_id').notNull(),
    /** SHA-256 of the token, hex. The token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastSeenAt: instant('last_seen_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [
    foreignKey({ columns: [t.companyId, t.orderId], foreignColumns: [orders.companyId, orders.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.companyId, t.officeId], foreignColumns: [offices.companyId, offices.id] }),
    // A draft's sessions, found when the draft is pruned (whether one is alive) and deleted with
    // it: without it, each order deleted read every session (decision 0075).
    index('sessions_order_idx').on(t.companyId, t.orderId),
    // The pruning job walks the visitors' sessions by expiry (decision 0100).
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

/**
 * An inspector's booked time: a confirmed appointment, or a hold a session keeps while the
 * visitor finishes the order. No two rows of one inspector may overlap (see the migration).
 */
export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    officeId: uuid('office_id').notNull(),
    orderId: uuid('order_id').notNull(),
    inspectorId: integer('inspector_id').notNull(),
    kind: text('kind').$type<'appointment' | 'hold'>().notNull(),
    during: tstzrange('during').notNull(),
    holdExpiresAt: instant('hold_expires_at'),
    /**
     * Where the order takes place, copied from it by the database (migration 0053, decision 0108):
     * set when the row is written and kept when the order's address moves, so that the engine's
     * read of a window's commitments needs no look-up of each one's order.
     */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    postalCode: text('postal_code').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ columns: [t.companyId, t.orderId], foreignColumns: [orders.companyId, orders.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.companyId, t.inspectorId], foreignColumns: [inspectors.companyId, inspectors.id] }),
    index('appointments_order_idx').on(t.orderId),
    index('appointments_hold_expiry_idx')
      .on(t.holdExpiresAt)
      .where(sql`kind = 'hold'`),
  ],
);

// ---- Pricing (issue 11): the company's pricing rules and coupon redemptions ----

/** The company document's `pricing` section (fee rules, modifiers, trip fees, office taxes, coupons). */
export const companyPricing = pgTable('company_pricing', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  rules: jsonb('rules').$type<Record<string, unknown>>().notNull(),
});

/**
 * A coupon an order has taken. A coupon with a limit numbers its uses 1..max_uses, and a number
 * can be taken once: two orders reaching for its last use at once cannot both get it, whatever
 * the application believed when it counted. A cart that is not confirmed only leases its use
 * (decision 0030): past `lease_expires_at` the use counts for nobody, and the next order reaching
 * for the coupon takes its number. A confirmed order's use has no lease: it is the order's.
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    companyId: uuid('company_id').notNull(),
    orderId: uuid('order_id').notNull(),
    /** Upper-case, as coupons are looked up. */
    code: text('code').notNull(),
    /** Which of the coupon's limited uses this is; null for a coupon without a limit. */
    useNumber: integer('use_number'),
    maxUses: integer('max_uses'),
    /** Until when a cart that is not confirmed holds this use; null once its order is confirmed. */
    leaseExpiresAt: instant('lease_expires_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.orderId, t.code] }),
    unique('coupon_redemptions_use_unique').on(t.companyId, t.code, t.useNumber),
    check(
      'coupon_redemptions_use_in_limit',
      sql`(${t.useNumber} is null and ${t.maxUses} is null) or (${t.useNumber} between 1 and ${t.maxUses})`,
    ),
    // The unique key above also serves counting a coupon's uses: (company_id, code) leads it.
    foreignKey({ columns: [t.companyId, t.orderId], foreignColumns: [orders.companyId, orders.id] }).onDelete(
      'cascade',
    ),
  ],
);
// ---------------------------------------------------------------------------------------------
// Review and confirm (issue 12): the company's notification settings, confirm's idempotency keys,
// the durable job queue that sends the e-mails, and the inspectors' calendar-feed secrets. The
// order's own confirmed state (status, confirmed_at, pay_url, pricing_snapshot) is in `orders`.
// ---------------------------------------------------------------------------------------------

/** The company document's `notifications` section (e-mail templates, agents, payment link). */
export const companyNotifications = pgTable('company_notifications', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
});

/** What a confirm answered, by the `Idempotency-Key` the browser sent with it. */
export const confirmRequests = pgTable(
  'confirm_requests',
  {
    companyId: uuid('company_id').notNull(),
    orderId: uuid('order_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    response: jsonb('response').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.orderId, t.idempotencyKey] }),
    foreignKey({ columns: [t.companyId, t.orderId], foreignColumns: [orders.companyId, orders.id] }).onDelete(
      'cascade',
    ),
  ],
);

/**
 * Durable background work (the confirmation e-mails). A job is enqueued in the transaction that
 * causes it, claimed with FOR UPDATE SKIP LOCKED, and retried with backoff until it succeeds.
 * `dedupe_key` makes enqueueing idempotent: one order's e-mails are enqueued once.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null only for the e-mail that confirms a sign-up's address, which comes before any company. */
    companyId: uuid('company_id'),
    kind: text('kind').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    runAt: instant('run_at').notNull().defaultNow(),
    lockedUntil: instant('locked_until'),
    lastError: text('last_error'),
    doneAt: instant('done_at'),
    /**
     * When the mail transport said the e-mail will never arrive (decision 0070): a permanent
     * refusal while sending (an SMTP 5xx), or a delivery-status notification received later.
     */
    bouncedAt: instant('bounced_at'),
    /** What the receiving server said of it (reply code and text, or a DSN's Status and Diagnostic-Code). */
    bounceReason: text('bounce_reason'),
    /**
     * The order a job concerns, copied from its payload when it is queued (issue 49): the order
     * page and a resend find an order's jobs by this column, not by a path into the JSON.
     */
    orderId: uuid('order_id'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('jobs_company_dedupe_unique').on(t.companyId, t.dedupeKey),
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`done_at is null`),
    // The order page's message history: one order's jobs, not the company's.
    index('jobs_company_order_idx').on(t.companyId, t.orderId),
    // The pruning job finds finished jobs by their age (decision 0074).
    index('jobs_done_idx')
      .on(t.doneAt)
      .where(sql`done_at is not null`),
    index('jobs_bounced_idx')
      .on(t.doneAt)
      .where(sql`bounced_at is not null`),
    // The retention job has no company, so the unique key above cannot deduplicate its runs.
    uniqueIndex('jobs_retention_dedupe_unique')
      .on(t.dedupeKey)
      .where(sql`kind = 'retention_prune'`),
  ],
);

/**
 * The messages an order's page lists once they are finished (issue 49): one row per message job
 * that ended (sent, not needed, refused, bounced), written in the statement that finishes the job,
 * so the finished jobs themselves can be pruned without the order losing its history. `payload`
 * is the job's own, tokens already removed, which a resend copies.
 */
export const orderMessages = pgTable(
  'order_messages',
  {
    /** The job it was; kept after the job is pruned (no foreign key). */
    jobId: bigint('job_id', { mode: 'number' }).primaryKey(),
    companyId: uuid('company_id').notNull(),
    orderId: uuid('order_id').notNull(),
    kind: text('kind').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** `sent`, `skipped` (not needed, or a refused number: `outcome` says why) or `bounced`. */
    state: text('state').$type<'sent' | 'skipped' | 'bounced'>().notNull(),
    outcome: text('outcome'),
    attempts: integer('attempts').notNull(),
    runAt: instant('run_at').notNull(),
    doneAt: instant('done_at').notNull(),
    bouncedAt: instant('bounced_at'),
    bounceReason: text('bounce_reason'),
  },
  (t) => [
    foreignKey({ columns: [t.companyId, t.orderId], foreignColumns: [orders.companyId, orders.id] }).onDelete(
      'cascade',
    ),
    index('order_messages_order_idx').on(t.companyId, t.orderId),
  ],
);

/** One run of the pruning job (decision 0074): when, how far it got, and what each task deleted. */
export const retentionRuns = pgTable('retention_runs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  startedAt: instant('started_at').notNull(),
  finishedAt: instant('finished_at'),
  /** Rows deleted so far per task name, and batches run: updated after each batch. */
  deleted: jsonb('deleted').$type<Record<string, number>>().notNull().default({}),
  batches: integer('batches').notNull().default(0),
  /** A short code when the run stopped on an error (never a row's data). */
  error: text('error'),
});

/**
 * Each agent's referrals over the company's whole history (issue 47, decision 0093): what the
 * referral report needs of the years before its span (an agent's first inspection, their last,
 * how many), computed by the referral-stats job off every request's path. An agent is their
 * directory entry ("id:<n>") or, typed on orders and never filed, their folded name ("name:<n>").
 */
export const agentReferralStats = pgTable(
  'agent_referral_stats',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    agentKey: text('agent_key').notNull(),
    agentId: integer('agent_id'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    agency: text('agency').notNull(),
    /** Orders the agent was on, booked or cancelled. */
    referrals: integer('referrals').notNull(),
    /** Office-local dates of the first and the last of those orders' appointments. */
    firstReferral: date('first_referral', { mode: 'string' }).notNull(),
    lastReferral: date('last_referral', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.agentKey] }),
    index('agent_referral_stats_last_idx').on(t.companyId, t.lastReferral),
  ],
);

/** When each company's `agent_referral_stats` were last computed: the job takes the oldest first. */
export const agentReferralRefreshes = pgTable('agent_referral_refreshes', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  computedAt: instant('computed_at').notNull(),
});

/** The secret in an inspector's calendar-feed URL, stored hashed (SHA-256, hex) like session tokens. */
export const inspectorCalendarFeeds = pgTable(
  'inspector_calendar_feeds',
  {
    companyId: uuid('company_id').notNull(),
    inspectorId: integer('inspector_id').notNull(),
    secretHash: text('secret_hash').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.inspectorId] }),
    foreignKey({
      columns: [t.companyId, t.inspectorId],
      foreignColumns: [inspectors.companyId, inspectors.id],
    }).onDelete('cascade'),
  ],
);

// ---------------------------------------------------------------------------------------------
// Payments (issue 23, decision 0040): a company's payment provider keys, encrypted, and the pay
// link and Checkout Session of an order paid through Stripe. Whether an order is paid, and its
// pay link, stay `orders.paid` and `orders.pay_url`.
// ---------------------------------------------------------------------------------------------

/**
 * A company's Stripe keys, each AES-256-GCM ciphertext under a DATA_ENCRYPTION_KEY entry (its id
 * is in the ciphertext), bound to the company and the field. Never in the document's export.
 */
export const companyPaymentSecrets = pgTable(
  'company_payment_secrets',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<'stripe'>().notNull(),
    secretKey: text('secret_key').notNull(),
    webhookSecret: text('webhook_secret').notNull(),
    /** The id of the key that encrypted both: what a rotation's re-encryption looks for. */
    keyId: text('key_id').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.provider] })],
);

/** An order's online payment through a provider: its pay link's token (hashed) and its latest Checkout Session. */
export const orderPayments = pgTable(
  'order_payments',
  {
    companyId: uuid('company_id').notNull(),
    orderId: uuid('order_id').notNull(),
    provider: text('provider').$type<'stripe'>().notNull(),
    /** SHA-256 of the pay link's token, hex, like sessions.token_hash. The token itself is never stored. */
    payTokenHash: text('pay_token_hash').notNull().unique(),
    /** What the pay link charged last: the order's total and currency when it opened its Checkout Session (it charges the total as it is at each opening). */
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** The Checkout Session the pay link last opened, and how many it has opened (each expired one needs a new one). */
    checkoutSessionId: text('checkout_session_id'),
    checkoutAttempts: integer('checkout_attempts').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.orderId] }),
    foreignKey({ columns: [t.companyId, t.orderId], foreignColumns: [orders.companyId, orders.id] }).onDelete(
      'cascade',
    ),
    check('order_payments_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * Money that reached the company's Stripe account for an order that could not take it (issue 39):
 * the order was cancelled, its total had changed, or it was paid already. The payment is real, so
 * it is kept for the office to refund in Stripe, once per Checkout Session however often Stripe
 * delivers it. The order stays unpaid by it.
 */
export const paymentsToRefund = pgTable(
  'payments_to_refund',
  {
    companyId: uuid('company_id').notNull(),
    orderId: uuid('order_id').notNull(),
    provider: text('provider').$type<'stripe'>().notNull(),
    checkoutSessionId: text('checkout_session_id').notNull(),
    /** Stripe's PaymentIntent: what the office looks up in Stripe to refund. */
    paymentIntentId: text('payment_intent_id'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').$type<'order_cancelled' | 'amount_changed' | 'paid_twice' | 'not_booked'>().notNull(),
    /** When Stripe recorded the payment (its event's time). */
    paidAt: instant('paid_at').notNull(),
    createdAt: createdAt(),
    /** Given back in full by the cancellation policy's job (decision 0076); null while it is the office's to refund. */
    refundedAt: instant('refunded_at'),
    stripeRefundId: text('stripe_refund_id'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.checkoutSessionId] }),
    foreignKey({ columns: [t.companyId, t.orderId], foreignColumns: [orders.companyId, orders.id] }).onDelete(
      'cascade',
    ),
    index('payments_to_refund_order_idx').on(t.companyId, t.orderId),
    check('payments_to_refund_amount_not_negative', sql`${t.amountCents} >= 0`),
  ],
);

/**
 * A dispute (chargeback) the client's bank opened on an order's Stripe payment (decision 0067):
 * Stripe's `charge.dispute.created`, once per dispute however often it is delivered. It flags the
 * order for the office (its page and History); the money is Stripe's to move when it is decided.
 */
export const paymentDisputes = pgTable(
  'payment_disputes',
  {
    companyId: uuid('company_id').notNull(),
    orderId: uuid('order_id').notNull(),
    disputeId: text('dispute_id').notNull(),
    paymentIntentId: text('payment_intent_id'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** Stripe's reason code (fraudulent, product_not_received, ...). */
    reason: text('reason').notNull(),
    /** When Stripe opened it (its event's time). */
    disputedAt: instant('disputed_at').notNull(),
    /**
     * Stripe's status of it (decision 0082): needs_response, under_review, warning_… while open;
     * won, lost, warning_closed or prevented once closed, never changed after. Null on a row written
     * before statuses were kept (read as open).
     */
    status: text('status'),
    /** The time of the Stripe event that set `status`: an older event arriving later changes nothing. */
    statusAt: instant('status_at'),
    /** When Stripe closed it (`charge.dispute.closed`'s time); null while open. */
    closedAt: instant('closed_at'),
    /** When Stripe took the amount from the company's balance, and when it gave it back (each once). */
    fundsWithdrawnAt: instant('funds_withdrawn_at'),
    fundsReinstatedAt: instant('funds_reinstated_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.disputeId] }),
    foreignKey({ columns: [t.companyId, t.orderId], foreignColumns: [orders.companyId, orders.id] }).onDelete(
      'cascade',
    ),
    index('payment_disputes_order_idx').on(t.companyId, t.orderId),
    check('payment_disputes_amount_not_negative', sql`${t.amountCents} >= 0`),
  ],
);

/**
 * A payment taken before an order is booked (issue 44, decision 0085): the Stripe Checkout Session
 * the review sent the client to, what it charges, and the confirm it stands for (the special
 * note, the revision the review showed, a signature given on the review). The order stays a draft,
 * its time held until the session can no longer be paid; the paid session books it, once, whether
 * the client comes back or Stripe's webhook tells first.
 */
export const bookingPayments = pgTable(
  'booking_payments',
  {
    companyId: uuid('company_id').notNull(),
    orderId: uuid('order_id').notNull(),
    checkoutSessionId: text('checkout_session_id').notNull(),
    /** What it charges, tax included, in the currency's minor units; 0 for a card saved without a payment. */
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** `deposit`, `full`, or `card` (a card saved, nothing charged). */
    kind: text('kind').$type<'deposit' | 'full' | 'card'>().notNull(),
    saveCard: boolean('save_card').notNull(),
    /** open → booked, or not_booked (paid, but the order could not be booked: refunded), expired or cancelled. */
    state: text('state').$type<'open' | 'booked' | 'not_booked' | 'expired' | 'cancelled'>().notNull(),
    /** The confirm this payment stands for: special_note, order_revision, agreement_signature, signer. */
    confirmRequest: jsonb('confirm_request').$type<Record<string, unknown>>().notNull(),
    /** Stripe's page for the session, while it is open. */
    checkoutUrl: text('checkout_url').notNull(),
    /** When Stripe stops taking payment on the session; the order's time is held until shortly after. */
    expiresAt: instant('expires_at').notNull(),
    createdAt: createdAt(),
    settledAt: instant('settled_at'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.checkoutSessionId] }),
    foreignKey({ columns: [t.companyId, t.orderId], foreignColumns: [orders.companyId, orders.id] }).onDelete(
      'cascade',
    ),
    index('booking_payments_order_idx').on(t.companyId, t.orderId, t.createdAt),
    check('booking_payments_amount_bounds', sql`${t.amountCents} between 0 and 100000000`),
  ],
);

/**
 * The card a client saved with Stripe when booking (issue 44): the Customer and PaymentMethod
 * Stripe keeps, so that the policy's late fees can be charged to it off-session later. Never the
 * card itself: only its brand, last four digits and expiry, for the words "the Visa ending 4242".
 * One per order; a later save replaces it.
 */
export const savedPaymentMethods = pgTable(
  'saved_payment_methods',
  {
    companyId: uuid('company_id').notNull(),
    orderId: uuid('order_id').notNull(),
    provider: text('provider').$type<'stripe'>().notNull(),
    /** Stripe's Customer (cus_…) the card is attached to. */
    customerId: text('customer_id').notNull(),
    /** Stripe's PaymentMethod (pm_…): what an off-session PaymentIntent charges. */
    paymentMethodId: text('payment_method_id').notNull(),
    brand: text('brand'),
    last4: text('last4'),
    expMonth: integer('exp_month'),
    expYear: integer('exp_year'),
    savedAt: instant('saved_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.orderId] }),
    foreignKey({ columns: [t.companyId, t.orderId], foreignColumns: [orders.companyId, orders.id] }).onDelete(
      'cascade',
    ),
    check('saved_payment_methods_last4', sql`${t.last4} ~ '^[0-9]{4}$'`),
    check(
      'saved_payment_methods_ids_length',
      sql`char_length(${t.customerId}) <= 255 and char_length(${t.paymentMethodId}) <= 255`,
    ),
  ],
);

/**
 * An order's payment ledger (issue 41 item 4, issue 44, decision 0064): one row per money movement,
 * a payment (online through Stripe, or recorded by the office: check, cash, card at the
 * inspection, other) or a refund. The balance due is the order's total less the payments plus the
 * refunds of the rows not voided. A row is never deleted nor changed but for its void: the office
 * voids a mistaken entry with a reason, and the row stays, struck out, with who voided it and when.
 */
export const orderLedger = pgTable(
  'order_ledger',
  {
    id: uuid('id').notNull().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    orderId: uuid('order_id').notNull(),
    kind: text('kind').$type<'payment' | 'refund'>().notNull(),
    method: text('method').$type<'online' | 'check' | 'cash' | 'card' | 'other'>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** A check's number, a card slip's, Stripe's PaymentIntent: what the office looks the money up by. */
    reference: text('reference'),
    note: text('note'),
    /** The office's date the money was received (its own clock); `recorded_at` is when it was entered. */
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    /** The Checkout Session of an online payment: one ledger row per session, however often Stripe tells of it. */
    checkoutSessionId: text('checkout_session_id'),
    /** The online payment a refund through Stripe gives back (decision 0067); null otherwise. */
    refundOf: uuid('refund_of'),
    /** Stripe's refund (re_…): one ledger row per refund, whether the office made it here or in Stripe's dashboard. */
    stripeRefundId: text('stripe_refund_id'),
    /** The console's request that made a refund: a retried request finds it done, and Stripe's idempotency key carries it. */
    requestId: uuid('request_id'),
    /** A dispute the client's bank decided for the client (decision 0082): its money given back, one row per dispute. */
    disputeId: text('dispute_id'),
    /** Who entered it; null for Stripe's own. */
    recordedByUserId: text('recorded_by_user_id'),
    recordedByName: text('recorded_by_name'),
    recordedAt: instant('recorded_at').notNull(),
    voidedAt: instant('voided_at'),
    voidedByUserId: text('voided_by_user_id'),
    voidedByName: text('voided_by_name'),
    voidReason: text('void_reason'),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.id] }),
    foreignKey({ columns: [t.companyId, t.orderId], foreignColumns: [orders.companyId, orders.id] }).onDelete(
      'cascade',
    ),
    // The order page's ledger, and the reconciliation's lines of a date range.
    index('order_ledger_order_idx').on(t.companyId, t.orderId, t.recordedAt),
    index('order_ledger_received_idx').on(t.companyId, t.receivedOn),
    // What the refunds through Stripe gave back of each payment, on the payments page (decision 0083).
    index('order_ledger_refund_of_idx')
      .on(t.companyId, t.refundOf)
      .where(sql`refund_of is not null`),
    unique('order_ledger_checkout_session_unique').on(t.companyId, t.checkoutSessionId),
    unique('order_ledger_stripe_refund_unique').on(t.companyId, t.stripeRefundId),
    unique('order_ledger_request_unique').on(t.companyId, t.requestId),
    unique('order_ledger_dispute_unique').on(t.companyId, t.disputeId),
    check('order_ledger_amount_bounds', sql`${t.amountCents} between 1 and 100000000`),
    check('order_ledger_reference_length', sql`char_length(${t.reference}) <= 100`),
    check('order_ledger_note_length', sql`char_length(${t.note}) <= 500`),
    check('order_ledger_void_reason_length', sql`char_length(${t.voidReason}) between 1 and 500`),
  ],
);

/** What an order's balance is computed from (decision 0064): the visitor's order and the e-mails read it beside the ledger's own page. */
export const ledgerAmountColumns = {
  kind: orderLedger.kind,
  amountCents: orderLedger.amountCents,
  voided: sql<boolean>`${orderLedger.voidedAt} is not null`,
};

/**
 * An inspector's time off (issue 25), on the office's clock: dates from..to (inclusive), every
 * date or only some weekdays, all day (no times) or between two times. The scheduling context
 * takes these out of the inspector's hours (domain schedule/time-off.ts).
 */
export const inspectorTimeOff = pgTable(
  'inspector_time_off',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    inspectorId: integer('inspector_id').notNull(),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    /** 0 (Sunday) to 6; null: every date of the range. */
    weekdays: jsonb('weekdays').$type<number[] | null>(),
    /** HH:MM on the office's clock; both null: the whole day. */
    startTime: text('start_time'),
    endTime: text('end_time'),
    note: text('note').notNull().default(''),
    createdByUserId: text('created_by_user_id'),
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      columns: [t.companyId, t.inspectorId],
      foreignColumns: [inspectors.companyId, inspectors.id],
    }).onDelete('cascade'),
    index('inspector_time_off_inspector_idx').on(t.companyId, t.inspectorId, t.toDate),
    check('inspector_time_off_dates', sql`${t.toDate} >= ${t.fromDate}`),
    check(
      'inspector_time_off_times',
      sql`(${t.startTime} is null) = (${t.endTime} is null) and (${t.startTime} is null or ${t.startTime} < ${t.endTime})`,
    ),
  ],
);

// ---- The console's people (issue 25): Better Auth's tables (decision 0044) ----
// Field names are Better Auth's own (its Drizzle adapter maps them); the columns are ours.
// An organization is a company: its slug is the company's key.

/**
 * Every saved company document, whole, numbered from 1 per company (issue 26): the history the
 * console shows, the base a save must name (two admins cannot overwrite each other silently),
 * and what an undo restores. The live configuration stays in the tables above; a version is the
 * document as read back from them right after its save.
 */
export const companyDocumentVersions = pgTable(
  'company_document_versions',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    /** import (the admin API or a file), console (an editor's save), restore (an undo), baseline (the document found when history began). */
    source: text('source').notNull(),
    /** The version an undo brought back. */
    restoredFrom: integer('restored_from'),
    savedByUserId: text('saved_by_user_id'),
    savedByName: text('saved_by_name').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull(),
    /** How many values differ from the version before (counted up to the diff's limit), and the first few paths. */
    changeCount: integer('change_count').notNull().default(0),
    changedPaths: jsonb('changed_paths').$type<string[]>().notNull().default([]),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.version] }),
    check('company_document_versions_version', sql`${t.version} >= 1`),
    check('company_document_versions_source', sql`${t.source} in ('import', 'console', 'restore', 'baseline')`),
  ],
);

/**
 * The company's agreement templates (issue 43, decision 0080): what each is called, which orders it
 * is sent for and whether it is in use. The wording lives in its versions; `current_version`
 * names the one new orders are sent. A template is never deleted, only made inactive, so every
 * agreement sent keeps its source.
 */
export const agreementTemplates = pgTable(
  'agreement_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    appliesTo: jsonb('applies_to').$type<{ all: boolean; service_ids: string[]; package_ids: number[] }>().notNull(),
    active: boolean('active').notNull().default(true),
    currentVersion: integer('current_version').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('agreement_templates_company_id_id_unique').on(t.companyId, t.id),
    index('agreement_templates_company_idx').on(t.companyId),
  ],
);

/** Every saved wording of a template, numbered from 1: never updated, so a signed agreement's source stays as it was. */
export const agreementTemplateVersions = pgTable(
  'agreement_template_versions',
  {
    companyId: uuid('company_id').notNull(),
    templateId: uuid('template_id').notNull(),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    /** Sanitised on save (html/sanitize.ts). */
    bodyHtml: text('body_html').notNull(),
    createdByUserId: text('created_by_user_id'),
    createdByName: text('created_by_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.templateId, t.version] }),
    foreignKey({
      columns: [t.companyId, t.templateId],
      foreignColumns: [agreementTemplates.companyId, agreementTemplates.id],
    }).onDelete('cascade'),
    check('agreement_template_versions_version', sql`${t.version} >= 1`),
  ],
);

/**
 * The bytes the product keeps as files (issue 43: sealed agreements), in the database: written
 * once, never updated, each with the SHA-256 of its bytes.
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'agreement_pdf'>().notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sha256: text('sha256').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    content: bytea('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('documents_company_id_id_unique').on(t.companyId, t.id)],
);

/**
 * An agreement sent with an order (issue 43): the template's version filled with the order, frozen
 * as the HTML its signers are shown, with that HTML's SHA-256. Complete (`signed`) when the signers
 * it needs have signed; its sealed PDF is then a document of its own. A voided one stays.
 */
export const orderAgreements = pgTable(
  'order_agreements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    orderId: uuid('order_id').notNull(),
    templateId: uuid('template_id').notNull(),
    templateVersion: integer('template_version').notNull(),
    title: text('title').notNull(),
    bodyHtml: text('body_html').notNull(),
    documentSha256: text('document_sha256').notNull(),
    signersRequired: text('signers_required').$type<'one' | 'all'>().notNull(),
    status: text('status').$type<'pending' | 'signed' | 'voided'>().notNull().default('pending'),
    createdAt: createdAt(),
    signedAt: instant('signed_at'),
    voidedAt: instant('voided_at'),
    pdfDocumentId: uuid('pdf_document_id'),
  },
  (t) => [
    unique('order_agreements_company_id_id_unique').on(t.companyId, t.id),
    foreignKey({ columns: [t.companyId, t.orderId], foreignColumns: [orders.companyId, orders.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      columns: [t.companyId, t.templateId],
      foreignColumns: [agreementTemplates.companyId, agreementTemplates.id],
    }),
    foreignKey({ columns: [t.companyId, t.pdfDocumentId], foreignColumns: [documents.companyId, documents.id] }),
    index('order_agreements_order_idx').on(t.companyId, t.orderId),
    check('order_agreements_status', sql`${t.status} in ('pending', 'signed', 'voided')`),
    check('order_agreements_signers_required', sql`${t.signersRequired} in ('one', 'all')`),
  ],
);

/**
 * Who signs an order's agreement (a client with an e-mail), with their own signing link (only the
 * token's hash is kept) and the evidence of what they did: when they opened it and from where,
 * when they signed, the words they consented to, their typed name and their signature.
 */
export const agreementSigners = pgTable(
  'agreement_signers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    agreementId: uuid('agreement_id').notNull(),
    /** The order party they are, while it exists (an edit of the order's people may remove it). */
    partyId: uuid('party_id'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    position: integer('position').notNull().default(0),
    sentAt: instant('sent_at'),
    openedAt: instant('opened_at'),
    openedIp: text('opened_ip'),
    signedAt: instant('signed_at'),
    signedIp: text('signed_ip'),
    signedUserAgent: text('signed_user_agent'),
    consentText: text('consent_text'),
    typedName: text('typed_name'),
    signatureMethod: text('signature_method').$type<'drawn' | 'typed'>(),
    /** A drawn signature, as the PNG data URL it was sent as. */
    signaturePng: text('signature_png'),
  },
  (t) => [
    foreignKey({
      columns: [t.companyId, t.agreementId],
      foreignColumns: [orderAgreements.companyId, orderAgreements.id],
    }).onDelete('cascade'),
    index('agreement_signers_agreement_idx').on(t.agreementId),
    check('agreement_signers_method', sql`${t.signatureMethod} is null or ${t.signatureMethod} in ('drawn', 'typed')`),
  ],
);

const authCreatedAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const authUpdatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const authUsers = pgTable('auth_users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: authCreatedAt(),
  updatedAt: authUpdatedAt(),
});

/** A signed-in browser: its cookie's token, until it expires or is revoked (deleted). */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    activeOrganizationId: text('active_organization_id'),
    createdAt: authCreatedAt(),
    updatedAt: authUpdatedAt(),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

/** How a person signs in: `credential` holds the password's scrypt hash. */
export const authAccounts = pgTable(
  'auth_accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: authCreatedAt(),
    updatedAt: authUpdatedAt(),
  },
  (t) => [index('auth_accounts_user_idx').on(t.userId)],
);

/** One-time values: password-reset and sign-in-link tokens, invitations' checks. */
export const authVerifications = pgTable(
  'auth_verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: authCreatedAt(),
    updatedAt: authUpdatedAt(),
  },
  (t) => [index('auth_verifications_identifier_idx').on(t.identifier)],
);

/**
 * A company's organization (Better Auth's name for it): made with the company, one each, tied to it
 * by the company's immutable id. Better Auth does not know `company_id`, so it can neither make an
 * organization (the column has no default) nor move one to another company; `slug` is the
 * company's id as text and decides nothing (issue 39: a renamable slug once did).
 */
export const authOrganizations = pgTable('auth_organizations', {
  id: text('id').primaryKey(),
  companyId: uuid('company_id')
    .notNull()
    .unique()
    .references(() => companies.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  logo: text('logo'),
  metadata: text('metadata'),
  createdAt: authCreatedAt(),
});

/** A person's role in a company; an inspector member is one of the company's inspectors. */
export const authMembers = pgTable(
  'auth_members',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => authOrganizations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    /** For the inspector role: which of the company's inspectors (inspectors.id) this person is. */
    inspectorId: integer('inspector_id'),
    createdAt: authCreatedAt(),
  },
  (t) => [
    unique('auth_members_person_once').on(t.organizationId, t.userId),
    index('auth_members_user_idx').on(t.userId),
  ],
);

export const authInvitations = pgTable(
  'auth_invitations',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => authOrganizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role'),
    status: text('status').notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    inviterId: text('inviter_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    createdAt: authCreatedAt(),
  },
  (t) => [
    index('auth_invitations_organization_idx').on(t.organizationId),
    index('auth_invitations_email_idx').on(t.email),
  ],
);

export const authPasskeys = pgTable(
  'auth_passkeys',
  {
    id: text('id').primaryKey(),
    name: text('name'),
    publicKey: text('public_key').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    credentialID: text('credential_id').notNull(),
    counter: integer('counter').notNull(),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    transports: text('transports'),
    aaguid: text('aaguid'),
    createdAt: timestamp('created_at', { withTimezone: true }),
  },
  (t) => [index('auth_passkeys_user_idx').on(t.userId), index('auth_passkeys_credential_idx').on(t.credentialID)],
);

/** Better Auth's rate-limit counters, in the database so every instance counts together. */
export const authRateLimits = pgTable('auth_rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/** What happened to people's access: sign-ins (and failed ones), resets, invitations, revoked sessions. */
export const authAuditEvents = pgTable(
  'auth_audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The person concerned, when known (a failed sign-in with an unknown e-mail has none). */
    userId: text('user_id'),
    /** The company concerned, for events inside one (an invitation, a role change, a revoked session). */
    organizationId: text('organization_id'),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('auth_audit_events_user_idx').on(t.userId, t.id),
    index('auth_audit_events_organization_idx').on(t.organizationId, t.id),
    // The account lock counts failed sign-ins by the address typed (a keyed hash in data.account).
    index('auth_audit_events_failed_account_idx')
      .on(sql`(${t.data} ->> 'account')`, t.createdAt)
      .where(sql`${t.type} = 'sign_in_failed'`),
  ],
);

/**
 * A company's webhook endpoints (issue 46, decision 0086): where its events are sent, which ones,
 * and the Standard Webhooks secret they are signed with (encrypted at rest, as payment keys are,
 * bound to the endpoint's row). After a rotation the previous secret signs too until its expiry.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** The catalogue's event types it wants (a JSON array of strings: the trigger asks `events ? type`). */
    events: jsonb('events').$type<string[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** `gone` (a 410) or `failing` (3 days of failures) when the server disabled it; null otherwise. */
    disabledReason: text('disabled_reason'),
    /** The first failure of the current run of failures; null while it answers. */
    failingSince: instant('failing_since'),
    /**
     * While it fails, its next attempt: until then its other deliveries wait instead of each
     * trying (and timing out) on their own, so that one dead receiver does not hold the queue.
     */
    backingOffUntil: instant('backing_off_until'),
    secretEncrypted: text('secret_encrypted').notNull(),
    previousSecretEncrypted: text('previous_secret_encrypted'),
    previousSecretExpiresAt: instant('previous_secret_expires_at'),
    /**
     * The API key whose REST hook subscription made it (decision 0104), by the key's immutable id:
     * only that key lists or deletes it through /api/v1, and revoking the key deletes it. Null: an
     * endpoint the console made, or a subscription made before keys owned theirs (company-level).
     */
    apiKeyId: uuid('api_key_id').references((): AnyPgColumn => apiKeys.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('webhook_endpoints_company_idx').on(t.companyId),
    index('webhook_endpoints_api_key_idx')
      .on(t.apiKeyId)
      .where(sql`api_key_id is not null`),
  ],
);

/**
 * One event to one endpoint: the outbox row a trigger on `order_events` writes in the change's own
 * transaction (migration 0040), with its job; then the log of its last attempt. `body` is fixed at
 * the first attempt, so that every retry sends the same bytes under the same `webhook-id`.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: uuid('company_id').notNull(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    orderId: uuid('order_id'),
    orderEventId: bigint('order_event_id', { mode: 'number' }),
    /** A directory event's person (`person.created`, decision 0091): agent or contact, and its id. */
    personKind: text('person_kind').$type<'agent' | 'contact'>(),
    personId: integer('person_id'),
    occurredAt: instant('occurred_at').notNull(),
    /** pending, delivered or failed (given up). */
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** How many jobs were queued for it: each job's dedupe key carries its number. */
    jobSequence: integer('job_sequence').notNull().default(0),
    body: text('body'),
    requestHeaders: jsonb('request_headers').$type<Record<string, string>>(),
    responseStatus: integer('response_status'),
    responseHeaders: jsonb('response_headers').$type<Record<string, string>>(),
    responseBody: text('response_body'),
    outcome: text('outcome'),
    firstAttemptAt: instant('first_attempt_at'),
    lastAttemptAt: instant('last_attempt_at'),
    nextAttemptAt: instant('next_attempt_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.companyId, t.endpointId, t.id),
    // Per-order ordering: an order's earlier deliveries to the endpoint still pending.
    index('webhook_deliveries_pending_order_idx')
      .on(t.endpointId, t.orderId, t.id)
      .where(sql`state = 'pending'`),
    index('webhook_deliveries_created_idx').on(t.createdAt),
    // An order's log, every state: what a person's erasure reads (decision 0101), not the company's whole log.
    index('webhook_deliveries_order_idx')
      .on(t.companyId, t.orderId)
      .where(sql`order_id is not null`),
  ],
);

/** A company's keys for the public API (/api/v1, decision 0087): only a hash of each is kept, never the key. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The key's public part (`isk_live_<prefix>_…`), unique: how a presented key finds its row. */
    prefix: text('prefix').notNull().unique(),
    /** SHA-256 of the whole key, hex; compared in constant time. */
    keyHash: text('key_hash').notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull().default([]),
    createdByUserId: text('created_by_user_id'),
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: createdAt(),
    /** When it was last used, to the minute at best (written at most once a minute per key). */
    lastUsedAt: instant('last_used_at'),
    revokedAt: instant('revoked_at'),
    revokedByName: text('revoked_by_name'),
  },
  (t) => [index('api_keys_company_idx').on(t.companyId, t.createdAt)],
);

/** Every use of an API key: which key, the method, the route's pattern and the answer's status; never a body or a person. */
export const apiKeyEvents = pgTable(
  'api_key_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: uuid('company_id').notNull(),
    apiKeyId: uuid('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    route: text('route').notNull(),
    status: integer('status').notNull(),
    at: instant('at').notNull(),
  },
  (t) => [index('api_key_events_key_idx').on(t.apiKeyId, t.id), index('api_key_events_at_idx').on(t.at)],
);

/**
 * The public API's idempotency keys (decision 0087): per company, API key and the caller's key, the
 * request's hash and, once answered, the answer, kept 24 hours. A row without an answer is a
 * request in flight: a concurrent duplicate is refused with 409.
 */
export const apiIdempotencyKeys = pgTable(
  'api_idempotency_keys',
  {
    companyId: uuid('company_id').notNull(),
    apiKeyId: uuid('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body').$type<unknown>(),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.apiKeyId, t.key] }),
    index('api_idempotency_keys_expires_idx').on(t.expiresAt),
  ],
);

// ---- Agents' portal (issue 47, decision 0092) ----

/**
 * Every request for an agent's sign-in link, known address or not: the per-address and per-client
 * rate limits count these rows, so an unknown address is limited exactly as a known one is. The
 * address and the client's IP are kept only as SHA-256 hashes.
 */
export const agentSignInRequests = pgTable(
  'agent_sign_in_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    emailHash: text('email_hash').notNull(),
    ipHash: text('ip_hash').notNull(),
    /** What the request came to: `sent`, `unknown`, `ambiguous` (two directory agents share the address), `limited`. */
    outcome: text('outcome').$type<'sent' | 'unknown' | 'ambiguous' | 'limited'>().notNull(),
    at: instant('at').notNull(),
  },
  (t) => [
    index('agent_sign_in_requests_email_idx').on(t.companyId, t.emailHash, t.at),
    index('agent_sign_in_requests_ip_idx').on(t.ipHash, t.at),
    // The pruning job's (retention.repository.ts): requests older than the policy, of every company.
    index('agent_sign_in_requests_at_idx').on(t.at),
  ],
);

/** A one-use sign-in link e-mailed to one directory agent: 15 minutes, its token kept only as a hash. */
export const agentSignInLinks = pgTable(
  'agent_sign_in_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    agentId: integer('agent_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
  },
  (t) => [
    index('agent_sign_in_links_agent_idx').on(t.companyId, t.agentId),
    index('agent_sign_in_links_expires_idx').on(t.expiresAt),
  ],
);

/** An agent's portal session, opened by a sign-in link: a hashed token, an expiry, revocable. */
export const agentSessions = pgTable(
  'agent_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    agentId: integer('agent_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    revokedAt: instant('revoked_at'),
  },
  (t) => [
    index('agent_sessions_agent_idx').on(t.companyId, t.agentId),
    index('agent_sessions_expires_idx').on(t.expiresAt),
    index('agent_sessions_revoked_idx').on(t.revokedAt),
  ],
);

/** What an agent chose in their portal that the directory does not hold: whether they receive text messages. */
export const agentPortalProfiles = pgTable(
  'agent_portal_profiles',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    agentId: integer('agent_id').notNull(),
    receivesSms: boolean('receives_sms').notNull().default(false),
    updatedAt: instant('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.agentId] })],
);

// ---- Calendar sync (issue 45, decision 0089): inspectors' own calendars, both ways ----

/**
 * One inspector's connected calendar account (CalDAV now; Google and Microsoft plug in by `provider`).
 * `credentials_encrypted` is the provider's secret under DATA_ENCRYPTION_KEY, bound to the row
 * (`calendarCredentialsContext`): a CalDAV URL, user and app password, or an OAuth grant's tokens.
 */
export const calendarConnections = pgTable(
  'calendar_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id').notNull(),
    inspectorId: integer('inspector_id').notNull(),
    provider: text('provider').$type<'caldav' | 'google' | 'microsoft'>().notNull(),
    /** What the console shows of the account (the CalDAV user, the OAuth account's address); no secret. */
    accountLabel: text('account_label').notNull().default(''),
    credentialsEncrypted: text('credentials_encrypted').notNull(),
    status: text('status').$type<'active' | 'reconnect' | 'failing'>().notNull().default('active'),
    /** The calendars whose events keep the inspector busy (provider ids). */
    busyCalendarIds: jsonb('busy_calendar_ids').$type<string[]>().notNull().default([]),
    /** Where bookings are written; null: none are. */
    writeCalendarId: text('write_calendar_id'),
    /** Per busy calendar, what the provider gave to read only the changes next time. */
    cursors: jsonb('cursors').$type<Record<string, string>>().notNull().default({}),
    lastSyncedAt: instant('last_synced_at'),
    lastErrorCode: text('last_error_code'),
    /** How many syncs in a row failed (the back-off grows with it). */
    failures: integer('failures').notNull().default(0),
    /** No sync before this (a provider's Retry-After, or the back-off). */
    backingOffUntil: instant('backing_off_until'),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      columns: [t.companyId, t.inspectorId],
      foreignColumns: [inspectors.companyId, inspectors.id],
    }).onDelete('cascade'),
    unique('calendar_connections_inspector_provider_unique').on(t.companyId, t.inspectorId, t.provider),
    index('calendar_connections_status_idx').on(t.status),
  ],
);

/** The busy instances last read from an inspector's calendars: the availability engine's time off. */
export const calendarBusy = pgTable(
  'calendar_busy',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: uuid('company_id').notNull(),
    inspectorId: integer('inspector_id').notNull(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => calendarConnections.id, { onDelete: 'cascade' }),
    calendarId: text('calendar_id').notNull(),
    eventId: text('event_id').notNull(),
    during: tstzrange('during').notNull(),
  },
  (t) => [unique('calendar_busy_event_unique').on(t.connectionId, t.calendarId, t.eventId)],
);

/**
 * The push channels open at Google (events.watch) and Microsoft Graph (subscriptions) for a
 * connection's busy calendars (decision 0096): a notification naming `id` (Google's channel id) or
 * `resource_id` (Graph's subscription id) and carrying the token whose SHA-256 is `token_hash`
 * makes the connection's sync due. Renewed before `expires_at` by the sync job.
 */
export const calendarPushChannels = pgTable(
  'calendar_push_channels',
  {
    /** Our channel id (Google's X-Goog-Channel-ID). */
    id: uuid('id').primaryKey(),
    companyId: uuid('company_id').notNull(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => calendarConnections.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<'google' | 'microsoft'>().notNull(),
    calendarId: text('calendar_id').notNull(),
    /** Google's resourceId, Graph's subscription id; null until the provider granted the channel. */
    resourceId: text('resource_id'),
    /** SHA-256 (hex) of the channel's secret token (Google's channel token, Graph's clientState). */
    tokenHash: text('token_hash').notNull(),
    expiresAt: instant('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('calendar_push_channels_connection_idx').on(t.connectionId),
    unique('calendar_push_channels_resource_unique').on(t.provider, t.resourceId),
  ],
);

/**
 * A removal of our events queued at a disconnect (decision 0104), one per removal job: what the job
 * needs once the connection is gone — the provider, the office's time zone and the credentials,
 * sealed under the removal's own context. The job carries only this row's id and the events' refs,
 * and deletes the row when it ends, so no job row ever holds the credentials.
 */
export const calendarEventRemovals = pgTable('calendar_event_removals', {
  id: uuid('id').primaryKey(),
  companyId: uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  /** The disconnected connection's id (its row is gone: no foreign key), for the logs. */
  connectionId: uuid('connection_id').notNull(),
  provider: text('provider').$type<'caldav' | 'google' | 'microsoft'>().notNull(),
  timeZone: text('time_zone').notNull(),
  credentialsEncrypted: text('credentials_encrypted').notNull(),
  createdAt: createdAt(),
});

/** The bookings written into inspectors' calendars, one per order and inspector: a move or cancel finds it here. */
export const calendarBookingEvents = pgTable(
  'calendar_booking_events',
  {
    companyId: uuid('company_id').notNull(),
    orderId: uuid('order_id').notNull(),
    inspectorId: integer('inspector_id').notNull(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => calendarConnections.id, { onDelete: 'cascade' }),
    calendarId: text('calendar_id').notNull(),
    eventRef: text('event_ref').notNull(),
    uid: text('uid').notNull(),
    etag: text('etag'),
    /** What was written (start and end, epoch ms, and the content's hash): a re-run with nothing new writes nothing. */
    writtenStart: instant('written_start').notNull(),
    writtenEnd: instant('written_end').notNull(),
    contentHash: text('content_hash').notNull(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.orderId, t.inspectorId] }),
    foreignKey({ columns: [t.companyId, t.orderId], foreignColumns: [orders.companyId, orders.id] }).onDelete(
      'cascade',
    ),
  ],
);
