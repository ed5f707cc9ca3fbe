import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import type { AppointmentSlot } from '@scheduler/contracts/scheduling';
import type { Pricing } from '@scheduler/contracts/pricing';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import {
  demoDocument,
  startDemoSession,
  startTestApp,
  TEST_ADMIN_TOKEN,
  type TestApp,
} from '../../test-support/test-app.ts';

const API = '/demo/json/online_scheduler';

/** Demo services and packages (examples/demo-company.json). */
const S = {
  singleFamily: 'a1c0ffee-0000-4000-8000-000000000001',
  condo: 'a1c0ffee-0000-4000-8000-000000000002',
  radon: 'a1c0ffee-0000-4000-8000-000000000006',
  termite: 'a1c0ffee-0000-4000-8000-000000000008',
  wellWater: 'a1c0ffee-0000-4000-8000-000000000011',
  payAtClose: 'a1c0ffee-0000-4000-8000-000000000013',
} as const;

/** The demo's required property answers besides square feet and year built: occupancy and utilities. */
const REQUIRED_CONTROLS = [
  { id: 5, value: '1', checked: false },
  { id: 6, value: null, checked: true },
];

describeOnEachDatabase('pricing and the cart', { onPgliteToo: 'engine tests' }, (factory, { itOnEveryDatabase }) => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await startTestApp(factory, {
      config: { SESSION_RATE_LIMIT: '1000', SEARCH_RATE_LIMIT: '1000', WRITE_RATE_LIMIT: '1000' },
    });
  });
  afterAll(async () => harness.close());

  const get = (token: string, path: string) =>
    harness.app.inject({ method: 'GET', url: `${API}${path}`, headers: { 'x-auth-token': token } });
  const post = (token: string, path: string, payload: unknown) =>
    harness.app.inject({
      method: 'POST',
      url: `${API}${path}`,
      headers: { 'x-auth-token': token, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
  const pricing = async (token: string) => (await get(token, '/pricing')).json<Pricing>();
  const orderOf = async (token: string) =>
    (
      await harness.app.inject({
        method: 'GET',
        url: '/demo/online-scheduler/order',
        headers: { 'x-auth-token': token },
      })
    ).json<{
      id: string;
      saved: boolean;
      services: string[];
      packages: number[];
      services_changed: boolean;
      duration: number;
    }>();

  /** The order's audit trail of one kind, oldest first. */
  async function eventsOf(token: string, type: string): Promise<Array<Record<string, unknown>>> {
    const { id } = await orderOf(token);
    const rows = await harness.database.db
      .select()
      .from(t.orderEvents)
      .where(and(eq(t.orderEvents.orderId, id), eq(t.orderEvents.type, type)));
    return rows.sort((a, b) => a.id - b.id).map((row) => row.data);
  }

  /** Imports the demo document changed by `change`, and waits until this instance has heard of it. */
  async function importDemo(change: (doc: Record<string, unknown>) => void = () => {}) {
    const doc = demoDocument();
    change(doc);
    const response = await harness.app.inject({
      method: 'PUT',
      url: '/api/admin/companies/demo',
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
      payload: doc,
    });
    expect(response.statusCode).toBe(200);
  }

  async function withSingleFamily(): Promise<string> {
    const token = await startDemoSession(harness.app);
    expect((await post(token, '/add_service', S.singleFamily)).statusCode).toBe(200);
    return token;
  }

  it('prices an empty cart at nothing, and the office says what a rush costs', async () => {
    const token = await startDemoSession(harness.app);
    const empty = await pricing(token);
    expect(empty.totals).toEqual({
      subtotal: 0,
      discounts: 0,
      additional: 0,
      taxes: 0,
      grand_total: 0,
      display_total: 0,
    });
    expect(empty.package).toBeNull();
    const office = await harness.app.inject({
      method: 'GET',
      url: '/demo/online-scheduler/office',
      headers: { 'x-auth-token': token },
    });
    expect(office.json()).toMatchObject({ rer_rush_amount: 9900 });
  });

  it('add_service answers the duration; /pricing prices the cart by the engine', async () => {
    const token = await startDemoSession(harness.app);
    const added = await post(token, '/add_service', S.singleFamily);
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ status: 'ok', duration: 180, services_changed: false, pac_removed: false });
    // 42500; Franklin County 7.5% = 3187.5 -> 3188; total 45688. No property facts yet: no fees.
    const priced = await pricing(token);
    expect(priced.totals).toMatchObject({ subtotal: 42500, taxes: 3188, grand_total: 45688 });
    expect(priced.services.map((s) => s.id)).toEqual([S.singleFamily]);
    expect(priced.convenience_fee_message).toMatch(/convenience fee/);
    // The bare id (the spec's body) and {id} are the same call.
    const radon = await post(token, '/add_service', { id: S.radon });
    expect(radon.json()).toMatchObject({ duration: 210 });
    expect((await orderOf(token)).services).toEqual([S.singleFamily, S.radon]);
    expect((await orderOf(token)).duration).toBe(210);
  });

  it('holds to the cart rules with the spec messages', async () => {
    const token = await startDemoSession(harness.app);
    // REQUIRE_PRIMARY_SERVICE_BEFORE_ANCILLARY is on in the demo.
    const ancillaryFirst = await post(token, '/add_service', S.radon);
    expect(ancillaryFirst.statusCode).toBe(400);
    expect(ancillaryFirst.json()).toEqual({
      error: { code: 'primary_required', message: "Please add a 'primary' service to your cart first", field: 'id' },
    });
    await post(token, '/add_service', S.singleFamily);
    const twice = await post(token, '/add_service', S.singleFamily);
    expect(twice.json()).toMatchObject({
      error: { code: 'service_in_cart', message: 'Service already exists in cart' },
    });
    const absent = await post(token, '/remove_service', S.termite);
    expect(absent.json()).toMatchObject({
      error: { code: 'service_not_in_cart', message: 'Service does not exist in cart' },
    });
    await post(token, '/add_service', S.radon);
    const stranding = await post(token, '/remove_service', S.singleFamily);
    expect(stranding.statusCode).toBe(400);
    expect(stranding.json()).toMatchObject({
      error: {
        code: 'primary_required_to_remove',
        message:
          'At least one primary service is required. Please remove any ancillary services before removing this service.',
      },
    });
    const unknown = await post(token, '/add_service', '00000000-0000-4000-8000-000000000000');
    expect(unknown.json()).toMatchObject({ error: { code: 'unknown_item' } });
    expect((await post(token, '/add_service', 'not-a-uuid')).statusCode).toBe(400);
    expect((await post(token, '/add_service', { id: S.radon, extra: 1 })).statusCode).toBe(400);
    // The refused calls changed nothing.
    expect((await orderOf(token)).services).toEqual([S.singleFamily, S.radon]);
    expect((await post(token, '/remove_service', S.radon)).json()).toMatchObject({ duration: 180 });
  });

  it('refuses a second primary service when only one is allowed', async () => {
    await importDemo((doc) =>
      (doc.settings as Array<{ key: string; value: string }>).push({
        key: 'ONLINE_SCHEDULER_V3_ALLOW_ONLY_SINGLE_SERVICE',
        value: 'Y',
      }),
    );
    try {
      const token = await withSingleFamily();
      const second = await post(token, '/add_service', S.condo);
      expect(second.json()).toMatchObject({
        error: { code: 'single_primary_only', message: 'Only one primary service can be ordered at a time.' },
      });
      expect((await post(token, '/add_service', S.radon)).statusCode).toBe(200);
    } finally {
      await importDemo();
    }
  });

  it('set_packages chooses ([id]) and removes ([]) the package', async () => {
    const token = await startDemoSession(harness.app);
    // Buyer's Complete: 79500 for Single-Family, Radon, Termite and Sewer; 180 + 30 + 30 + 60 minutes.
    const chosen = await post(token, '/set_packages', [2]);
    expect(chosen.json()).toMatchObject({ status: 'ok', duration: 300 });
    const priced = await pricing(token);
    expect(priced.package).toMatchObject({
      id: 2,
      base: 79500,
      amount: 79500,
      savings: 42500 + 15000 + 9500 + 22500 - 79500,
    });
    // 79500; tax 5962.5 -> 5963.
    expect(priced.totals).toMatchObject({ subtotal: 79500, taxes: 5963, grand_total: 85463 });
    expect((await orderOf(token)).packages).toEqual([2]);
    expect((await post(token, '/set_packages', [1, 2])).statusCode).toBe(400);
    expect((await post(token, '/set_packages', [99])).json()).toMatchObject({ error: { code: 'unknown_item' } });
    const removed = await post(token, '/set_packages', []);
    expect(removed.json()).toMatchObject({ status: 'ok' });
    expect((await pricing(token)).package).toBeNull();
    expect((await orderOf(token)).packages).toEqual([]);
  });

  it('rush_rer takes the form-encoded value and JSON, only when something has a report', async () => {
    const token = await startDemoSession(harness.app);
    const form = (value: string) =>
      harness.app.inject({
        method: 'POST',
        url: `${API}/rush_rer`,
        headers: { 'x-auth-token': token, 'content-type': 'application/x-www-form-urlencoded' },
        payload: `value=${value}`,
      });
    const nothing = await form('1');
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toMatchObject({ error: { code: 'rush_unavailable', field: 'value' } });
    await post(token, '/add_service', S.singleFamily);
    expect((await form('1')).statusCode).toBe(200);
    expect((await pricing(token)).additional.fees).toContainEqual({
      code: 'rer-rush',
      description: 'Repair Estimate Report Rush Delivery',
      value: 9900,
    });
    expect((await post(token, '/rush_rer', { value: 0 })).statusCode).toBe(200);
    expect((await pricing(token)).additional.total).toBe(0);
    expect((await form('yes')).statusCode).toBe(400);
    // Removing the only service with a report takes the rush off too (spec 4.3).
    await post(token, '/rush_rer', { value: true });
    await post(token, '/add_service', S.radon);
    await post(token, '/add_service', S.condo);
    await post(token, '/remove_service', S.singleFamily);
    expect((await pricing(token)).additional.fees.map((f) => f.code)).toEqual(['rer-rush']);
  });

  it('applies coupons: ok, or the refusal with its message, both as 200', async () => {
    const token = await withSingleFamily();
    const unknown = await post(token, '/apply_coupon', 'NOSUCHCODE');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ status: 'unknown', message: 'This coupon code is not valid.' });
    expect((await post(token, '/apply_coupon', 'HOLIDAY2025')).json()).toEqual({
      status: 'expired',
      message: 'This coupon has expired.',
    });
    // A coupon for radon only, on a cart without radon.
    expect((await post(token, '/apply_coupon', { code: 'RADONCHECK' })).json()).toMatchObject({
      status: 'not_applicable',
    });
    expect((await post(token, '/apply_coupon', 'firsthome')).json()).toEqual({
      status: 'ok',
      message: 'Coupon applied correctly',
    });
    // 10% of 42500 = 4250; tax on 38250 = 2868.75 -> 2869; total 41119.
    const priced = await pricing(token);
    expect(priced.coupons).toEqual([{ code: 'FIRSTHOME', name: 'First-Time Buyer 10% Off', amount: 4250 }]);
    expect(priced.totals).toMatchObject({ subtotal: 42500, discounts: 4250, taxes: 2869, grand_total: 41119 });
    expect((await post(token, '/apply_coupon', 'FIRSTHOME')).json()).toMatchObject({ status: 'duplicate' });
    // COUPON_LIMIT is 1 in the demo.
    expect((await post(token, '/apply_coupon', 'SERVE50')).json()).toEqual({
      status: 'limit',
      message: 'Only one coupon can be used on an order.',
    });
    expect((await post(token, '/apply_coupon', '')).statusCode).toBe(400);
  });

  it('refuses a coupon below its minimum order, in the company currency', async () => {
    const token = await startDemoSession(harness.app);
    await post(token, '/add_service', S.condo);
    // SPRING25 needs $400; a condo inspection is $325.
    expect((await post(token, '/apply_coupon', 'SPRING25')).json()).toEqual({
      status: 'minimum_order',
      message: 'This coupon needs an order of at least $400.00.',
    });
  });

  itOnEveryDatabase('gives the last use of a coupon to exactly one of two orders applying it at once', async () => {
    await importDemo((doc) => {
      const pricingSection = doc.pricing as { coupons: unknown[] };
      pricingSection.coupons.push({
        code: 'LASTONE',
        name: 'The Last One',
        discount: { kind: 'amount', amount_cents: 1000 },
        max_redemptions: 1,
      });
    });
    try {
      const [first, second, third] = await Promise.all([withSingleFamily(), withSingleFamily(), withSingleFamily()]);
      const answers = await Promise.all([
        post(first, '/apply_coupon', 'LASTONE'),
        post(second, '/apply_coupon', 'LASTONE'),
      ]);
      const statuses = answers.map((a) => a.json<{ status: string }>().status).sort();
      expect(statuses).toEqual(['ok', 'used_up']);
      expect((await post(third, '/apply_coupon', 'LASTONE')).json()).toEqual({
        status: 'used_up',
        message: 'This coupon is no longer available.',
      });
      const winner = answers[0]!.json<{ status: string }>().status === 'ok' ? first : second;
      const loser = winner === first ? second : first;
      expect((await pricing(winner)).coupons).toEqual([{ code: 'LASTONE', name: 'The Last One', amount: 1000 }]);
      expect((await pricing(loser)).coupons).toEqual([]);
      // Whether the count or the numbered use told it (PostgreSQL lets both count at once), the audit trail says why.
      expect(await eventsOf(loser, 'coupon_refused')).toEqual([{ code: 'LASTONE', reason: 'used_up' }]);
    } finally {
      await importDemo();
    }
  });

  it('counts the uses of each limited coupon apart', async () => {
    await importDemo((doc) => {
      const pricingSection = doc.pricing as { coupons: unknown[] };
      pricingSection.coupons.push(
        { code: 'ONLYONE', name: 'Only One', discount: { kind: 'amount', amount_cents: 1000 }, max_redemptions: 1 },
        { code: 'ONEMORE', name: 'One More', discount: { kind: 'amount', amount_cents: 1500 }, max_redemptions: 1 },
      );
    });
    try {
      const [first, second, third] = await Promise.all([withSingleFamily(), withSingleFamily(), withSingleFamily()]);
      expect((await post(first, '/apply_coupon', 'ONLYONE')).json()).toMatchObject({ status: 'ok' });
      // The other coupon's single use is still free: one count per coupon, not one for all.
      expect((await post(second, '/apply_coupon', 'ONEMORE')).json()).toMatchObject({ status: 'ok' });
      expect((await post(third, '/apply_coupon', 'ONLYONE')).json()).toMatchObject({ status: 'used_up' });
      expect((await post(third, '/apply_coupon', 'ONEMORE')).json()).toMatchObject({ status: 'used_up' });
    } finally {
      await importDemo();
    }
  });

  it('says a coupon is used up while other orders hold all its uses, before saying the order has its coupons', async () => {
    await importDemo((doc) => {
      (doc.pricing as { coupons: unknown[] }).coupons.push({
        code: 'TAKENUSE',
        name: 'Taken Use',
        discount: { kind: 'amount', amount_cents: 1000 },
        max_redemptions: 1,
      });
    });
    try {
      const [holder, latecomer] = await Promise.all([withSingleFamily(), withSingleFamily()]);
      expect((await post(holder, '/apply_coupon', 'TAKENUSE')).json()).toMatchObject({ status: 'ok' });
      // COUPON_LIMIT is 1: the latecomer's cart has its one coupon, and the other is gone anyway.
      expect((await post(latecomer, '/apply_coupon', 'SERVE50')).json()).toMatchObject({ status: 'ok' });
      expect((await post(latecomer, '/apply_coupon', 'TAKENUSE')).json()).toEqual({
        status: 'used_up',
        message: 'This coupon is no longer available.',
      });
      expect(await eventsOf(latecomer, 'coupon_refused')).toEqual([{ code: 'TAKENUSE', reason: 'used_up' }]);
    } finally {
      await importDemo();
    }
  });

  it('answers for the code typed, not for a coupon already on the order that stopped applying', async () => {
    await importDemo((doc) => {
      (doc.pricing as { coupons: unknown[] }).coupons.push({
        code: 'OVER400',
        name: '$25 Off $400',
        discount: { kind: 'amount', amount_cents: 2500 },
        min_order_cents: 40000,
      });
    });
    try {
      const token = await withSingleFamily();
      expect((await post(token, '/apply_coupon', 'OVER400')).json()).toMatchObject({ status: 'ok' });
      // A condo instead of the house: $325, below the coupon's minimum, which the pricing now refuses.
      await post(token, '/add_service', S.condo);
      await post(token, '/remove_service', S.singleFamily);
      expect((await pricing(token)).coupons).toEqual([]);
      // The refused coupon takes none of the order's one coupon place.
      expect((await post(token, '/apply_coupon', 'SERVE50')).json()).toEqual({
        status: 'ok',
        message: 'Coupon applied correctly',
      });
      expect((await pricing(token)).coupons.map((c) => c.code)).toEqual(['SERVE50']);
    } finally {
      await importDemo();
    }
  });

  it('applies only one of two coupons sent at the same moment to an order that takes one', async () => {
    const token = await withSingleFamily();
    // On PostgreSQL the two run at once: the order's row lock makes the second see the first.
    const answers = await Promise.all([
      post(token, '/apply_coupon', 'FOUNDERS'),
      post(token, '/apply_coupon', 'SERVE50'),
    ]);
    expect(answers.map((a) => a.json<{ status: string }>().status).sort()).toEqual(['limit', 'ok']);
    expect((await pricing(token)).coupons).toHaveLength(1);
    const { id } = await orderOf(token);
    expect(
      await harness.database.db.select().from(t.couponRedemptions).where(eq(t.couponRedemptions.orderId, id)),
    ).toHaveLength(1);
  });

  itOnEveryDatabase('keeps both of two cart changes made at the same moment', async () => {
    const token = await withSingleFamily();
    // On PostgreSQL the two run at once: without the order's row lock each would write back the cart it read.
    const answers = await Promise.all([post(token, '/add_service', S.radon), post(token, '/rush_rer', { value: 1 })]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect((await orderOf(token)).services).toEqual([S.singleFamily, S.radon]);
    expect((await pricing(token)).additional.fees.map((f) => f.code)).toEqual(['rer-rush']);
  });

  it('marks the order saved with its first cart change', async () => {
    const token = await startDemoSession(harness.app);
    expect((await orderOf(token)).saved).toBe(false);
    expect((await post(token, '/add_service', S.singleFamily)).statusCode).toBe(200);
    expect((await orderOf(token)).saved).toBe(true);
  });

  it('names the id when a service change is refused, and no field when a package choice is', async () => {
    const token = await startDemoSession(harness.app);
    expect((await post(token, '/add_service', '00000000-0000-4000-8000-000000000000')).json().error).toMatchObject({
      code: 'unknown_item',
      field: 'id',
    });
    const refused = (await post(token, '/set_packages', [99])).json<{ error: Record<string, unknown> }>().error;
    expect(refused).toMatchObject({ code: 'unknown_item' });
    expect(refused).not.toHaveProperty('field');
  });

  it('writes a cart change into the audit trail only when the cart changed', async () => {
    const token = await withSingleFamily();
    // No package to remove: the cart stays as it is.
    expect((await post(token, '/set_packages', [])).statusCode).toBe(200);
    expect((await post(token, '/add_service', S.radon)).statusCode).toBe(200);
    expect((await post(token, '/remove_service', S.radon)).statusCode).toBe(200);
    expect((await post(token, '/set_packages', [2])).statusCode).toBe(200);
    const changes = (await eventsOf(token, 'cart_changed')).map((data) => [data.from, data.to]);
    expect(changes).toEqual([
      [
        { package: null, services: [] },
        { package: null, services: [S.singleFamily] },
      ],
      [
        { package: null, services: [S.singleFamily] },
        { package: null, services: [S.singleFamily, S.radon] },
      ],
      [
        { package: null, services: [S.singleFamily, S.radon] },
        { package: null, services: [S.singleFamily] },
      ],
      [
        { package: null, services: [S.singleFamily] },
        { package: 2, services: [S.singleFamily] },
      ],
    ]);
  });

  it('writes a cart change that swaps pay-at-close for another service into the audit trail', async () => {
    const token = await withSingleFamily();
    expect((await post(token, '/add_service', S.payAtClose)).statusCode).toBe(200);
    // A seller's agent who opted out of pay-at-close: the next change takes it out.
    const zoe = {
      first: 'Zoë',
      last: 'Okonkwo',
      email: 'zoe@brightdoorrealty.com',
      company: 'Bright Door Realty',
      pac_opt_out: true,
    };
    expect((await post(token, '/set_sellers_agent', zoe)).statusCode).toBe(200);
    expect((await post(token, '/add_service', S.radon)).json()).toMatchObject({ status: 'ok', pac_removed: true });
    // As many services as before, one of them another.
    const changes = (await eventsOf(token, 'cart_changed')).map((data) => [data.from, data.to]);
    expect(changes.at(-1)).toEqual([
      { package: null, services: [S.singleFamily, S.payAtClose] },
      { package: null, services: [S.singleFamily, S.radon] },
    ]);
  });

  it('writes a rush change into the audit trail, and not a rush set to what it was', async () => {
    const token = await withSingleFamily();
    for (const value of [0, 1, 1, 0]) expect((await post(token, '/rush_rer', { value })).statusCode).toBe(200);
    expect(await eventsOf(token, 'rush_rer_changed')).toEqual([
      { from: false, to: true },
      { from: true, to: false },
    ]);
  });

  it('takes pay-at-close out when the order stops qualifying, and says so', async () => {
    const token = await withSingleFamily();
    expect((await post(token, '/add_service', S.payAtClose)).statusCode).toBe(200);
    const withPac = await pricing(token);
    expect(withPac.pac_eligible).toBe(true);
    expect(withPac.services.map((s) => s.id)).toEqual([S.singleFamily, S.payAtClose]);
    expect(withPac.convenience_fee_message).toBe('');
    // Without any other service the order has nothing to pay at closing (spec 5.8).
    const removed = await post(token, '/remove_service', S.singleFamily);
    expect(removed.json()).toMatchObject({ status: 'ok', pac_removed: true });
    expect((await orderOf(token)).services).toEqual([]);
  });

  it("reads the agents' pay-at-close opt-out (spec 5.8): an opted-out agent makes it ineligible, and the next cart change takes it out", async () => {
    const token = await withSingleFamily();
    expect((await post(token, '/add_service', S.payAtClose)).json()).toMatchObject({
      status: 'ok',
      pac_removed: false,
    });
    expect((await pricing(token)).pac_eligible).toBe(true);
    // A buyer's agent who has not opted out changes nothing (the demo requires a buyer's agent's mobile phone).
    const jess = {
      first: 'Jess',
      last: 'Lane',
      email: 'jess@example.com',
      mobile_phone: '614-555-0190',
      company: 'Lane Realty',
    };
    expect((await post(token, '/set_buyers_agent', { ...jess, pac_opt_out: false })).statusCode).toBe(200);
    expect((await pricing(token)).pac_eligible).toBe(true);

    // The answer above was kept; choosing the seller's agent makes it stale.
    const zoe = {
      first: 'Zoë',
      last: 'Okonkwo',
      email: 'zoe@brightdoorrealty.com',
      company: 'Bright Door Realty',
      pac_opt_out: true,
    };
    expect((await post(token, '/set_sellers_agent', zoe)).statusCode).toBe(200);
    expect((await pricing(token)).pac_eligible).toBe(false);
    const changed = await post(token, '/add_service', S.radon);
    expect(changed.json()).toMatchObject({ status: 'ok', pac_removed: true });
    expect((await orderOf(token)).services).toEqual([S.singleFamily, S.radon]);
    expect((await post(token, '/add_service', S.payAtClose)).json()).toMatchObject({ status: 'ok', pac_removed: true });
    expect((await orderOf(token)).services).toEqual([S.singleFamily, S.radon]);

    // "No Seller's Agent": pay-at-close is offered again.
    expect((await post(token, '/set_sellers_agent', { none: true })).statusCode).toBe(200);
    expect((await pricing(token)).pac_eligible).toBe(true);
    expect((await post(token, '/add_service', S.payAtClose)).json()).toMatchObject({
      status: 'ok',
      pac_removed: false,
    });
  });

  it("hears a change to the order's agents made outside this server: the database announces it", async () => {
    const token = await withSingleFamily();
    const jess = {
      first: 'Jess',
      last: 'Lane',
      email: 'jess@example.com',
      mobile_phone: '614-555-0190',
      company: 'Lane Realty',
      pac_opt_out: false,
    };
    expect((await post(token, '/set_buyers_agent', jess)).statusCode).toBe(200);
    expect((await pricing(token)).pac_eligible).toBe(true);
    const { id } = (
      await harness.app.inject({
        method: 'GET',
        url: '/demo/online-scheduler/order',
        headers: { 'x-auth-token': token },
      })
    ).json<{ id: string }>();
    await harness.database.db
      .update(t.orderParties)
      .set({ person: sql`${t.orderParties.person} || '{"pac_opt_out": true}'::jsonb` })
      .where(and(eq(t.orderParties.orderId, id), eq(t.orderParties.role, 'buyers_agent')));
    await harness.database.changes.flush();
    expect((await pricing(token)).pac_eligible).toBe(false);
  });

  it('set_property_info saves the answers, and pricing follows them', async () => {
    const token = await withSingleFamily();
    const saved = await post(token, '/set_property_info', {
      sqft: 3000,
      yb: 1940,
      sales_price: '350,000',
      foundation_type: 2,
      refer_reason: '',
      refer_reason_other: '',
      controls: REQUIRED_CONTROLS,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ status: 'ok', duration: 180 });
    // 42500 + home size (3,000 sq ft) 7500 + pre-1950 5000 + crawlspace 3500 = 58500;
    // tax 7.5% = 4387.5 -> 4388; clay sewer (built before 1960) 2500 additional; 65388.
    const priced = await pricing(token);
    expect(priced.services[0]!.fees.map((f) => [f.code, f.value])).toEqual([
      ['home-size', 7500],
      ['pre-1950', 5000],
      ['crawlspace', 3500],
    ]);
    expect(priced.totals).toMatchObject({ subtotal: 58500, taxes: 4388, additional: 2500, grand_total: 65388 });
    // The list prices follow the same answers: Single-Family 58500, taxed 62888.
    const services = (await get(token, '/services')).json<Array<{ id: string; subtotal: number; total: number }>>();
    expect(services.find((s) => s.id === S.singleFamily)).toMatchObject({ subtotal: 58500, total: 62888 });
    const order = (
      await harness.app.inject({
        method: 'GET',
        url: '/demo/online-scheduler/order',
        headers: { 'x-auth-token': token },
      })
    ).json();
    expect(order).toMatchObject({
      sqft: 3000,
      yb: 1940,
      sales_price: '350,000',
      foundation_type: { id: 2, value: 'Crawlspace' },
    });
    expect(order.controls).toEqual(REQUIRED_CONTROLS);
  });

  it('set_property_info refuses what the questions do not allow, naming the field', async () => {
    const token = await startDemoSession(harness.app);
    const base = {
      sqft: 2000,
      yb: 1999,
      sales_price: '',
      foundation_type: '',
      refer_reason: '',
      refer_reason_other: '',
      controls: REQUIRED_CONTROLS,
    };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, sqft: 0 }, 'sqft'],
      [{ ...base, yb: 3000 }, 'yb'],
      [{ ...base, controls: [REQUIRED_CONTROLS[0]] }, 'controls.6'],
      [{ ...base, controls: [...REQUIRED_CONTROLS, { id: 999, value: 'x', checked: false }] }, 'controls'],
      [{ ...base, foundation_type: 77 }, 'foundation_type'],
      [{ ...base, controls: [...REQUIRED_CONTROLS, { id: 9, value: 'x'.repeat(25), checked: false }] }, 'controls.9'],
    ];
    for (const [body, field] of cases) {
      const response = await post(token, '/set_property_info', body);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'invalid_property_answer', field });
    }
    expect((await post(token, '/set_property_info', { ...base, colour: 'red' })).statusCode).toBe(400);
    expect((await post(token, '/set_property_info', { ...base, sales_price: '12a' })).json().error).toMatchObject({
      field: 'sales_price',
    });
    // With no foundation chosen the first option is kept (spec 5.6).
    expect((await post(token, '/set_property_info', base)).statusCode).toBe(200);
    expect((await orderOf(token)) as unknown).toMatchObject({ foundation_type: { id: 1, value: 'Basement' } });
  });

  it('charges the trip fee of the property postal code', async () => {
    const token = await withSingleFamily();
    expect((await post(token, '/set_postal_code', { postal_code: '43015' })).statusCode).toBe(200);
    // Delaware, Ohio is in the $35 zone: 42500 + tax 3188 + 3500 = 49188 (trips are not taxed).
    const priced = await pricing(token);
    expect(priced.additional).toEqual({
      total: 3500,
      fees: [{ code: 'trip-charge', description: 'Trip charge (outside Franklin County)', value: 3500 }],
    });
    expect(priced.totals.grand_total).toBe(49188);
  });

  describe('the cart and the held time', () => {
    it('a cart change after a hold sets services_changed, and holding again clears it', async () => {
      const token = await withSingleFamily();
      const from = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
      const to = new Date(Date.now() + 15 * 86_400_000).toISOString().slice(0, 10);
      const slot = (await get(token, `/availability?from=${from}&to=${to}&limit=2`)).json<AppointmentSlot[]>()[0]!;
      const datetime = new Date(slot.timestamp * 1000).toISOString();
      expect((await post(token, '/set_datetime', { datetime, inspectors: slot.users })).json()).toMatchObject({
        status: 'ok',
      });
      expect((await orderOf(token)).services_changed).toBe(false);

      const changed = await post(token, '/add_service', S.radon);
      expect(changed.json()).toEqual({ status: 'ok', duration: 210, services_changed: true, pac_removed: false });
      // The flag lives on the order: a reload still shows it; the held time keeps its length.
      expect(await orderOf(token)).toMatchObject({ services_changed: true, duration: 180 });
      // A coupon or a rush does not change what the inspectors do.
      expect((await post(token, '/rush_rer', { value: 1 })).json()).toMatchObject({ services_changed: true });

      const reheld = await post(token, '/set_datetime', { datetime, duration: 210, inspectors: slot.users });
      expect(reheld.statusCode).toBe(200);
      expect(await orderOf(token)).toMatchObject({ services_changed: false, duration: 210 });
    });

    it('Packages Next: the cart needs another inspector at the held time; validate adds one and the re-hold takes the new team and length', async () => {
      const token = await withSingleFamily();
      const from = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
      const to = new Date(Date.now() + 15 * 86_400_000).toISOString().slice(0, 10);
      const startsOf = async (inspectorId: number) =>
        new Set(
          (
            await get(
              token,
              `/availability?from=${from}&to=${to}&inspectors=[${inspectorId}]&services=["${S.singleFamily}"]&duration=210`,
            )
          )
            .json<AppointmentSlot[]>()
            .map((slot) => slot.timestamp),
        );
      // Darnell (103) does not test well water; Sarah (102) does. Both free for the longer visit.
      const [darnell, sarah] = [await startsOf(103), await startsOf(102)];
      const shared = [...darnell].find((timestamp) => sarah.has(timestamp))!;
      const datetime = new Date(shared * 1000).toISOString();
      expect((await post(token, '/set_datetime', { datetime, inspectors: [103] })).json()).toMatchObject({
        status: 'ok',
      });

      const added = await post(token, '/add_service', S.wellWater);
      expect(added.json()).toMatchObject({ duration: 210, services_changed: true });
      // Pay-at-close is a way of paying: no inspector performs it, so it changes nobody's fit.
      expect((await post(token, '/add_service', S.payAtClose)).json()).toMatchObject({ status: 'ok', duration: 210 });
      // Without services in the query, the order's cart is what the team must cover.
      const validated = (await get(token, '/validate_inspectors_services?duration=210')).json<{
        status: string;
        added_inspectors: number[];
      }>();
      expect(validated.status).toBe('ok');
      expect(validated.added_inspectors[0]).toBe(103);
      expect(validated.added_inspectors.length).toBeGreaterThan(1);
      const reheld = await post(token, '/set_datetime', {
        datetime,
        duration: 210,
        inspectors: validated.added_inspectors,
      });
      expect(reheld.json()).toMatchObject({ status: 'ok' });
      expect(await orderOf(token)).toMatchObject({ services_changed: false, duration: 210 });
    });

    it('giving up the held time after a cart change keeps services_changed; holding a time clears it (spec 4.3 calendar last)', async () => {
      const token = await withSingleFamily();
      const from = new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10);
      const to = new Date(Date.now() + 17 * 86_400_000).toISOString().slice(0, 10);
      const slot = (await get(token, `/availability?from=${from}&to=${to}&limit=2`)).json<AppointmentSlot[]>()[0]!;
      await post(token, '/set_datetime', {
        datetime: new Date(slot.timestamp * 1000).toISOString(),
        inspectors: slot.users,
      });
      expect((await post(token, '/add_service', S.radon)).json()).toMatchObject({ services_changed: true });

      const released = await post(token, '/set_datetime', { datetime: null });
      expect(released.json()).toEqual({ status: 'ok', hold_expires_at: null });
      // The time is gone, the reason to pick another stays; the order now carries the cart's length.
      expect(await orderOf(token)).toMatchObject({
        services_changed: true,
        datetime: null,
        inspectors: [],
        duration: 210,
      });

      const again = (await get(token, `/availability?from=${from}&to=${to}&limit=2&duration=210`)).json<
        AppointmentSlot[]
      >()[0]!;
      expect(
        (
          await post(token, '/set_datetime', {
            datetime: new Date(again.timestamp * 1000).toISOString(),
            inspectors: again.users,
          })
        ).json(),
      ).toMatchObject({ status: 'ok' });
      expect(await orderOf(token)).toMatchObject({ services_changed: false, duration: 210 });
    });

    it('a rush alone while a time is held does not mark the cart changed', async () => {
      const token = await withSingleFamily();
      const from = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
      const to = new Date(Date.now() + 16 * 86_400_000).toISOString().slice(0, 10);
      const slot = (await get(token, `/availability?from=${from}&to=${to}&limit=2`)).json<AppointmentSlot[]>()[0]!;
      await post(token, '/set_datetime', {
        datetime: new Date(slot.timestamp * 1000).toISOString(),
        inspectors: slot.users,
      });
      expect((await post(token, '/rush_rer', { value: 1 })).json()).toMatchObject({ services_changed: false });
      expect((await post(token, '/apply_coupon', 'SERVE50')).json()).toMatchObject({ status: 'ok' });
      expect((await orderOf(token)).services_changed).toBe(false);
    });
  });
});
