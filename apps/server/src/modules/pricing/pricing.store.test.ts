import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PricingResult } from '@scheduler/domain/pricing/engine';
import type { DatabaseHandle } from '../../db/connection.ts';
import * as t from '../../db/schema.ts';
import { describeOnEachDatabase } from '../../test-support/each-database.ts';
import { demoDocument, TestClock } from '../../test-support/test-app.ts';
import { importCompanyDocument } from '../company-document/companies.service.ts';
import { DEMO_OFFICE_UUID } from '../company-document/demo-company.ts';
import { answerDemoPropertyQuestions } from '../confirm/confirm-test-support.ts';
import { bundledPostalCodes } from '../scheduling/postal-codes.ts';
import { SchedulingStore } from '../scheduling/scheduling.store.ts';
import { loadOrderForPricing, loadPricingSource } from './pricing.repository.ts';
import { officePricing, priceStoredOrder, type PricingDeps } from './pricing.service.ts';
import { officePricingOf, PricingStore, pricingStoreOf } from './pricing.store.ts';

/** An office and an order no company has. */
const NO_SUCH_OFFICE = '00000000-0000-4000-8000-00000000beef';
const NO_SUCH_ORDER = '00000000-0000-4000-8000-00000000cafe';

/**
 * What pricing reads about a company, an office and an order, and what its store keeps of it.
 * These run the readers and the store directly, in the test itself: through the app they run
 * once, while the app is built or on its first request, and are kept from then on.
 */
describeOnEachDatabase('what pricing reads and keeps', { onPgliteToo: 'every test' }, (factory) => {
  let database: DatabaseHandle;
  let companyId: string;
  const clock = new TestClock().now;

  beforeAll(async () => {
    database = await factory.open();
    await importCompanyDocument(database.db, demoDocument());
    const [company] = await database.db
      .select({ id: t.companies.id })
      .from(t.companies)
      .where(eq(t.companies.key, 'demo'));
    companyId = company!.id;
  });
  afterAll(async () => database.close());

  /** A new order of the demo office, straight into the table. */
  async function newOrder(): Promise<string> {
    const [order] = await database.db
      .insert(t.orders)
      .values({ companyId, officeId: DEMO_OFFICE_UUID })
      .returning({ id: t.orders.id });
    return order!.id;
  }

  function depsWith(pricing: PricingStore): PricingDeps {
    return {
      db: database.db,
      pricing,
      scheduling: new SchedulingStore(database.db, database.changes, bundledPostalCodes, clock),
    };
  }

  it("reads an office's catalogue: the document's fees in its order, and its property questions", async () => {
    const document = demoDocument() as {
      fees: Array<{ code: string }>;
      pricing: { fees: Array<{ code: string }> };
      property_controls: Array<{ id: number; type: string; label: string; required?: boolean }>;
    };
    const source = await loadPricingSource(database.db, companyId, DEMO_OFFICE_UUID);
    expect(source).not.toBeNull();
    // The short-form fees come first, then the pricing section's.
    expect(source!.rules.fees.map((fee) => fee.code)).toEqual(
      [...document.fees, ...document.pricing.fees].map((fee) => fee.code),
    );
    expect(source!.controls.map((c) => ({ id: c.id, type: c.type, label: c.label, required: c.required }))).toEqual(
      document.property_controls.map((c) => ({
        id: c.id,
        type: c.type,
        label: c.label,
        required: c.required ?? false,
      })),
    );
    // A dropdown keeps its options, which the property step checks answers against.
    expect(source!.controls.find((c) => c.id === 5)?.options).toHaveLength(4);
  });

  it('reads nothing for an office the company does not have', async () => {
    expect(await loadPricingSource(database.db, companyId, NO_SUCH_OFFICE)).toBeNull();
  });

  it("prices by the schema's defaults a company whose pricing rules were never written", async () => {
    // A company imported before the pricing section existed has no row of rules.
    await database.db.delete(t.companyPricing).where(eq(t.companyPricing.companyId, companyId));
    try {
      const source = await loadPricingSource(database.db, companyId, DEMO_OFFICE_UUID);
      expect(source!.rules.trip_fees).toEqual([]);
      // The short-form coupons still count; the pricing section's are gone with it.
      const { coupons } = demoDocument() as { coupons: Array<{ code: string }> };
      expect(source!.rules.coupons.map((c) => c.code)).toEqual(coupons.map((c) => c.code));
    } finally {
      await importCompanyDocument(database.db, demoDocument());
    }
  });

  it('places an office only when it has both coordinates', async () => {
    const source = (await loadPricingSource(database.db, companyId, DEMO_OFFICE_UUID))!;
    const at = (latitude: number | null, longitude: number | null) =>
      officePricingOf({ ...source, office: { ...source.office, latitude, longitude } }).office.location;
    expect(at(40.0801, -82.9827)).toEqual({ latitude: 40.0801, longitude: -82.9827 });
    expect(at(40.0801, null)).toBeNull();
    expect(at(null, -82.9827)).toBeNull();
    expect(at(null, null)).toBeNull();
  });

  it("reads an order's property answers, and nothing for an order that does not exist", async () => {
    const orderId = await newOrder();
    await answerDemoPropertyQuestions(database.db, companyId, orderId);
    const order = await loadOrderForPricing(database.db, companyId, orderId, { lock: false });
    expect([...order!.answers].sort((a, b) => a.id - b.id)).toEqual([
      { id: 5, value: '1', checked: false },
      { id: 6, value: null, checked: true },
    ]);
    expect(await loadOrderForPricing(database.db, companyId, NO_SUCH_ORDER, { lock: false })).toBeNull();
  });

  it('keeps one store per application, shared by the modules that price', () => {
    const app = { db: database.db, changes: database.changes, clock };
    const another = { ...app };
    const store = pricingStoreOf(app);
    expect(store).toBeInstanceOf(PricingStore);
    expect(pricingStoreOf(app)).toBe(store);
    expect(pricingStoreOf(another)).toBeInstanceOf(PricingStore);
    expect(pricingStoreOf(another)).not.toBe(store);
  });

  it("keeps an office's pricing, and keeps each office apart", async () => {
    const store = new PricingStore(database.db, database.changes, clock);
    const first = await store.officePricing(companyId, DEMO_OFFICE_UUID);
    expect(first?.office.uuid).toBe(DEMO_OFFICE_UUID);
    expect(await store.officePricing(companyId, DEMO_OFFICE_UUID)).toBe(first);
    expect(await store.officePricing(companyId, NO_SUCH_OFFICE)).toBeNull();
  });

  it("keeps an order's pricing for the day it was priced", async () => {
    const store = new PricingStore(database.db, database.changes, clock);
    const ref = { companyId, orderId: await newOrder() };
    const priced = { duration: 0 } as PricingResult;
    const load = vi.fn(async () => priced);
    expect(await store.orderPricing(ref, '2026-03-02', load)).toBe(priced);
    expect(await store.orderPricing(ref, '2026-03-02', load)).toBe(priced);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says which is not found: the office, or the order', async () => {
    const deps = depsWith(new PricingStore(database.db, database.changes, clock));
    await expect(officePricing(deps, { companyId, officeId: NO_SUCH_OFFICE })).rejects.toThrow(
      'The office was not found.',
    );
    await expect(
      priceStoredOrder(deps, { companyId, officeId: DEMO_OFFICE_UUID, orderId: NO_SUCH_ORDER }, new Date(clock())),
    ).rejects.toThrow('The order was not found.');
  });
});
