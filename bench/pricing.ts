/**
 * npm run bench -- pricing
 * The pricing engine in-process: median and p99 ms per cart over the demo catalogue, with random
 * (seeded) carts, property answers and coupons; once with the demo's own pricing rules and once
 * with every kind of rule (property, control and trip fees, modifiers, two taxes, more coupons).
 * Then GET /pricing over HTTP on the embedded database (autocannon): one order's cart asked again
 * and again, and many orders' different carts in turn.
 */
import autocannon from 'autocannon';
import { openDatabase } from '../apps/server/src/db/connection.ts';
import { importCompanyDocument } from '../apps/server/src/modules/company-document/companies.service.ts';
import { DEMO_COMPANY_FILE, DEMO_OFFICE_UUID } from '../apps/server/src/modules/company-document/demo-company.ts';
import { readFileSync } from 'node:fs';
import type { PricingCart, PricingProperty } from '@scheduler/contracts/pricing';
import { seededRandom } from '@scheduler/domain/availability/engine';
import { priceOrder, type PricingInput } from '@scheduler/domain/pricing/engine';
import type { PricingCatalogue } from '@scheduler/domain/pricing/pricing-catalogue';
import {
  DEMO,
  DEMO_RULES,
  EXTENDED_RULES,
  PLAIN_PROPERTY,
  demoCatalogue,
  pricingInput,
} from '../packages/domain/src/pricing/test-fixtures.ts';
import { benchSession, startBenchServer } from './bench-server.ts';
import { summarise } from './stats.ts';

const CARTS = 2000;
const WARM_UP_ROUNDS = 3;
const MEASURED_ROUNDS = 5;
/** The engine's goal per cart (issue 11). */
const GOAL_MEDIAN_MS = 0.2;

const ORDERABLE = DEMO.services.filter((s) => !s.label && !s.is_pac).map((s) => s.uuid);
const PAC = DEMO.services.find((s) => s.is_pac)!.uuid;
const CODES = ['FIRSTHOME', 'SERVE50', 'RADON20', 'BIG100', 'ONCE', 'HUGE', 'NOPE'];

function workload(catalogue: PricingCatalogue, seed: number): PricingInput[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const chance = (p: number) => random() < p;
  return Array.from({ length: CARTS }, () => {
    const services = ORDERABLE.filter(() => chance(0.2));
    if (chance(0.2)) services.push(PAC);
    const cart: PricingCart = {
      package: chance(0.5) ? pick(DEMO.packages).id : null,
      services,
      rush_rer: chance(0.3),
      pay_at_close: chance(0.1),
    };
    const property: PricingProperty = {
      ...PLAIN_PROPERTY,
      sqft: chance(0.9) ? 800 + Math.floor(random() * 6000) : null,
      year_built: chance(0.9) ? 1900 + Math.floor(random() * 126) : null,
      sales_price: chance(0.7) ? (100_000 + Math.floor(random() * 1_400_000)).toLocaleString('en-US') : '',
      foundation_type_id: chance(0.8) ? 1 + Math.floor(random() * 4) : null,
      postal_code: pick(['43229', '43081', '43215', '43017']),
      location: chance(0.7) ? { latitude: 39.7 + random() * 0.8, longitude: -83.3 + random() * 0.7 } : null,
      controls: [
        { id: 5, value: String(1 + Math.floor(random() * 4)), checked: false },
        { id: 7, value: pick(['In-ground pool', 'Pool and spa', 'Hot tub or spa']), checked: chance(0.3) },
      ],
    };
    const coupons = CODES.filter(() => chance(0.15)).map((code) => ({ code, redemptions: Math.floor(random() * 3) }));
    return pricingInput({
      catalogue,
      cart,
      property,
      coupons,
      settings: { ...pricingInput().settings, couponLimit: 2 },
    });
  });
}

function benchRules(label: string, catalogue: PricingCatalogue, seed: number): boolean {
  const inputs = workload(catalogue, seed);
  let checksum = 0;
  for (let round = 0; round < WARM_UP_ROUNDS; round++)
    for (const input of inputs) checksum += priceOrder(input).pricing.totals.grand_total;
  const times: number[] = [];
  for (let round = 0; round < MEASURED_ROUNDS; round++) {
    for (const input of inputs) {
      const started = performance.now();
      checksum += priceOrder(input).pricing.totals.grand_total;
      times.push(performance.now() - started);
    }
  }
  const { median, p99 } = summarise(times);
  const ok = median < GOAL_MEDIAN_MS;
  process.stdout.write(
    `  ${label}: median ${(median * 1000).toFixed(1)} µs, p99 ${(p99 * 1000).toFixed(1)} µs per cart (${times.length} carts priced; goal: median under ${GOAL_MEDIAN_MS * 1000} µs${ok ? '' : ', MISSED'}; checksum ${checksum % 1000})\n`,
  );
  return ok;
}

function benchCatalogue(): void {
  const runs = 200;
  for (let i = 0; i < 20; i++) demoCatalogue(EXTENDED_RULES);
  const started = performance.now();
  for (let i = 0; i < runs; i++) demoCatalogue(EXTENDED_RULES);
  process.stdout.write(
    `  indexing the catalogue and rules (once per company change): ${(((performance.now() - started) / runs) * 1000).toFixed(1)} µs\n`,
  );
}

const HTTP_SECONDS = 10;
const HTTP_ORDERS = 200;
/** `/pricing`'s goal on the embedded database (issue 11). */
const GOAL_HTTP_MEDIAN_MS = 10;
const PRIMARIES = DEMO.services.filter((s) => !s.label && !s.is_pac && !s.ancillary).map((s) => s.uuid);
const ANCILLARIES = DEMO.services.filter((s) => !s.label && !s.is_pac && s.ancillary).map((s) => s.uuid);

/** Orders with different carts and property answers, made through the wizard's own calls. */
async function makeOrders(base: string, count: number): Promise<string[]> {
  const random = seededRandom(3);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    const token = await benchSession(base, 'demo', DEMO_OFFICE_UUID);
    const post = async (path: string, body: unknown) => {
      const response = await fetch(`${base}/demo/json/online_scheduler/${path}`, {
        method: 'POST',
        headers: { 'x-auth-token': token, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    };
    await post('set_property_info', {
      sqft: 900 + Math.floor(random() * 5000),
      yb: 1900 + Math.floor(random() * 120),
      sales_price: String(100_000 + Math.floor(random() * 1_500_000)),
      foundation_type: 1 + Math.floor(random() * 4),
      controls: [
        { id: 5, value: String(1 + Math.floor(random() * 4)), checked: false },
        { id: 6, value: null, checked: true },
      ],
    });
    if (random() < 0.5) await post('set_packages', [pick(DEMO.packages).id]);
    else await post('add_service', pick(PRIMARIES));
    // Some of these the cart rules refuse (a rush for a service without a report): the cart is then as it was.
    for (const id of ANCILLARIES) if (random() < 0.25) await post('add_service', id).catch(() => undefined);
    if (random() < 0.3) await post('rush_rer', { value: 1 }).catch(() => undefined);
    if (random() < 0.3) await post('apply_coupon', pick(['FIRSTHOME', 'SERVE50', 'SPRING25']));
    if (random() < 0.3) await post('set_postal_code', { postal_code: pick(['43229', '43015', '43130']) });
    tokens.push(token);
  }
  return tokens;
}

async function benchHttp(): Promise<boolean> {
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  await importCompanyDocument(database.db, JSON.parse(readFileSync(DEMO_COMPANY_FILE, 'utf8')));
  const { app, base } = await startBenchServer(database, {
    SESSION_RATE_LIMIT: '1000000',
    WRITE_RATE_LIMIT: '1000000',
    SEARCH_RATE_LIMIT: '1000000',
  });
  const tokens = await makeOrders(base, HTTP_ORDERS);
  const path = '/demo/json/online_scheduler/pricing';
  // The first ask after each order's last change: nothing cached for it, the engine runs.
  const firstAsks: number[] = [];
  for (const token of tokens) {
    const started = performance.now();
    const response = await fetch(`${base}${path}`, { headers: { 'x-auth-token': token } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`pricing: ${response.status}`);
    firstAsks.push(performance.now() - started);
  }
  const first = summarise(firstAsks);
  // The load comes from a worker thread, so the client's work is not counted as the server's.
  const load = (connections: number, headers: Array<Record<string, string>>) =>
    autocannon({
      url: base,
      connections,
      duration: HTTP_SECONDS,
      workers: 1,
      requests: headers.map((h) => ({ method: 'GET' as const, path, headers: h })),
    });
  // Then autocannon for ${HTTP_SECONDS}s. The sidebar asks again after each change: one order's pricing, repeatedly.
  const repeated = await load(10, [{ 'x-auth-token': tokens[0]! }]);
  // Every order's own cart in turn, one at a time: each answer is another order and cart (cached after the first ask).
  const distinct = await load(
    1,
    tokens.map((token) => ({ 'x-auth-token': token })),
  );
  await app.close();
  await database.close();
  let ok = first.median < GOAL_HTTP_MEDIAN_MS;
  process.stdout.write(
    `  GET /pricing over HTTP, embedded database (PGlite), ${HTTP_ORDERS} orders with random carts:\n`,
  );
  process.stdout.write(
    `    each order's first ask after its last change (not cached), one at a time: median ${first.median.toFixed(2)} ms, p99 ${first.p99.toFixed(2)} ms (goal: median under ${GOAL_HTTP_MEDIAN_MS} ms${ok ? '' : ', MISSED'})\n`,
  );
  for (const [label, result] of [
    [`one order asked again and again, 10 connections, autocannon ${HTTP_SECONDS}s`, repeated],
    [`${HTTP_ORDERS} orders' carts in turn, 1 connection, autocannon ${HTTP_SECONDS}s`, distinct],
  ] as const) {
    const errors = result.errors + result.non2xx;
    const met = result.latency.p50 < GOAL_HTTP_MEDIAN_MS && errors === 0;
    ok = ok && met;
    process.stdout.write(
      `    ${label}: ${result.requests.average.toFixed(1)} requests/s, median ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${errors} errors (goal: median under ${GOAL_HTTP_MEDIAN_MS} ms${met ? '' : ', MISSED'})\n`,
    );
  }
  return ok;
}

export async function benchPricing(): Promise<boolean> {
  process.stdout.write(
    `\npricing: the engine in-process, ${CARTS} random carts (seeded) over the demo catalogue, COUPON_LIMIT 2\n`,
  );
  const demo = benchRules("the demo's own rules", demoCatalogue(DEMO_RULES), 1);
  const extended = benchRules('every kind of rule', demoCatalogue(EXTENDED_RULES), 2);
  benchCatalogue();
  const http = await benchHttp();
  return demo && extended && http;
}
