/**
 * A company's catalogue and pricing rules, indexed once for the engine and kept per office (the
 * office decides its taxes, trip fees and date). The database announces every configuration
 * change (migrations 0002 and 0005), which makes an entry stale at once.
 */
import type { Office } from '@scheduler/contracts/company-document';
import { holdMinutesOf } from '@scheduler/domain/availability/hold-length';
import { ZonedCalendar } from '@scheduler/domain/availability/zoned-calendar';
import type { PricingOffice, PricingResult } from '@scheduler/domain/pricing/engine';
import { pricingCatalogue, type PricingCatalogue } from '@scheduler/domain/pricing/pricing-catalogue';
import { pricingSettings, type PricingSettings } from '@scheduler/domain/pricing/pricing-settings';
import { SettingsReader } from '@scheduler/domain/settings';
import { CoherentCache } from '../../cache/coherent-cache.ts';
import { changeKeys, type ChangeFeed } from '../../db/change-feed.ts';
import type { Database, Executor } from '../../db/connection.ts';
import { loadPricingSource, type PricingSource } from './pricing.repository.ts';

export interface OfficePricing {
  catalogue: PricingCatalogue;
  settings: PricingSettings;
  office: PricingOffice;
  calendar: ZonedCalendar;
  controls: PricingSource['controls'];
  /** How long a picked time is held: a cart's coupon use is leased as long when it holds no time. */
  holdMinutes: number;
}

export function officePricingOf(source: PricingSource): OfficePricing {
  const scheduling = source.office.scheduling as Office['scheduling'];
  return {
    catalogue: pricingCatalogue({
      currency: source.currency,
      services: source.services,
      packages: source.packages,
      rules: source.rules,
      rer_rush_amount_cents: source.rerRushAmountCents,
    }),
    settings: pricingSettings(new SettingsReader(source.settings)),
    office: {
      uuid: source.office.uuid,
      location:
        source.office.latitude !== null && source.office.longitude !== null
          ? { latitude: source.office.latitude, longitude: source.office.longitude }
          : null,
      roadFactor: scheduling.road_factor,
      defaultDurationMinutes: scheduling.default_duration_minutes,
    },
    calendar: ZonedCalendar.of(source.office.timeZone),
    controls: source.controls,
    holdMinutes: holdMinutesOf(new SettingsReader(source.settings)),
  };
}

export class PricingStore {
  private readonly offices: CoherentCache<OfficePricing>;
  /** Each order's priced cart, as /pricing answers it; any change to the order or the company makes it stale. */
  private readonly orders: CoherentCache<PricingResult>;

  constructor(
    readonly db: Database,
    changes: ChangeFeed,
    clock: () => number,
  ) {
    this.offices = new CoherentCache(changes, { maxEntries: 1_000 }, clock);
    this.orders = new CoherentCache(changes, { maxEntries: 20_000 }, clock);
  }

  /**
   * The order's pricing on the office's date `today` (coupon dates and property ages count in
   * it, so a new day is a new entry). The orders table announces every change to an order
   * (migration 0002), its answers included, since saving them updates the order row.
   */
  async orderPricing(
    ref: { companyId: string; orderId: string },
    today: string,
    load: () => Promise<PricingResult>,
  ): Promise<PricingResult> {
    const priced = await this.orders.get(`${ref.orderId}:${today}`, async () => ({
      value: await load(),
      dependsOn: [changeKeys.order(ref.orderId), changeKeys.company(ref.companyId)],
    }));
    return priced!;
  }

  /** `db`: a caller's transaction to read through when the entry must be loaded (an embedded database has one connection). */
  officePricing(companyId: string, officeId: string, db: Executor = this.db): Promise<OfficePricing | null> {
    return this.offices.get(`${companyId}:${officeId}`, async () => {
      const source = await loadPricingSource(db, companyId, officeId);
      return source ? { value: officePricingOf(source), dependsOn: [changeKeys.company(companyId)] } : null;
    });
  }
}

/** One store per application, shared by the modules that price (catalogue, cart, property). */
const stores = new WeakMap<object, PricingStore>();

export function pricingStoreOf(ctx: { db: Database; changes: ChangeFeed; clock: () => number }): PricingStore {
  let store = stores.get(ctx);
  if (!store) {
    store = new PricingStore(ctx.db, ctx.changes, ctx.clock);
    stores.set(ctx, store);
  }
  return store;
}
