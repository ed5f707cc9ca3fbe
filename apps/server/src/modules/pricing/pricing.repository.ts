import { and, asc, count, eq, gt, inArray, isNotNull, isNull, lte, min, ne, or, sql } from 'drizzle-orm';
import type { Coupon, Fee, FeeRule, PropertyControl, Tax } from '@scheduler/contracts/company-document';
import { pricingRulesSchema, type PricingRules } from '@scheduler/contracts/pricing';
import type { OrderAgentOptOut } from '@scheduler/domain/pricing/pay-at-close';
import { documentPricingRules } from '@scheduler/domain/pricing/pricing-catalogue';
import { readTogether, type Executor } from '../../db/connection.ts';
import { packageFromRow, serviceFromRow } from '../../db/document-rows.ts';
import * as t from '../../db/schema.ts';

/** What pricing reads about a company and one of its offices: its catalogue, rules and settings. */
export interface PricingSource {
  currency: string;
  settings: Array<{ key: string; value: string | number | boolean | null }>;
  rerRushAmountCents: number;
  services: ReturnType<typeof serviceFromRow>[];
  packages: ReturnType<typeof packageFromRow>[];
  rules: PricingRules;
  controls: Array<Pick<PropertyControl, 'id' | 'type' | 'label' | 'length' | 'required' | 'options'>>;
  office: {
    uuid: string;
    timeZone: string;
    latitude: number | null;
    longitude: number | null;
    scheduling: Record<string, unknown>;
  };
}

export async function loadPricingSource(
  db: Executor,
  companyId: string,
  officeId: string,
): Promise<PricingSource | null> {
  const [[row], services, packages, packageServices, fees, taxes, coupons, [pricing], controls] = await readTogether(
    db,
    [
      () =>
        db
          .select({
            currency: t.companies.currency,
            settings: t.companies.settings,
            rerRushAmountCents: t.companies.rerRushAmountCents,
            officeId: t.offices.id,
            timeZone: t.offices.timeZone,
            latitude: t.offices.latitude,
            longitude: t.offices.longitude,
            scheduling: t.offices.scheduling,
          })
          .from(t.offices)
          .innerJoin(t.companies, eq(t.companies.id, t.offices.companyId))
          .where(and(eq(t.offices.companyId, companyId), eq(t.offices.id, officeId))),
      () =>
        db
          .select()
          .from(t.services)
          .where(eq(t.services.companyId, companyId))
          .orderBy(asc(t.services.sort), asc(t.services.name)),
      () =>
        db
          .select()
          .from(t.packages)
          .where(eq(t.packages.companyId, companyId))
          .orderBy(asc(t.packages.sort), asc(t.packages.id)),
      () =>
        db
          .select()
          .from(t.packageServices)
          .where(eq(t.packageServices.companyId, companyId))
          .orderBy(asc(t.packageServices.position)),
      () => db.select().from(t.fees).where(eq(t.fees.companyId, companyId)).orderBy(asc(t.fees.position)),
      () => db.select().from(t.taxes).where(eq(t.taxes.companyId, companyId)).orderBy(asc(t.taxes.position)),
      () => db.select().from(t.coupons).where(eq(t.coupons.companyId, companyId)).orderBy(asc(t.coupons.position)),
      () =>
        db
          .select({ rules: t.companyPricing.rules })
          .from(t.companyPricing)
          .where(eq(t.companyPricing.companyId, companyId)),
      () =>
        db
          .select({
            id: t.propertyControls.id,
            type: t.propertyControls.type,
            label: t.propertyControls.label,
            length: t.propertyControls.length,
            required: t.propertyControls.required,
            options: t.propertyControls.options,
          })
          .from(t.propertyControls)
          .where(eq(t.propertyControls.companyId, companyId))
          .orderBy(asc(t.propertyControls.sort), asc(t.propertyControls.id)),
    ],
  );
  if (!row) return null;
  const rules = documentPricingRules({
    fees: fees.map((f): Fee => ({
      code: f.code,
      description: f.description,
      scope: f.scope,
      services: f.services,
      rule: f.rule as FeeRule,
    })),
    taxes: taxes.map((x): Tax => ({ code: x.code, name: x.name, rate_percent: x.ratePercent, services: x.services })),
    coupons: coupons.map((c): Coupon => ({
      code: c.displayCode,
      name: c.name,
      discount: c.discount as Coupon['discount'],
      valid_from: c.validFrom,
      valid_until: c.validUntil,
      max_redemptions: c.maxRedemptions,
      active: c.active,
    })),
    // Validated when the document was imported; parsing again fills in what older rows leave out.
    pricing: pricingRulesSchema.parse(pricing?.rules ?? {}),
  });
  return {
    currency: row.currency,
    settings: row.settings,
    rerRushAmountCents: row.rerRushAmountCents,
    services: services.map(serviceFromRow),
    packages: packages.map((p) => packageFromRow(p, packageServices)),
    rules,
    controls: controls.map((c) => ({ ...c, type: c.type as PropertyControl['type'] })),
    office: {
      uuid: row.officeId,
      timeZone: row.timeZone,
      latitude: row.latitude,
      longitude: row.longitude,
      scheduling: row.scheduling,
    },
  };
}

/** The order's fields that pricing reads: its cart, its property, its time, its agents' pay-at-close opt-outs. */
export async function loadOrderForPricing(
  db: Executor,
  companyId: string,
  orderId: string,
  options: { lock: boolean },
) {
  const query = db
    .select({
      id: t.orders.id,
      datetime: t.orders.datetime,
      durationMinutes: t.orders.durationMinutes,
      packageIds: t.orders.packageIds,
      serviceIds: t.orders.serviceIds,
      couponCodes: t.orders.couponCodes,
      rushRer: t.orders.rushRer,
      servicesChanged: t.orders.servicesChanged,
      sqft: t.orders.sqft,
      yearBuilt: t.orders.yearBuilt,
      foundationTypeId: t.orders.foundationTypeId,
      salesPrice: t.orders.salesPrice,
      postalCode: t.orders.postalCode,
      latitude: t.orders.latitude,
      longitude: t.orders.longitude,
      // The agents whose pay-at-close opt-out counts (spec 5.8): the order's copy and the directory's record.
      agents: sql<string>`(
        select coalesce(json_agg(json_build_object('party', p.role, 'onOrder', p.person -> 'pac_opt_out', 'inDirectory', a.pac_opt_out)), '[]')::text
        from ${t.orderParties} p
        left join ${t.agents} a on a.company_id = p.company_id and a.id = p.agent_id
        where p.company_id = ${t.orders}.company_id and p.order_id = ${t.orders}.id and p.role in ('buyers_agent', 'sellers_agent'))`,
      // The property answers, in the same statement: every price (the wizard's, the confirm's) reads them.
      answers: sql<string>`(
        select coalesce(json_agg(json_build_object('id', a.control_id, 'value', a.value, 'checked', a.checked) order by a.control_id), '[]')::text
        from ${t.orderAnswers} a
        where a.company_id = ${t.orders}.company_id and a.order_id = ${t.orders}.id)`,
    })
    .from(t.orders)
    .where(and(eq(t.orders.companyId, companyId), eq(t.orders.id, orderId)));
  // A cart change reads, decides and writes: two at once on one order must take turns.
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) return null;
  return {
    ...row,
    agents: JSON.parse(row.agents) as OrderAgentOptOut[],
    answers: JSON.parse(row.answers) as OrderAnswerRow[],
  };
}

/** One stored property answer, as pricing reads it. */
interface OrderAnswerRow {
  id: number;
  value: string | null;
  checked: boolean;
}
export type OrderForPricing = NonNullable<Awaited<ReturnType<typeof loadOrderForPricing>>>;

export interface CartRow {
  packageIds: number[];
  serviceIds: string[];
  rushRer: boolean;
  couponCodes: string[];
  servicesChanged: boolean;
  /** Set only while no time is held: a held time keeps the length it was held for. */
  durationMinutes?: number;
}

export async function saveOrderCart(db: Executor, companyId: string, orderId: string, cart: CartRow): Promise<void> {
  await db
    .update(t.orders)
    .set({ ...cart, saved: true, updatedAt: new Date() })
    .where(and(eq(t.orders.companyId, companyId), eq(t.orders.id, orderId)));
}

/** A use counts while it belongs to a confirmed order (no lease) or its cart's lease runs. */
function liveUse(now: Date) {
  return or(isNull(t.couponRedemptions.leaseExpiresAt), gt(t.couponRedemptions.leaseExpiresAt, now));
}

/** How many live uses of each code orders other than this one hold. */
export async function redemptionsByOthers(
  db: Executor,
  companyId: string,
  orderId: string,
  codes: string[],
  now: Date,
): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ code: t.couponRedemptions.code, uses: count() })
    .from(t.couponRedemptions)
    .where(
      and(
        eq(t.couponRedemptions.companyId, companyId),
        inArray(t.couponRedemptions.code, codes),
        ne(t.couponRedemptions.orderId, orderId),
        liveUse(now),
      ),
    )
    .groupBy(t.couponRedemptions.code);
  return new Map(rows.map((r) => [r.code, r.uses]));
}

/** The most attempts at a numbered use: each lost race means another order took a number meanwhile. */
const REDEMPTION_ATTEMPTS = 5;

/** Until when the order's use is held: a date for a cart (its lease), null for a confirmed order (the use is its own). */
export type UseTerms = { leaseUntil: Date | null; now: Date };

/**
 * Takes one use of a coupon for the order, or keeps the one it has (a cart's live lease as it
 * is; a confirm's for good): the
 * lowest free number up to `maxUses` (no number for a coupon without a limit). Lapsed leases of
 * other carts are given up first, so their numbers are free again. The database's unique key
 * decides races; a lost one tries the next free number. False when every use is taken.
 *
 * Why a lapsed lease is deleted by a condition on its own row: a confirm that claims that same
 * use (`claimOwnUse`) updates the row first, and PostgreSQL re-checks a waiting delete against the
 * updated row, which then has no lease. Exactly one of them gets the use.
 */
export async function takeRedemption(
  db: Executor,
  ref: { companyId: string; orderId: string },
  code: string,
  maxUses: number | null,
  terms: UseTerms,
): Promise<boolean> {
  if (terms.leaseUntil === null ? await claimOwnUse(db, ref, code) : await holdsLiveUse(db, ref, code, terms.now))
    return true;
  if (maxUses === null) {
    await db
      .insert(t.couponRedemptions)
      .values({
        companyId: ref.companyId,
        orderId: ref.orderId,
        code,
        useNumber: null,
        maxUses: null,
        leaseExpiresAt: terms.leaseUntil,
      })
      .onConflictDoNothing();
    return true;
  }
  await db
    .delete(t.couponRedemptions)
    .where(
      and(
        eq(t.couponRedemptions.companyId, ref.companyId),
        eq(t.couponRedemptions.code, code),
        lte(t.couponRedemptions.leaseExpiresAt, terms.now),
      ),
    );
  for (let attempt = 0; attempt < REDEMPTION_ATTEMPTS; attempt++) {
    // Both drivers (PGlite and node-postgres) answer raw SQL with `{ rows }`.
    const taken = (await db.execute(sql`
      insert into ${t.couponRedemptions} (company_id, order_id, code, use_number, max_uses, lease_expires_at)
      select ${ref.companyId}, ${ref.orderId}, ${code}, n, ${maxUses}::int, ${terms.leaseUntil?.toISOString() ?? null}::timestamptz
      from generate_series(1, ${maxUses}::int) as n
      where not exists (
        select 1 from ${t.couponRedemptions} r
        where r.company_id = ${ref.companyId} and r.code = ${code} and r.use_number = n)
      order by n
      limit 1
      on conflict do nothing
      returning use_number`)) as unknown as { rows: unknown[] };
    if (taken.rows.length > 0) return true;
    const [held] = await db
      .select({ uses: count() })
      .from(t.couponRedemptions)
      .where(and(eq(t.couponRedemptions.companyId, ref.companyId), eq(t.couponRedemptions.code, code)));
    if ((held?.uses ?? 0) >= maxUses) return false;
  }
  return false;
}

/**
 * A confirm makes the order's own use of the code its own for good (no lease), if it still has
 * one: a lapsed lease nobody reclaimed yet included, since its number is still the order's.
 */
async function claimOwnUse(db: Executor, ref: { companyId: string; orderId: string }, code: string): Promise<boolean> {
  const kept = await db
    .update(t.couponRedemptions)
    .set({ leaseExpiresAt: null })
    .where(
      and(
        eq(t.couponRedemptions.companyId, ref.companyId),
        eq(t.couponRedemptions.orderId, ref.orderId),
        eq(t.couponRedemptions.code, code),
      ),
    )
    .returning({ code: t.couponRedemptions.code });
  return kept.length > 0;
}

/**
 * Whether a cart still holds a live use of the code, which it keeps as it is: taking the coupon
 * again never moves its lease later (issue 39), or a cart re-applying it every few minutes would
 * keep a limited coupon from everyone without ever booking. Once its lease has lapsed the cart
 * reaches for a use like any other cart. Only a new hold extends a lease (`extendLeases`).
 */
async function holdsLiveUse(
  db: Executor,
  ref: { companyId: string; orderId: string },
  code: string,
  now: Date,
): Promise<boolean> {
  const [own] = await db
    .select({ code: t.couponRedemptions.code })
    .from(t.couponRedemptions)
    .where(
      and(
        eq(t.couponRedemptions.companyId, ref.companyId),
        eq(t.couponRedemptions.orderId, ref.orderId),
        eq(t.couponRedemptions.code, code),
        liveUse(now),
      ),
    );
  return own !== undefined;
}

/**
 * A cart's leases follow its held time: a new hold extends them to its expiry. Uses already
 * given up are not taken again here; confirm takes them again or says the coupon is used up.
 */
export async function extendLeases(
  db: Executor,
  ref: { companyId: string; orderId: string },
  until: Date,
): Promise<void> {
  await db
    .update(t.couponRedemptions)
    .set({ leaseExpiresAt: until })
    .where(
      and(
        eq(t.couponRedemptions.companyId, ref.companyId),
        eq(t.couponRedemptions.orderId, ref.orderId),
        isNotNull(t.couponRedemptions.leaseExpiresAt),
      ),
    );
}

/** A cart that gives up its held time gives up its uses with it (the codes stay on the order). */
export async function endLeases(db: Executor, ref: { companyId: string; orderId: string }, now: Date): Promise<void> {
  await extendLeases(db, ref, now);
}

/** The earliest expiry of the order's live hold, if it holds a time. */
export async function heldUntil(
  db: Executor,
  ref: { companyId: string; orderId: string },
  now: Date,
): Promise<Date | null> {
  const [row] = await db
    .select({ until: min(t.appointments.holdExpiresAt) })
    .from(t.appointments)
    .where(
      and(
        eq(t.appointments.companyId, ref.companyId),
        eq(t.appointments.orderId, ref.orderId),
        eq(t.appointments.kind, 'hold'),
        gt(t.appointments.holdExpiresAt, now),
      ),
    );
  return row?.until ?? null;
}
