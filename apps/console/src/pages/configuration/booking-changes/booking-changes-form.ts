import {
  bookingChangesSchema,
  lateCancelFeeSchema,
  type BookingChangeSettings,
} from '@scheduler/contracts/company-document';
import type { ChangePolicy, LateCancelFee, ServiceChangePolicy } from '@scheduler/domain/booking-changes/change-policy';
import { amountExample, amountText, parseAmount, readWhole } from '../../../shared/money-amount.ts';

/**
 * The Booking changes page's form and the `booking_changes` section it writes. Numbers are text
 * while typed; the form refuses what the document's schema would, naming the field, so a save the
 * form lets through is one the server takes. The bounds come from the schema itself.
 */

const shape = bookingChangesSchema.shape;
export const MAX_NOTICE_HOURS = shape.reschedule_until_hours.unwrap().maxValue ?? 720;
export const MAX_RESCHEDULES = shape.max_reschedules.unwrap().unwrap().maxValue ?? 20;
export const MAX_CHANGE_TEXT = shape.reschedule_text.unwrap().maxLength ?? 500;
export const MAX_FEE_CENTS = lateCancelFeeSchema.options[0].shape.amount_cents.maxValue ?? 100_000_000;

/** `same`: a service's own rules only; the company's fee applies. */
export type FeeKind = 'none' | 'amount' | 'percent' | 'same';

/** The rules a company sets, and a service may set for itself (empty text: "same as the company"). */
export interface RuleValues {
  rescheduleUntil: string;
  /** Empty: no limit (for a service: same as the company). */
  maxReschedules: string;
  cancelUntil: string;
  lateWithin: string;
  feeKind: FeeKind;
  feeAmount: string;
  feePercent: string;
  /** The late-reschedule fee (decision 0081), in the same late window. */
  moveFeeKind: FeeKind;
  moveFeeAmount: string;
  moveFeePercent: string;
}

export interface ServiceRuleValues extends RuleValues {
  /** The service's uuid; empty until one is chosen. */
  service: string;
}

export interface BookingChangesFormValues extends RuleValues {
  rescheduleText: string;
  cancelText: string;
  services: ServiceRuleValues[];
  /** What agents may do on their client's booking (issue 42). */
  agents: { see_prices: boolean; reschedule: boolean; cancel: boolean };
  /** A cancelled paid order is refunded through Stripe as the policy says (`refund_on_cancel: policy`); off: the office refunds. */
  refundOnCancel: boolean;
}

export interface FieldProblem {
  /** The form's field, as react-hook-form names it ("services.1.cancelUntil"). */
  field: string;
  message: string;
}

/** The document's section, its defaults filled in as the server fills them. */
export function bookingChangesOf(document: Record<string, unknown>): BookingChangeSettings {
  const parsed = bookingChangesSchema.safeParse(document.booking_changes ?? {});
  return parsed.success ? parsed.data : bookingChangesSchema.parse({});
}

export { currencyOf } from '../../../shared/money-amount.ts';

const numberText = (value: number | null | undefined) => (typeof value === 'number' ? String(value) : '');

function feeValues(
  fee: LateCancelFee | null | undefined,
  unset: FeeKind,
  currency: string,
): Pick<RuleValues, 'feeKind' | 'feeAmount' | 'feePercent'> {
  if (fee?.kind === 'amount')
    return { feeKind: 'amount', feeAmount: amountText(fee.amount_cents, currency), feePercent: '' };
  if (fee?.kind === 'percent') return { feeKind: 'percent', feeAmount: '', feePercent: String(fee.percent) };
  return { feeKind: unset, feeAmount: '', feePercent: '' };
}

/** The late-reschedule fee's fields, as `feeValues` the cancellation's. */
function moveFeeValues(
  fee: LateCancelFee | null | undefined,
  unset: FeeKind,
  currency: string,
): Pick<RuleValues, 'moveFeeKind' | 'moveFeeAmount' | 'moveFeePercent'> {
  const values = feeValues(fee, unset, currency);
  return { moveFeeKind: values.feeKind, moveFeeAmount: values.feeAmount, moveFeePercent: values.feePercent };
}

export const EMPTY_SERVICE_RULES: ServiceRuleValues = {
  service: '',
  rescheduleUntil: '',
  maxReschedules: '',
  cancelUntil: '',
  lateWithin: '',
  feeKind: 'same',
  feeAmount: '',
  feePercent: '',
  moveFeeKind: 'same',
  moveFeeAmount: '',
  moveFeePercent: '',
};

export function bookingChangesFormValues(section: BookingChangeSettings, currency: string): BookingChangesFormValues {
  return {
    rescheduleUntil: String(section.reschedule_until_hours),
    maxReschedules: numberText(section.max_reschedules),
    cancelUntil: String(section.cancel_until_hours),
    lateWithin: String(section.late_cancel_within_hours),
    ...feeValues(section.late_cancel_fee, 'none', currency),
    ...moveFeeValues(section.late_reschedule_fee, 'none', currency),
    rescheduleText: section.reschedule_text,
    cancelText: section.cancel_text,
    agents: { ...section.agents },
    refundOnCancel: section.refund_on_cancel === 'policy',
    // A service's null fee or null limit loosens nothing (the stricter rule wins): it reads as "same as the company".
    services: section.services.map((rules) => ({
      service: rules.service,
      rescheduleUntil: numberText(rules.reschedule_until_hours),
      maxReschedules: numberText(rules.max_reschedules),
      cancelUntil: numberText(rules.cancel_until_hours),
      lateWithin: numberText(rules.late_cancel_within_hours),
      ...feeValues(rules.late_cancel_fee, 'same', currency),
      ...moveFeeValues(rules.late_reschedule_fee, 'same', currency),
    })),
  };
}

/** A percentage of the order's total: more than 0, at most 100, at most two decimals. */
export function readPercent(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value > 0 && value <= 100 ? value : null;
}

export const hoursProblem = `Enter a whole number of hours from 0 to ${MAX_NOTICE_HOURS}.`;
export const reschedulesProblem = `Enter a whole number from 0 to ${MAX_RESCHEDULES}, or leave it empty.`;
export const percentProblem = 'Enter a percentage more than 0 and at most 100, like 50 or 12.5.';
export const amountProblem = (currency: string) =>
  `Enter an amount in ${currency} like ${amountExample(currency)}, without a currency sign.`;

type Rules = Partial<ChangePolicy>;

/** The rules of one part of the form. `required` (the company's): an empty hour is a problem, not "same". */
function readRules(
  values: RuleValues,
  prefix: string,
  currency: string,
  required: boolean,
  problems: FieldProblem[],
): Rules {
  const rules: Rules = {};
  const hours = (
    field: 'rescheduleUntil' | 'cancelUntil' | 'lateWithin',
    key: 'reschedule_until_hours' | 'cancel_until_hours' | 'late_cancel_within_hours',
  ) => {
    const read = readWhole(values[field], 0, MAX_NOTICE_HOURS);
    if (!read.ok || (required && read.value === null)) problems.push({ field: prefix + field, message: hoursProblem });
    else if (read.value !== null) rules[key] = read.value;
  };
  hours('rescheduleUntil', 'reschedule_until_hours');
  const most = readWhole(values.maxReschedules, 0, MAX_RESCHEDULES);
  if (!most.ok) problems.push({ field: `${prefix}maxReschedules`, message: reschedulesProblem });
  else if (most.value !== null || required) rules.max_reschedules = most.value;
  hours('cancelUntil', 'cancel_until_hours');
  hours('lateWithin', 'late_cancel_within_hours');

  const fee = (
    kind: FeeKind,
    fields: { amount: 'feeAmount' | 'moveFeeAmount'; percent: 'feePercent' | 'moveFeePercent' },
    key: 'late_cancel_fee' | 'late_reschedule_fee',
  ) => {
    if (kind === 'none') rules[key] = null;
    if (kind === 'amount') {
      const cents = parseAmount(values[fields.amount], currency);
      if (cents === null || cents > MAX_FEE_CENTS)
        problems.push({ field: prefix + fields.amount, message: amountProblem(currency) });
      else rules[key] = { kind: 'amount', amount_cents: cents };
    }
    if (kind === 'percent') {
      const percent = readPercent(values[fields.percent]);
      if (percent === null) problems.push({ field: prefix + fields.percent, message: percentProblem });
      else rules[key] = { kind: 'percent', percent };
    }
  };
  fee(values.feeKind, { amount: 'feeAmount', percent: 'feePercent' }, 'late_cancel_fee');
  fee(values.moveFeeKind, { amount: 'moveFeeAmount', percent: 'moveFeePercent' }, 'late_reschedule_fee');
  return rules;
}

/**
 * The company's rules as typed so far, or null while one of them is not a valid value: the live
 * summary speaks only of a policy that could be saved.
 */
export function companyPolicyOf(values: RuleValues, currency: string): ChangePolicy | null {
  const problems: FieldProblem[] = [];
  const rules = readRules(values, '', currency, true, problems);
  return problems.length > 0 ? null : (rules as ChangePolicy);
}

type ServiceRules = ServiceChangePolicy & { service: string };

export type ApplyResult =
  | {
      ok: true;
      document: Record<string, unknown>;
      /** For each of the document's service overrides, the form's row it came from (rows with no rule are left out). */
      serviceRows: number[];
    }
  | { ok: false; problems: FieldProblem[] };

/**
 * The document with the form's policy written in, or the form's problems. A service row with
 * every rule empty is dropped: it changes nothing (the company's rules apply), and keeping it
 * would store a service "with its own rules" that has none.
 */
export function applyBookingChangesForm(
  document: Record<string, unknown>,
  values: BookingChangesFormValues,
  currency: string,
): ApplyResult {
  const problems: FieldProblem[] = [];
  const company = readRules(values, '', currency, true, problems);
  for (const field of ['rescheduleText', 'cancelText'] as const) {
    if (values[field].trim().length > MAX_CHANGE_TEXT)
      problems.push({ field, message: `At most ${MAX_CHANGE_TEXT} characters.` });
  }
  const services: ServiceRules[] = [];
  const serviceRows: number[] = [];
  const seen = new Set<string>();
  values.services.forEach((row, index) => {
    const prefix = `services.${index}.`;
    const rules = readRules(row, prefix, currency, false, problems);
    if (row.service === '') {
      if (Object.keys(rules).length > 0)
        problems.push({ field: `${prefix}service`, message: 'Choose the service these rules are for.' });
      return;
    }
    if (seen.has(row.service))
      problems.push({
        field: `${prefix}service`,
        message: 'This service has rules above already: a service has one set of rules.',
      });
    seen.add(row.service);
    if (Object.keys(rules).length === 0) return;
    services.push({ service: row.service, ...rules });
    serviceRows.push(index);
  });
  if (problems.length > 0) return { ok: false, problems };

  const booking_changes = {
    ...bookingChangesOf(document),
    ...company,
    reschedule_text: values.rescheduleText.trim(),
    cancel_text: values.cancelText.trim(),
    services,
    agents: { ...values.agents },
    refund_on_cancel: values.refundOnCancel ? ('policy' as const) : ('office' as const),
  };
  return { ok: true, document: { ...document, booking_changes }, serviceRows };
}

const RULE_FIELDS: Readonly<Record<string, keyof RuleValues>> = {
  reschedule_until_hours: 'rescheduleUntil',
  max_reschedules: 'maxReschedules',
  cancel_until_hours: 'cancelUntil',
  late_cancel_within_hours: 'lateWithin',
  late_cancel_fee: 'feeKind',
  late_reschedule_fee: 'moveFeeKind',
};

function ruleField(
  path: readonly string[],
  values: Pick<RuleValues, 'feeKind' | 'moveFeeKind'> | undefined,
): string | null {
  const [key, part] = path;
  if (key === 'late_cancel_fee' && part !== undefined && part !== 'kind')
    return values?.feeKind === 'percent' ? 'feePercent' : 'feeAmount';
  if (key === 'late_reschedule_fee' && part !== undefined && part !== 'kind')
    return values?.moveFeeKind === 'percent' ? 'moveFeePercent' : 'moveFeeAmount';
  return key === undefined ? null : (RULE_FIELDS[key] ?? null);
}

/**
 * The form's field that a refused document's `error.field` names ("booking_changes.services.0.late_cancel_fee.amount_cents"),
 * or null when it names something this page does not show.
 */
export function formFieldOf(
  field: string | undefined,
  values: BookingChangesFormValues,
  serviceRows: readonly number[],
): string | null {
  const path = (field ?? '').split('.');
  if (path[0] !== 'booking_changes') return null;
  const [, key, ...rest] = path;
  if (key === 'reschedule_text') return 'rescheduleText';
  if (key === 'cancel_text') return 'cancelText';
  if (key === 'services') {
    const row = serviceRows[Number(rest[0])];
    if (row === undefined || !/^\d+$/.test(rest[0] ?? '')) return null;
    if (rest[1] === 'service') return `services.${row}.service`;
    const inRow = ruleField(rest.slice(1), values.services[row]);
    return inRow === null ? null : `services.${row}.${inRow}`;
  }
  return ruleField(path.slice(1), values);
}
