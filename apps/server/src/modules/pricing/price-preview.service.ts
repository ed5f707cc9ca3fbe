import type { CompanyDocument } from '@scheduler/contracts/company-document';
import type { PricePreviewBody, PricePreviewResponse } from '@scheduler/contracts/price-preview';
import type { PricingProperty } from '@scheduler/contracts/pricing';
import { priceOrder } from '@scheduler/domain/pricing/engine';
import { documentPricingRules } from '@scheduler/domain/pricing/pricing-catalogue';
import { AppError } from '../../errors.ts';
import { parseCompanyDocument } from '../company-document/companies.service.ts';
import type { PricingSource } from './pricing.repository.ts';
import { officePricingOf } from './pricing.store.ts';

/**
 * The console's sample price (issue 26): a draft of the company document priced as if it were
 * saved. The draft is read into the same `PricingSource` the repository reads from the stored
 * rows, and priced by the same `officePricingOf` and engine call as a visitor's cart, so the
 * sample and the wizard cannot disagree.
 */

/** The repository's order: services by sort then name, packages by sort then id (the first pay-at-close service is the one offered). */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** What loadPricingSource would read after this document were saved, at its first office. */
export function pricingSourceOfDocument(doc: CompanyDocument): PricingSource {
  const office = doc.offices[0]!;
  return {
    currency: doc.currency,
    settings: doc.settings,
    rerRushAmountCents: doc.rer_rush_amount_cents,
    services: [...doc.services].sort((a, b) => a.sort - b.sort || byText(a.name, b.name)),
    packages: [...doc.packages].sort((a, b) => a.sort - b.sort || a.id - b.id),
    rules: documentPricingRules(doc),
    controls: [...doc.property_controls]
      .sort((a, b) => a.sort - b.sort || a.id - b.id)
      .map((c) => ({
        id: c.id,
        type: c.type,
        label: c.label,
        length: c.length,
        required: c.required,
        options: c.options,
      })),
    office: {
      uuid: office.uuid,
      timeZone: office.time_zone,
      latitude: office.latitude,
      longitude: office.longitude,
      scheduling: office.scheduling,
    },
  };
}

/** The sample's cart must name what the draft has: a sample of something removed would price it at nothing without saying so. */
function checkSample(doc: CompanyDocument, sample: PricePreviewBody['sample']): void {
  if (sample.package_id !== null && !doc.packages.some((p) => p.id === sample.package_id)) {
    throw new AppError(
      400,
      'invalid_request',
      `The document has no package ${sample.package_id}.`,
      'sample.package_id',
    );
  }
  const services = new Set(doc.services.map((s) => s.uuid));
  sample.services.forEach((id, i) => {
    if (!services.has(id))
      throw new AppError(400, 'invalid_request', `The document has no service ${id}.`, `sample.services.${i}`);
  });
}

/** Prices the sample cart against the draft document on the office's date of `now`. */
export function previewPrice(body: PricePreviewBody, now: Date): PricePreviewResponse {
  const doc = parseCompanyDocument(body.document);
  checkSample(doc, body.sample);
  const pricing = officePricingOf(pricingSourceOfDocument(doc));
  const property: PricingProperty = {
    sqft: body.sample.square_feet,
    year_built: body.sample.year_built,
    sales_price: '',
    foundation_type_id: null,
    postal_code: '',
    location: null,
    controls: [],
  };
  const result = priceOrder({
    catalogue: pricing.catalogue,
    office: pricing.office,
    property,
    cart: {
      package: body.sample.package_id,
      services: body.sample.services,
      rush_rer: body.sample.rush_rer ?? false,
      pay_at_close: false,
    },
    coupons: [],
    settings: pricing.settings,
    pacOptOut: false,
    today: pricing.calendar.localDateOf(now.getTime()),
  });
  return {
    office: { uuid: doc.offices[0]!.uuid, name: doc.offices[0]!.name },
    pricing: result.pricing,
    duration: result.duration,
  };
}
