import { formatMoney } from '@scheduler/domain/money-format';
import { parseCents } from './amounts.ts';
import type { CouponValues, FeeValues, TaxValues, TripFeeValues } from './pricing-values.ts';

/**
 * What each fee, trip fee, tax and coupon does, in the line under its name that the person reads
 * with the item closed: its code and the rest in a few words, from the values as typed so far.
 */

export interface OfficeChoice {
  uuid: string;
  name: string;
}

/** "1 tier", "3 tiers". */
const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** A trip fee's or a tax's office in a summary: empty is every office. */
const officeWords = (uuid: string, offices: readonly OfficeChoice[]) =>
  uuid === '' ? 'every office' : (offices.find((o) => o.uuid === uuid)?.name ?? 'an office no longer listed');

/** What a fee does, in a line under its name. */
export function feeSummary(row: FeeValues, currency: string): string {
  const money = (text: string) => {
    const cents = parseCents(text, currency, Number.MAX_SAFE_INTEGER);
    return cents === null ? '…' : formatMoney(cents, currency);
  };
  const where = row.scope === 'order' ? 'once per order' : `on ${count(row.services.length, 'service')}`;
  const tiers = count(row.tiers.length, 'tier');
  const how: Record<string, string> = {
    flat: money(row.amount),
    built_before_year: `${money(row.amount)} if built before ${row.year || '…'}`,
    square_feet_tiers: `by square feet, ${tiers}`,
    age_tiers: `by age, ${tiers}`,
    sales_price_tiers: `by sales price, ${tiers}`,
    foundation_type: 'by foundation type',
    control: 'by a property question',
  };
  return [row.code, where, how[row.kind]].filter(Boolean).join(' · ');
}

/** A trip fee: its code, its office, and its zones or distance bands. */
export function tripSummary(row: TripFeeValues, offices: readonly OfficeChoice[]): string {
  const how =
    row.kind === 'postal_codes'
      ? `${count(row.zones.length, 'zone')} of postal codes`
      : count(row.bands.length, 'distance band');
  return [row.code, officeWords(row.office, offices), how].filter(Boolean).join(' · ');
}

/** A tax: its code, its rate, its office, and the services it taxes. */
export function taxSummary(row: TaxValues, offices: readonly OfficeChoice[]): string {
  const services = row.services.length === 0 ? 'every service' : count(row.services.length, 'service');
  return [row.code, `${row.rate.trim() || '…'}%`, officeWords(row.office, offices), services]
    .filter(Boolean)
    .join(' · ');
}

/** A coupon: its code, what it takes off, when it can be used, and whether it is in use. */
export function couponSummary(row: CouponValues, currency: string): string {
  const off =
    row.discountKind === 'percent'
      ? `${row.percent.trim() || '…'}% off`
      : `${row.amount.trim() || '…'} ${currency} off`;
  const dates =
    row.validFrom || row.validUntil ? `${row.validFrom || 'any time'} to ${row.validUntil || 'no end'}` : '';
  return [row.code, off, dates, row.active ? '' : 'not in use'].filter(Boolean).join(' · ');
}
