import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import {
  demoDocument,
  demoDocumentWith,
  startDemoSession,
  startTestApp,
  TEST_ADMIN_TOKEN,
  type TestApp,
} from '../../test-support/test-app.ts';
import { DemoOrder } from '../confirm/confirm-test-support.ts';
import { takeRedemption } from './pricing.repository.ts';

/** The demo company holds a picked time for 15 minutes; a cart's coupon use is leased as long. */
const HOLD_MS = 15 * 60_000;

/** The limited coupons these tests reach for, one or more each. */
const COUPONS = [
  { code: 'FIVEONLY', name: 'Five Only', discount: { kind: 'amount', amount_cents: 1000 }, max_redemptions: 5 },
  { code: 'ONEONLY', name: 'One Only', discount: { kind: 'amount', amount_cents: 1500 }, max_redemptions: 1 },
  { code: 'LASTUSE', name: 'Last Use', discount: { kind: 'amount', amount_cents: 2000 }, max_redemptions: 1 },
  { code: 'KEEPIT', name: 'Keep It', discount: { kind: 'amount', amount_cents: 2500 }, max_redemptions: 1 },
  { code: 'LETGO', name: 'Let Go', discount: { kind: 'amount', amount_cents: 3000 }, max_redemptions: 1 },
  { code: 'HELDTIME', name: 'Held Time', discount: { kind: 'amount', amount_cents: 500 }, max_redemptions: 1 },
  { code: 'TAKENAWAY', name: 'Taken Away', discount: { kind: 'amount', amount_cents: 600 }, max_redemptions: 1 },
  { code: 'WITHDRAWN', name: 'Withdrawn', discount: { kind: 'amount', amount_cents: 700 }, max_redemptions: 1 },
  { code: 'TOSPARE', name: 'To Spare', discount: { kind: 'amount', amount_cents: 800 }, max_redemptions: 6 },
  { code: 'REAPPLIED', name: 'Re-applied', discount: { kind: 'amount', amount_cents: 900 }, max_redemptions: 1 },
  { code: 'RETAKEN', name: 'Retaken', discount: { kind: 'amount', amount_cents: 900 }, max_redemptions: 1 },
  { code: 'ONEPERCART', name: 'One Per Cart', discount: { kind: 'amount', amount_cents: 400 }, max_redemptions: 6 },
];

/** The demo company with these tests' coupons, these settings changed, and the coupons `left out` removed. */
function leasesDocument(settings: Record<string, string | null> = {}, leftOut: readonly string[] = []) {
  return demoDocumentWith(settings, (document) => {
    (document.pricing as { coupons: unknown[] }).coupons.push(...COUPONS.filter((c) => !leftOut.includes(c.code)));
  });
}

/**
 * Decision 0030: a limited coupon's use belongs to a confirmed order; a cart only leases one, for
 * as long as its held time lives (or as long as a hold lasts when it holds none), and the last use
 * still goes to exactly one order.
 */
describeOnEachDatabase(
  'coupon uses leased to carts',
  { onPgliteToo: 'engine tests' },
  (factory, { itOnEveryDatabase }) => {
    let harness: TestApp;
    beforeAll(async () => {
      harness = await startTestApp(factory, {
        config: { SESSION_RATE_LIMIT: '1000', SEARCH_RATE_LIMIT: '1000', WRITE_RATE_LIMIT: '1000' },
      });
      await importDocument(leasesDocument());
    });
    afterEach(() => harness.clock.reset());
    afterAll(async () => harness.close());

    const newOrder = async () => DemoOrder.start(harness.app, harness.database.db, await startDemoSession(harness.app));
    const filledOrder = async () => {
      const order = await newOrder();
      await order.fillIn();
      return order;
    };

    async function importDocument(document: Record<string, unknown>) {
      const imported = await harness.app.inject({
        method: 'PUT',
        url: '/api/admin/companies/demo',
        headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
        payload: document,
      });
      expect(imported.statusCode).toBe(200);
    }

    async function usesOf(code: string) {
      return harness.database.db.select().from(t.couponRedemptions).where(eq(t.couponRedemptions.code, code));
    }

    async function eventsOf(order: DemoOrder) {
      const rows = await harness.database.db
        .select()
        .from(t.orderEvents)
        .where(and(eq(t.orderEvents.companyId, order.companyId), eq(t.orderEvents.orderId, order.orderId)));
      return rows.sort((a, b) => a.id - b.id).map((row) => ({ type: row.type, data: row.data }));
    }

    it('lets a confirm have a coupon that 30 abandoned carts had taken, once their leases lapsed', async () => {
      const abandoned = await Promise.all(Array.from({ length: 30 }, filledOrder));
      // Some carts hold a time (one a day, so that none overlaps another), the others none: both kinds of lease.
      const slots = await abandoned[0]!.slots(1, 13);
      for (const [i, cart] of abandoned.slice(0, 3).entries())
        expect((await cart.hold(slots[i]!)).statusCode).toBe(200);
      const statuses = [];
      for (const cart of abandoned) statuses.push(await cart.applyCoupon('FIVEONLY'));
      // While the leases run the five uses are taken: the sixth cart is told so.
      expect(statuses.filter((s) => s === 'ok')).toHaveLength(5);
      expect(statuses.filter((s) => s === 'used_up')).toHaveLength(25);

      // One minute before the leases end they still count; at their end they count for nobody.
      harness.clock.advance(HOLD_MS - 60_000);
      const early = await filledOrder();
      expect(await early.applyCoupon('FIVEONLY')).toBe('used_up');
      harness.clock.advance(60_000);
      const buyers = await Promise.all(Array.from({ length: 6 }, filledOrder));
      const after = [];
      for (const buyer of buyers) after.push(await buyer.applyCoupon('FIVEONLY'));
      expect(after).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'used_up']);

      const buyer = buyers[0]!;
      expect((await buyer.hold(slots[3]!)).statusCode).toBe(200);
      const confirmed = await buyer.confirm();
      expect(confirmed.statusCode).toBe(200);
      expect((await buyer.pricing()).coupons).toEqual([{ code: 'FIVEONLY', name: 'Five Only', amount: 1000 }]);
      // Never more uses than the limit, and the confirmed order's use has no lease any more.
      const uses = await usesOf('FIVEONLY');
      expect(uses).toHaveLength(5);
      expect(uses.find((u) => u.orderId === buyer.orderId)?.leaseExpiresAt).toBeNull();
    });

    it('keeps a use as long as the held time, and a new hold extends it', async () => {
      const holder = await filledOrder();
      const slots = await holder.slots(8, 13);
      expect(await holder.applyCoupon('ONEONLY')).toBe('ok');
      harness.clock.advance(10 * 60_000);
      expect((await holder.hold(slots[5]!)).statusCode).toBe(200);
      // 24 minutes after the apply the hold made at 10 still has a minute: the use is still held.
      harness.clock.advance(14 * 60_000);
      expect(await (await filledOrder()).applyCoupon('ONEONLY')).toBe('used_up');
      // At the hold's end the use is free for the next cart.
      harness.clock.advance(60_000);
      expect(await (await filledOrder()).applyCoupon('ONEONLY')).toBe('ok');
    });

    it('gives the use up with the held time', async () => {
      const holder = await filledOrder();
      const slots = await holder.slots(8, 13);
      expect((await holder.hold(slots[6]!)).statusCode).toBe(200);
      expect(await holder.applyCoupon('LETGO')).toBe('ok');
      expect(await (await filledOrder()).applyCoupon('LETGO')).toBe('used_up');
      expect((await holder.release()).statusCode).toBe(200);
      expect(await (await filledOrder()).applyCoupon('LETGO')).toBe('ok');
    });

    it('confirms with a lapsed use nobody took, and refuses one another cart took, with the price without it', async () => {
      const keeper = await filledOrder();
      const slots = await keeper.slots(8, 13);
      expect(await keeper.applyCoupon('KEEPIT')).toBe('ok');
      expect((await keeper.hold(slots[7]!)).statusCode).toBe(200);
      harness.clock.advance(HOLD_MS + 60_000);
      // Nobody reached for it meanwhile: the use is still the cart's, and the confirm makes it the order's.
      expect((await keeper.confirm()).statusCode).toBe(200);
      expect((await usesOf('KEEPIT')).map((u) => [u.orderId, u.leaseExpiresAt])).toEqual([[keeper.orderId, null]]);

      harness.clock.reset();
      const loser = await filledOrder();
      expect(await loser.applyCoupon('LASTUSE')).toBe('ok');
      expect((await loser.hold(slots[8]!)).statusCode).toBe(200);
      harness.clock.advance(HOLD_MS + 60_000);
      const taker = await filledOrder();
      expect(await taker.applyCoupon('LASTUSE')).toBe('ok');
      const refused = await loser.confirm();
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        error: { code: 'coupon_used_up', message: 'This coupon is no longer available.', field: 'coupon' },
      });
      // Nothing was booked, the coupon left the cart, and the audit trail says why.
      expect((await loser.pricing()).coupons).toEqual([]);
      expect(await eventsOf(loser)).toContainEqual({
        type: 'coupon_dropped',
        data: { code: 'LASTUSE', reason: 'used_up' },
      });
      const booked = await harness.database.db
        .select()
        .from(t.appointments)
        .where(and(eq(t.appointments.orderId, loser.orderId), eq(t.appointments.kind, 'appointment')));
      expect(booked).toEqual([]);
      // Confirmed again, at the price shown now.
      expect((await loser.confirm()).statusCode).toBe(200);
    });

    it('leases a coupon applied while a time is held until the hold ends, not for a new hold length', async () => {
      const holder = await filledOrder();
      const slots = await holder.slots(8, 13);
      expect((await holder.hold(slots[11]!)).statusCode).toBe(200);
      const [hold] = await harness.database.db
        .select({ expiresAt: t.appointments.holdExpiresAt })
        .from(t.appointments)
        .where(and(eq(t.appointments.orderId, holder.orderId), eq(t.appointments.kind, 'hold')));
      harness.clock.advance(5 * 60_000);
      expect(await holder.applyCoupon('HELDTIME')).toBe('ok');
      expect((await usesOf('HELDTIME')).map((u) => u.leaseExpiresAt)).toEqual([hold!.expiresAt]);
      // At the hold's end, ten minutes after the apply, the use is free for the next cart.
      harness.clock.advance(HOLD_MS - 5 * 60_000);
      expect(await (await filledOrder()).applyCoupon('HELDTIME')).toBe('ok');
    });

    it('takes off the cart only the coupon another cart took at confirm, keeping the others', async () => {
      await importDocument(leasesDocument({ ONLINE_SCHEDULER_V3_COUPON_LIMIT: '2' }));
      try {
        const loser = await filledOrder();
        const slots = await loser.slots(8, 13);
        expect(await loser.applyCoupon('TAKENAWAY')).toBe('ok');
        expect(await loser.applyCoupon('FOUNDERS')).toBe('ok');
        expect((await loser.hold(slots[12]!)).statusCode).toBe(200);
        harness.clock.advance(HOLD_MS + 60_000);
        expect(await (await filledOrder()).applyCoupon('TAKENAWAY')).toBe('ok');
        expect((await loser.confirm()).statusCode).toBe(409);
        expect((await loser.pricing()).coupons.map((c) => c.code)).toEqual(['FOUNDERS']);
        expect((await eventsOf(loser)).filter((e) => e.type === 'coupon_dropped')).toEqual([
          { type: 'coupon_dropped', data: { code: 'TAKENAWAY', reason: 'used_up' } },
        ]);
      } finally {
        await importDocument(leasesDocument());
      }
    });

    it('confirms a cart whose coupon the company has since withdrawn, at the price without it', async () => {
      const order = await filledOrder();
      const slots = await order.slots(8, 13);
      expect(await order.applyCoupon('WITHDRAWN')).toBe('ok');
      expect((await order.hold(slots[13]!)).statusCode).toBe(200);
      await importDocument(leasesDocument({}, ['WITHDRAWN']));
      try {
        expect((await order.confirm()).statusCode).toBe(200);
        expect((await order.pricing()).coupons).toEqual([]);
      } finally {
        await importDocument(leasesDocument());
      }
    });

    itOnEveryDatabase(
      'gives each of several carts reaching at once for a coupon with uses to spare a use of its own',
      async () => {
        const carts = await Promise.all(Array.from({ length: 4 }, filledOrder));
        // On PostgreSQL they reach for the same first free number at once: a cart that loses that race takes the next.
        const statuses = await Promise.all(carts.map((cart) => cart.applyCoupon('TOSPARE')));
        expect(statuses).toEqual(['ok', 'ok', 'ok', 'ok']);
        expect((await usesOf('TOSPARE')).map((u) => u.useNumber).sort()).toEqual([1, 2, 3, 4]);
      },
    );

    it('does not renew a lease when the cart applies the coupon again, a millisecond before it ends', async () => {
      const abandoned = await filledOrder();
      expect(await abandoned.applyCoupon('REAPPLIED')).toBe('ok');
      const [lease] = (await usesOf('REAPPLIED')).map((u) => u.leaseExpiresAt);
      expect(lease!.getTime()).toBe(harness.clock.now() + HOLD_MS);
      harness.clock.advance(HOLD_MS - 1);
      expect(await abandoned.applyCoupon('REAPPLIED')).toBe('duplicate');
      expect(await (await filledOrder()).applyCoupon('REAPPLIED')).toBe('used_up');
      expect((await usesOf('REAPPLIED')).map((u) => [u.orderId, u.leaseExpiresAt])).toEqual([
        [abandoned.orderId, lease],
      ]);
      // At its end another cart takes the last use.
      harness.clock.advance(1);
      const next = await filledOrder();
      expect(await next.applyCoupon('REAPPLIED')).toBe('ok');
      expect((await usesOf('REAPPLIED')).map((u) => u.orderId)).toEqual([next.orderId]);
    });

    it("keeps a cart's live use as it is when the use is taken for it again, and makes it reach anew once it lapsed", async () => {
      // Below the wizard's own refusal of a duplicate: the store itself never moves a lease later.
      const cart = await filledOrder();
      expect(await cart.applyCoupon('RETAKEN')).toBe('ok');
      const [lease] = (await usesOf('RETAKEN')).map((u) => u.leaseExpiresAt!);
      harness.clock.advance(HOLD_MS - 1);
      const retake = (order: DemoOrder) =>
        harness.database.db.transaction((tx) =>
          takeRedemption(tx, order, 'RETAKEN', 1, {
            leaseUntil: new Date(harness.clock.now() + HOLD_MS),
            now: new Date(harness.clock.now()),
          }),
        );
      expect(await retake(cart)).toBe(true);
      expect((await usesOf('RETAKEN')).map((u) => u.leaseExpiresAt)).toEqual([lease]);
      // At the lease's end another cart takes the use first; the first cart then finds none left.
      harness.clock.advance(1);
      const other = await filledOrder();
      expect(await retake(other)).toBe(true);
      expect(await retake(cart)).toBe(false);
      expect((await usesOf('RETAKEN')).map((u) => u.orderId)).toEqual([other.orderId]);
    });

    itOnEveryDatabase('gives one session one use of a coupon however many times it applies it at once', async () => {
      const cart = await filledOrder();
      // On PostgreSQL these reach the database together; the order's row lock makes them take turns.
      const statuses = await Promise.all(Array.from({ length: 5 }, () => cart.applyCoupon('ONEPERCART')));
      expect(statuses.sort()).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate', 'ok']);
      expect((await usesOf('ONEPERCART')).map((u) => [u.orderId, u.useNumber])).toEqual([[cart.orderId, 1]]);
      // Taken straight from the store at once for a cart that has none: one row still, whatever the interleaving.
      const fresh = await filledOrder();
      const now = new Date(harness.clock.now());
      const taken = await Promise.all(
        Array.from({ length: 4 }, () =>
          harness.database.db.transaction((tx) =>
            takeRedemption(tx, fresh, 'ONEPERCART', 6, { leaseUntil: new Date(now.getTime() + HOLD_MS), now }),
          ),
        ),
      );
      expect(taken).toContain(true);
      expect((await usesOf('ONEPERCART')).filter((u) => u.orderId === fresh.orderId)).toHaveLength(1);
      expect((await cart.pricing()).coupons.map((c) => c.code)).toEqual(['ONEPERCART']);
    });

    itOnEveryDatabase("gives a coupon's last use to exactly one of two confirms whose leases lapsed", async () => {
      await harness.app.inject({
        method: 'PUT',
        url: '/api/admin/companies/demo',
        headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
        payload: (() => {
          const document = demoDocument();
          (document.pricing as { coupons: unknown[] }).coupons.push({
            code: 'RACE',
            name: 'Race',
            discount: { kind: 'amount', amount_cents: 500 },
            max_redemptions: 1,
          });
          return document;
        })(),
      });
      const first = await filledOrder();
      const second = await filledOrder();
      const slots = await first.slots(8, 13);
      expect(await first.applyCoupon('RACE')).toBe('ok');
      expect((await first.hold(slots[9]!)).statusCode).toBe(200);
      harness.clock.advance(HOLD_MS + 60_000);
      // The second cart takes the use the first let lapse, and lets it lapse in turn.
      expect(await second.applyCoupon('RACE')).toBe('ok');
      expect((await second.hold(slots[10]!)).statusCode).toBe(200);
      harness.clock.advance(HOLD_MS + 60_000);
      const answers = await Promise.all([first.confirm(), second.confirm()]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const winner = answers[0]!.statusCode === 200 ? first : second;
      expect((await usesOf('RACE')).map((u) => [u.orderId, u.leaseExpiresAt])).toEqual([[winner.orderId, null]]);
    });

    it('writes cart and coupon changes into the audit trail', async () => {
      const order = await newOrder();
      expect((await order.addService('a1c0ffee-0000-4000-8000-000000000002')).statusCode).toBe(200);
      expect(await order.applyCoupon('NOSUCHCODE')).toBe('unknown');
      expect(await order.applyCoupon('FOUNDERS')).toBe('ok');
      const events = (await eventsOf(order)).filter((e) => e.type.startsWith('c'));
      expect(events.map((e) => e.type)).toEqual(['created', 'cart_changed', 'coupon_refused', 'coupon_applied']);
      expect(events[1]!.data).toMatchObject({
        from: { package: null, services: [] },
        to: { package: null, services: ['a1c0ffee-0000-4000-8000-000000000002'] },
      });
      expect(events[1]!.data.total_cents).toBeGreaterThan(0);
      expect(events[2]!.data).toEqual({ code: 'NOSUCHCODE', reason: 'unknown' });
      expect(events[3]!.data).toMatchObject({ code: 'FOUNDERS' });
    });
  },
);
