import { buildCoupon, buildFee, buildTax, buildTripFee, type Built } from './row-builders.ts';
import {
  currencyOf,
  pricingListsOf,
  type ListName,
  type Origin,
  type PricingFormValues,
  type PricingLists,
} from './pricing-values.ts';

/**
 * The document with the Fees, taxes and coupons form written in, or the form's problems at their
 * fields; and the form's field for a path the server refuses. What the page does not edit (service
 * modifiers, package fee waivers, question-driven fees, every other section) is written back as
 * it came, and so is a row the person did not change, to the key: a save changes only what was
 * edited.
 */

export interface FieldProblem {
  /** The form's field, as react-hook-form names it ("coupons.3.validUntil"). */
  field: string;
  message: string;
}

/** Where each entry of a written list came from: its form row, by the list's path in the document. */
export type SentRows = Record<string, number[]>;

export type ApplyResult =
  { ok: true; document: Record<string, unknown>; sent: SentRows } | { ok: false; problems: FieldProblem[] };

/** Each form list's document lists: the short form's top-level key (none for trip fees) and the pricing section's. */
const DOCUMENT_KEYS: Readonly<
  Record<ListName, { short: 'fees' | 'taxes' | 'coupons' | null; pricing: 'fees' | 'trip_fees' | 'taxes' | 'coupons' }>
> = {
  fees: { short: 'fees', pricing: 'fees' },
  tripFees: { short: null, pricing: 'trip_fees' },
  taxes: { short: 'taxes', pricing: 'taxes' },
  coupons: { short: 'coupons', pricing: 'coupons' },
};

const DUPLICATE: Readonly<Record<ListName, string | null>> = {
  fees: 'Another fee has this code: each fee needs its own.',
  tripFees: null,
  taxes: 'Another tax has this code: each tax needs its own.',
  coupons: 'Another coupon has this code (capitals do not count): each coupon needs its own.',
};

export const UNKNOWN_SERVICE = 'A service ticked here is no longer offered: untick it.';

function loadedItem(lists: PricingLists, list: ListName, origin: Origin, index: number): unknown {
  const keys = DOCUMENT_KEYS[list];
  if (origin === 'short') return keys.short === null ? undefined : lists.short[keys.short][index];
  return lists.pricing[keys.pricing][index];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function applyPricingForm(
  document: Record<string, unknown>,
  loaded: PricingFormValues,
  values: PricingFormValues,
): ApplyResult {
  const currency = currencyOf(document);
  const lists = pricingListsOf(document);
  const officeIds = new Set(
    ((Array.isArray(document.offices) ? document.offices : []) as Array<{ uuid?: unknown }>).map((office) =>
      String(office.uuid),
    ),
  );
  const serviceIds = new Set(
    ((Array.isArray(document.services) ? document.services : []) as Array<{ uuid?: unknown }>).map((service) =>
      String(service.uuid),
    ),
  );
  const problems: FieldProblem[] = [];
  const written: Record<string, unknown[]> = {};
  const sent: SentRows = {};

  const build = <L extends ListName>(list: L, row: PricingFormValues[L][number]): Built => {
    switch (list) {
      case 'fees':
        return buildFee(row as PricingFormValues['fees'][number], currency);
      case 'tripFees':
        return buildTripFee(row as PricingFormValues['tripFees'][number], currency, officeIds);
      case 'taxes':
        return buildTax(row as PricingFormValues['taxes'][number], officeIds);
      default:
        return buildCoupon(row as PricingFormValues['coupons'][number], currency);
    }
  };

  for (const list of Object.keys(DOCUMENT_KEYS) as ListName[]) {
    const codes = new Set<string>();
    (values[list] as Array<PricingFormValues[typeof list][number]>).forEach((row, index) => {
      const prefix = `${list}.${index}.`;
      const path = row.origin === 'short' ? DOCUMENT_KEYS[list].short! : `pricing.${DOCUMENT_KEYS[list].pricing}`;
      const original = row.loadedIndex === null ? undefined : loadedItem(lists, list, row.origin, row.loadedIndex);
      const duplicate = DUPLICATE[list];
      const code = row.code.trim().toUpperCase();
      if (duplicate !== null && code !== '') {
        if (codes.has(code)) problems.push({ field: `${prefix}code`, message: duplicate });
        codes.add(code);
      }
      let item: unknown;
      if (row.locked) item = original;
      else {
        const built = build(list, row);
        if (!built.ok) {
          for (const problem of built.problems)
            problems.push({ field: prefix + problem.field, message: problem.message });
          return;
        }
        // The services written, not those ticked: an order fee drops its list, so a stale service there refuses nothing.
        const services = (built.item.services ?? []) as string[];
        if (services.some((id) => !serviceIds.has(id)))
          problems.push({ field: `${prefix}services`, message: UNKNOWN_SERVICE });
        const before = (loaded[list] as Array<typeof row>).find(
          (r) => r.origin === row.origin && r.loadedIndex === row.loadedIndex && row.loadedIndex !== null,
        );
        const unchanged = before !== undefined && !before.locked && same(build(list, before), built);
        // An unchanged row is written as it came: the same keys, the defaults it left out still left out.
        item = unchanged ? original : built.item;
      }
      (written[path] ??= []).push(item);
      (sent[path] ??= []).push(index);
    });
  }
  if (problems.length > 0) return { ok: false, problems };

  const next: Record<string, unknown> = { ...document };
  const pricing: Record<string, unknown> = { ...((document.pricing ?? {}) as Record<string, unknown>) };
  let pricingChanged = false;
  for (const keys of Object.values(DOCUMENT_KEYS)) {
    if (keys.short !== null && !same(written[keys.short] ?? [], lists.short[keys.short]))
      next[keys.short] = written[keys.short] ?? [];
    const path = `pricing.${keys.pricing}`;
    if (!same(written[path] ?? [], lists.pricing[keys.pricing])) {
      pricing[keys.pricing] = written[path] ?? [];
      pricingChanged = true;
    }
  }
  if (pricingChanged) next.pricing = pricing;
  return { ok: true, document: next, sent };
}

const FEE_RULE_FIELDS: Readonly<Record<string, string>> = { amount_cents: 'amount', year: 'year' };
const TAX_FIELDS: Readonly<Record<string, string>> = {
  code: 'code',
  name: 'name',
  office: 'office',
  rate_percent: 'rate',
  services: 'services',
  additional_charges: 'additionalCharges',
};
const COUPON_FIELDS: Readonly<Record<string, string>> = {
  code: 'code',
  name: 'name',
  valid_from: 'validFrom',
  valid_until: 'validUntil',
  max_redemptions: 'maxRedemptions',
  min_order_cents: 'minOrder',
  services: 'services',
  active: 'active',
};

/** A tier's field for `tiers.2.up_to_sqft`; the whole list's refusal (tiers must rise) stands at its last bound. */
function tierField(name: string, rest: readonly string[], count: number): string {
  const [index, key] = rest;
  if (index === undefined || !/^\d+$/.test(index)) return `${name}.${Math.max(count - 1, 0)}.upTo`;
  return `${name}.${index}.${key === 'amount_cents' ? 'amount' : 'upTo'}`;
}

function rowField(list: ListName, rest: readonly string[], values: PricingFormValues, row: number): string | null {
  const [key, ...more] = rest;
  if (key === undefined) return null;
  switch (list) {
    case 'fees': {
      if (key === 'code' || key === 'description' || key === 'scope' || key === 'services') return key;
      if (key !== 'rule') return null;
      if (more[0] === 'tiers') return tierField('tiers', more.slice(1), values.fees[row]?.tiers.length ?? 1);
      return FEE_RULE_FIELDS[more[0] ?? ''] ?? 'kind';
    }
    case 'tripFees': {
      if (key === 'code' || key === 'description' || key === 'office' || key === 'kind') return key;
      if (key === 'bands') return tierField('bands', more, values.tripFees[row]?.bands.length ?? 1);
      if (key !== 'zones') return null;
      const zone = more[0] !== undefined && /^\d+$/.test(more[0]) ? more[0] : '0';
      return `zones.${zone}.${more[1] === 'amount_cents' ? 'amount' : 'postalCodes'}`;
    }
    case 'taxes':
      return TAX_FIELDS[key] ?? null;
    case 'coupons': {
      if (key !== 'discount') return COUPON_FIELDS[key] ?? null;
      if (more[0] === 'percent') return 'percent';
      if (more[0] === 'amount_cents') return 'amount';
      return 'discountKind';
    }
  }
}

const LIST_OF_PATH: Readonly<Record<string, ListName>> = {
  fees: 'fees',
  taxes: 'taxes',
  coupons: 'coupons',
  'pricing.fees': 'fees',
  'pricing.trip_fees': 'tripFees',
  'pricing.taxes': 'taxes',
  'pricing.coupons': 'coupons',
};

/**
 * The form's field that a refused document's path names (`pricing.coupons.2.code` is the coupon
 * row that entry was written from), or null when the page has no field for it (another section,
 * a fee set on the Property questions page).
 */
export function formFieldOf(path: string | undefined, sent: SentRows, values: PricingFormValues): string | null {
  const parts = (path ?? '').split('.');
  const listPath = parts[0] === 'pricing' ? parts.slice(0, 2).join('.') : (parts[0] ?? '');
  const list = LIST_OF_PATH[listPath];
  const rest = parts.slice(listPath.split('.').length);
  if (list === undefined || rest[0] === undefined || !/^\d+$/.test(rest[0])) return null;
  const row = sent[listPath]?.[Number(rest[0])];
  if (row === undefined || values[list][row] === undefined || values[list][row].locked) return null;
  const field = rowField(list, rest.slice(1), values, row);
  return field === null ? null : `${list}.${row}.${field}`;
}
