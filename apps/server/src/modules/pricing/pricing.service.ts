import type { PackageResponse, ServiceResponse } from '@scheduler/contracts/catalogue';
import type {
  ApplyCouponResponse,
  CartChangeResponse,
  Pricing,
  PricingCart,
  PricingProperty,
} from '@scheduler/contracts/pricing';
import { applyCartChange, checkCartChange, type CartChange } from '@scheduler/domain/pricing/cart-rules';
import { COUPON_USED_UP_MESSAGE } from '@scheduler/domain/pricing/coupons';
import { agentsOptOutOfPayAtClose } from '@scheduler/domain/pricing/pay-at-close';
import { priceListings, priceOrder, type CouponUse, type PricingResult } from '@scheduler/domain/pricing/engine';
import { priceEdit, type OrderEdit } from '@scheduler/domain/order-edit/edit-pricing';
import type { PropertyAnswers } from '@scheduler/domain/property/property-answers';
import type { Database, Executor } from '../../db/connection.ts';
import type { LatLng } from '@scheduler/domain/availability/geo';
import { AppError, NotFoundError } from '../../errors.ts';
import type { AuthenticatedSession } from '../sessions/sessions.service.ts';
import { recordOrderEvent } from '../orders/orders.service.ts';
import {
  endLeases,
  extendLeases,
  heldUntil,
  loadOrderForPricing,
  redemptionsByOthers,
  saveOrderCart,
  takeRedemption,
  type OrderForPricing,
} from './pricing.repository.ts';
import { pricingStoreOf, type OfficePricing, type PricingStore } from './pricing.store.ts';
import type { ChangeFeed } from '../../db/change-feed.ts';

/** A cart's coupon leases follow its held time (decision 0030): scheduling extends them... */
export function extendCouponLeases(
  db: Executor,
  ref: { companyId: string; orderId: string },
  until: Date,
): Promise<void> {
  return extendLeases(db, ref, until);
}

/** ...and ends them. */
export function endCouponLeases(db: Executor, ref: { companyId: string; orderId: string }, now: Date): Promise<void> {
  return endLeases(db, ref, now);
}

/**
 * What pricing reads of the scheduling store (the app context's): where the order's property is,
 * for fees by distance. Named here by that one method, so that pricing, which scheduling uses for
 * the coupon leases, does not name scheduling back.
 */
export interface PlaceOfOrder {
  placeOf(order: { latitude: number | null; longitude: number | null; postalCode: string }): Promise<LatLng | null>;
}

export interface PricingDeps {
  db: Database;
  scheduling: PlaceOfOrder;
  pricing: PricingStore;
}

/** The cart's dependencies for a caller outside this module (the embed's prefill): the app's one pricing store. */
export function pricingDependencies<Scheduling extends PlaceOfOrder>(ctx: {
  db: Database;
  changes: ChangeFeed;
  clock: () => number;
  scheduling: Scheduling;
}): PricingDeps & { scheduling: Scheduling } {
  return { db: ctx.db, scheduling: ctx.scheduling, pricing: pricingStoreOf(ctx) };
}

/** One order of one company at one office, as the pricing calls name it. */
export interface PricedOrderRef {
  companyId: string;
  officeId: string;
  orderId: string;
}

const MINUTE_MS = 60_000;

export const COUPON_APPLIED_MESSAGE = 'Coupon applied correctly';
export const RUSH_UNAVAILABLE_MESSAGE = 'A rush Repair Estimate Report is not available for this order.';

export async function officePricing(
  deps: PricingDeps,
  ref: Pick<PricedOrderRef, 'companyId' | 'officeId'>,
  db: Executor = deps.db,
): Promise<OfficePricing> {
  const pricing = await deps.pricing.officePricing(ref.companyId, ref.officeId, db);
  if (!pricing) throw new NotFoundError('The office');
  return pricing;
}

async function orderOf(db: Executor, ref: PricedOrderRef, lock: boolean): Promise<OrderForPricing> {
  const order = await loadOrderForPricing(db, ref.companyId, ref.orderId, { lock });
  if (!order) throw new NotFoundError('The order');
  return order;
}

/** What fee rules read about the property: its answers, and where it is (address, else postal code). */
async function propertyOf(deps: PricingDeps, order: OrderForPricing): Promise<PricingProperty> {
  return {
    sqft: order.sqft,
    year_built: order.yearBuilt,
    sales_price: order.salesPrice,
    foundation_type_id: order.foundationTypeId,
    postal_code: order.postalCode,
    location: await deps.scheduling.placeOf(order),
    controls: order.answers,
  };
}

function cartOf(order: Pick<OrderForPricing, 'packageIds' | 'serviceIds' | 'rushRer'>): PricingCart {
  // Pay-at-close is a service of the cart (spec 3.1 `pac_service_uuid`), not a flag of its own.
  return {
    package: order.packageIds[0] ?? null,
    services: order.serviceIds,
    rush_rer: order.rushRer,
    pay_at_close: false,
  };
}

/**
 * The coupons on an order are priced as held: each took a use when applied. A cart's use is only
 * leased (decision 0030), and confirm takes it again, or refuses the coupon, when it lapsed.
 */
function couponUsesOf(order: Pick<OrderForPricing, 'couponCodes'>): CouponUse[] {
  return order.couponCodes.map((code) => ({ code, redemptions: 0 }));
}

async function price(
  deps: PricingDeps,
  pricing: OfficePricing,
  order: OrderForPricing,
  cart: PricingCart,
  coupons: CouponUse[],
  now: Date,
): Promise<PricingResult> {
  return priceOrder({
    catalogue: pricing.catalogue,
    office: pricing.office,
    property: await propertyOf(deps, order),
    cart,
    coupons,
    settings: pricing.settings,
    pacOptOut: agentsOptOutOfPayAtClose(order.agents),
    today: pricing.calendar.localDateOf(now.getTime()),
  });
}

/**
 * The order's pricing (spec 3.10), its duration and what the engine dropped, as of `now`. Reads in
 * the caller's transaction when one is given: confirm freezes this as the order's snapshot.
 */
export async function priceStoredOrder(
  deps: PricingDeps,
  ref: PricedOrderRef,
  now: Date,
  db: Executor = deps.db,
): Promise<PricingResult> {
  const pricing = await officePricing(deps, ref, db);
  const order = await orderOf(db, ref, false);
  return price(deps, pricing, order, cartOf(order), couponUsesOf(order), now);
}

/**
 * A confirmed order's edit by the office, priced (decision 0063): the engine over the order's
 * property and office as they are now, the lines it kept at the snapshot's prices. Also answers
 * the office's catalogue, from which the edit dialog offers packages and services.
 */
export async function priceOrderEdit(
  deps: PricingDeps,
  ref: PricedOrderRef,
  confirmed: Pricing | null,
  edit: OrderEdit,
  now: Date,
  db: Executor = deps.db,
  answers: PropertyAnswers | null = null,
  place: { postalCode: string; latitude: number; longitude: number } | null = null,
): Promise<{ result: PricingResult; office: OfficePricing }> {
  const office = await officePricing(deps, ref, db);
  const order = await orderOf(db, ref, false);
  // A new address (decision 0068, part 3) prices as the wizard's address step would: trip fees
  // and per-area rules read its postal code and place.
  const property = await propertyOf(deps, place ? { ...order, ...place } : order);
  const result = priceEdit(
    {
      catalogue: office.catalogue,
      office: office.office,
      // The office's edit of the property answers prices as the wizard's property step would.
      property: answers
        ? {
            ...property,
            sqft: answers.sqft,
            year_built: answers.yearBuilt,
            sales_price: answers.salesPrice,
            foundation_type_id: answers.foundationTypeId,
            controls: answers.answers,
          }
        : property,
      settings: office.settings,
      pacOptOut: agentsOptOutOfPayAtClose(order.agents),
      today: office.calendar.localDateOf(now.getTime()),
    },
    confirmed,
    edit,
  );
  return { result, office };
}

/** GET /pricing: the sidebar asks after every change, so answers are kept until the order or the company changes. */
export async function getPricing(deps: PricingDeps, session: AuthenticatedSession, now: Date): Promise<Pricing> {
  const pricing = await officePricing(deps, session);
  const today = pricing.calendar.localDateOf(now.getTime());
  return (await deps.pricing.orderPricing(session, today, () => priceStoredOrder(deps, session, now))).pricing;
}

/** GET /services and /packages: list prices for the order's property as far as it is known. */
export async function listPrices(
  deps: PricingDeps,
  session: AuthenticatedSession,
  now: Date,
): Promise<{ services: ServiceResponse[]; packages: PackageResponse[] }> {
  const [pricing, order] = await Promise.all([officePricing(deps, session), orderOf(deps.db, session, false)]);
  return priceListings({
    catalogue: pricing.catalogue,
    office: pricing.office,
    property: await propertyOf(deps, order),
    today: pricing.calendar.localDateOf(now.getTime()),
  });
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

function fieldOf(change: CartChange): string | undefined {
  return change.kind === 'set_package' ? undefined : 'id';
}

/**
 * POST /set_packages, /add_service, /remove_service (spec 4.3, 5.7): checks the change against the
 * cart rules, prices the cart it makes, and stores the cart as priced (pay-at-close taken out when
 * the order no longer qualifies, the rush when nothing has a report). A change while a time is
 * held marks the order `services_changed`; the held time keeps its length until it is held again.
 */
export async function changeCart(
  deps: PricingDeps,
  session: AuthenticatedSession,
  change: CartChange,
  now: Date,
): Promise<CartChangeResponse> {
  const pricing = await officePricing(deps, session);
  return deps.db.transaction(async (tx) => {
    const order = await orderOf(tx, session, true);
    const before = cartOf(order);
    const check = checkCartChange(pricing.catalogue, pricing.settings, before, change);
    if (!check.ok) throw new AppError(400, check.code, check.message, fieldOf(change));
    const result = await price(
      deps,
      pricing,
      order,
      applyCartChange(pricing.catalogue, before, change),
      couponUsesOf(order),
      now,
    );
    const after = result.cart;
    const changed = after.package !== before.package || !sameItems(after.services, before.services);
    const servicesChanged = order.servicesChanged || (changed && order.datetime !== null);
    await saveOrderCart(tx, session.companyId, session.orderId, {
      packageIds: after.package === null ? [] : [after.package],
      serviceIds: after.services,
      rushRer: after.rush_rer,
      couponCodes: order.couponCodes,
      servicesChanged,
      ...(order.datetime === null ? { durationMinutes: result.duration } : {}),
    });
    if (changed)
      await recordOrderEvent(
        tx,
        session.companyId,
        session.orderId,
        'cart_changed',
        cartChangeEvent(before, after, result),
      );
    return {
      status: 'ok',
      duration: result.duration,
      services_changed: servicesChanged,
      pac_removed: result.pacRemoved,
    };
  });
}

/** POST /rush_rer (spec 4.3): the rush is offered when RER_RUSH_ENABLED and something in the cart has a report. */
export async function setRushRer(
  deps: PricingDeps,
  session: AuthenticatedSession,
  rush: boolean,
  now: Date,
): Promise<CartChangeResponse> {
  const pricing = await officePricing(deps, session);
  return deps.db.transaction(async (tx) => {
    const order = await orderOf(tx, session, true);
    const result = await price(deps, pricing, order, { ...cartOf(order), rush_rer: rush }, couponUsesOf(order), now);
    if (rush && !result.cart.rush_rer) throw new AppError(400, 'rush_unavailable', RUSH_UNAVAILABLE_MESSAGE, 'value');
    await saveOrderCart(tx, session.companyId, session.orderId, {
      packageIds: order.packageIds,
      serviceIds: order.serviceIds,
      rushRer: rush,
      couponCodes: order.couponCodes,
      servicesChanged: order.servicesChanged,
    });
    if (rush !== order.rushRer)
      await recordOrderEvent(tx, session.companyId, session.orderId, 'rush_rer_changed', {
        from: order.rushRer,
        to: rush,
      });
    return {
      status: 'ok',
      duration: result.duration,
      services_changed: order.servicesChanged,
      pac_removed: result.pacRemoved,
    };
  });
}

/**
 * POST /apply_coupon (spec 4.9, 8.4): the coupon is checked against the order as it is (dates,
 * minimum, services, the per-order limit, live uses left), then one of its uses is leased to the
 * cart until its held time lapses, or for as long as a hold lasts when it holds none (decision
 * 0030). The database decides who gets a coupon's last use when orders reach for it at once.
 */
export async function applyCoupon(
  deps: PricingDeps,
  session: AuthenticatedSession,
  typed: string,
  now: Date,
): Promise<ApplyCouponResponse> {
  const pricing = await officePricing(deps, session);
  const key = typed.trim().toUpperCase();
  return deps.db.transaction(async (tx) => {
    const order = await orderOf(tx, session, true);
    const others = await redemptionsByOthers(tx, session.companyId, session.orderId, [key], now);
    const uses = [...couponUsesOf(order), { code: typed, redemptions: others.get(key) ?? 0 }];
    const result = await price(deps, pricing, order, cartOf(order), uses, now);
    // The new code is the last one priced, so its refusal (if any) is the last with its text.
    let refusal: (typeof result.refusals)[number] | undefined;
    for (const r of result.refusals) if (r.code === typed) refusal = r;
    if (refusal) {
      await recordOrderEvent(tx, session.companyId, session.orderId, 'coupon_refused', {
        code: key,
        reason: refusal.reason,
      });
      return { status: refusal.reason, message: refusal.message };
    }
    const coupon = pricing.catalogue.coupons.get(key)!;
    const leaseUntil = (await heldUntil(tx, session, now)) ?? new Date(now.getTime() + pricing.holdMinutes * MINUTE_MS);
    if (!(await takeRedemption(tx, session, key, coupon.max_redemptions, { leaseUntil, now }))) {
      await recordOrderEvent(tx, session.companyId, session.orderId, 'coupon_refused', {
        code: key,
        reason: 'used_up',
      });
      return { status: 'used_up', message: COUPON_USED_UP_MESSAGE };
    }
    await saveOrderCart(tx, session.companyId, session.orderId, {
      packageIds: order.packageIds,
      serviceIds: order.serviceIds,
      rushRer: order.rushRer,
      couponCodes: [...order.couponCodes, coupon.code],
      servicesChanged: order.servicesChanged,
    });
    await recordOrderEvent(tx, session.companyId, session.orderId, 'coupon_applied', {
      code: coupon.code,
      lease_until: leaseUntil.toISOString(),
    });
    return { status: 'ok', message: COUPON_APPLIED_MESSAGE };
  });
}

/** What the audit trail keeps of a cart change: what was and is in the cart, and the new total. */
function cartChangeEvent(before: PricingCart, after: PricingCart, result: PricingResult): Record<string, unknown> {
  return {
    from: { package: before.package, services: before.services },
    to: { package: after.package, services: after.services },
    total_cents: result.pricing.totals.grand_total,
  };
}

/**
 * Confirm makes the cart's coupon uses the order's own (decision 0030), in its transaction: a use
 * still leased (or lapsed but not yet taken by another cart) is kept; one that another cart took
 * is taken again while uses are left. Answers the codes that are used up.
 */
export async function claimCouponUses(
  deps: PricingDeps,
  ref: PricedOrderRef,
  codes: readonly string[],
  now: Date,
  tx: Executor,
): Promise<string[]> {
  if (codes.length === 0) return [];
  const pricing = await officePricing(deps, ref, tx);
  const usedUp: string[] = [];
  for (const code of codes) {
    const coupon = pricing.catalogue.coupons.get(code.toUpperCase());
    // A coupon the company has removed since is refused by the pricing engine: no use to take.
    if (!coupon) continue;
    if (!(await takeRedemption(tx, ref, code.toUpperCase(), coupon.max_redemptions, { leaseUntil: null, now })))
      usedUp.push(code);
  }
  return usedUp;
}

/** Takes used-up coupons off a cart that is not confirmed, and says so in its audit trail. */
export async function dropCoupons(deps: PricingDeps, ref: PricedOrderRef, codes: readonly string[]): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const order = await orderOf(tx, ref, true);
    await saveOrderCart(tx, ref.companyId, ref.orderId, {
      packageIds: order.packageIds,
      serviceIds: order.serviceIds,
      rushRer: order.rushRer,
      couponCodes: order.couponCodes.filter((code) => !codes.includes(code)),
      servicesChanged: order.servicesChanged,
    });
    for (const code of codes)
      await recordOrderEvent(tx, ref.companyId, ref.orderId, 'coupon_dropped', {
        code: code.toUpperCase(),
        reason: 'used_up',
      });
  });
}
