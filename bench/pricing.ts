/**
 * npm run bench -- pricing
 * The pricing engine in-process: median and p99 ms per cart over the demo catalogue, with random
 * (seeded) carts, property answers and coupons; once with the demo's own pricing rules and once
 * with every kind of rule (property, control and trip fees, modifiers, two taxes, more coupons).
 */
import type { PricingCart, PricingProperty } from '@scheduler/contracts/pricing';
import { seededRandom } from '@scheduler/domain/availability/engine';
import { priceOrder, type PricingInput } from '@scheduler/domain/pricing/engine';
import type { PricingCatalogue } from '@scheduler/domain/pricing/pricing-catalogue';
import { DEMO, DEMO_RULES, EXTENDED_RULES, PLAIN_PROPERTY, demoCatalogue, pricingInput } from '../packages/domain/src/pricing/test-fixtures.ts';
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
    const cart: PricingCart = { package: chance(0.5) ? pick(DEMO.packages).id : null, services, rush_rer: chance(0.3), pay_at_close: chance(0.1) };
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
    return pricingInput({ catalogue, cart, property, coupons, settings: { ...pricingInput().settings, couponLimit: 2 } });
  });
}

function benchRules(label: string, catalogue: PricingCatalogue, seed: number): boolean {
  const inputs = workload(catalogue, seed);
  let checksum = 0;
  for (let round = 0; round < WARM_UP_ROUNDS; round++) for (const input of inputs) checksum += priceOrder(input).pricing.totals.grand_total;
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
  process.stdout.write(`  indexing the catalogue and rules (once per company change): ${(((performance.now() - started) / runs) * 1000).toFixed(1)} µs\n`);
}

export async function benchPricing(): Promise<boolean> {
  process.stdout.write(`\npricing: the engine in-process, ${CARTS} random carts (seeded) over the demo catalogue, COUPON_LIMIT 2\n`);
  const demo = benchRules("the demo's own rules", demoCatalogue(DEMO_RULES), 1);
  const extended = benchRules('every kind of rule', demoCatalogue(EXTENDED_RULES), 2);
  benchCatalogue();
  return demo && extended;
}
