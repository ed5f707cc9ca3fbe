import type { ConsoleInspectorDay } from '@scheduler/contracts/console';
import type { Control } from '@scheduler/contracts/office';
import type { Pricing } from '@scheduler/contracts/pricing';
import type { SetPropertyInfoBody } from '@scheduler/contracts/property';
import { minutesOf } from '../../../shared/time-text.ts';

/** Who is calling: the two client roles the wizard's first question offers a caller who books for themself. */
export const CALLER_TYPES = [
  { type: 'CLIENT_BUYER', text: 'Home Buyer' },
  { type: 'CLIENT_HOMEOWNER', text: 'Home Owner' },
] as const;
export type CallerType = (typeof CALLER_TYPES)[number]['type'];

/** What the office types: kept whole whatever the server answers (an error only adds a message). */
export interface BookValues {
  caller: CallerType;
  first: string;
  last: string;
  email: string;
  mobile_phone: string;
  address1: string;
  address2: string;
  city: string;
  /** A state id of the office's list, as text; '' for none. */
  state: string;
  postal_code: string;
  /** The property's answers by field: sqft, yb, sales_price, foundation_type, refer_reason, or c{id}. */
  property: Record<string, string>;
  /** The checkbox questions' answers by c{id}. */
  checks: Record<string, boolean>;
  special_note: string;
}

export const ADDRESS_FIELDS = ['address1', 'address2', 'city', 'state', 'postal_code'] as const;
export const CLIENT_FIELDS = ['first', 'last', 'email', 'mobile_phone'] as const;

export const emptyValues = (): BookValues => ({
  caller: 'CLIENT_BUYER',
  first: '',
  last: '',
  email: '',
  mobile_phone: '',
  address1: '',
  address2: '',
  city: '',
  state: '',
  postal_code: '',
  property: {},
  checks: {},
  special_note: '',
});

/** The question types whose answer is a field of the order itself, not an answer by id. */
const ORDER_FIELDS: Partial<Record<Control['type'], keyof SetPropertyInfoBody>> = {
  SquareFeet: 'sqft',
  YearBuilt: 'yb',
  SalesPrice: 'sales_price',
  FoundationType: 'foundation_type',
  ReferReason: 'refer_reason',
};

/** The form's key of a question's answer: its order field, else c{id}. */
export const propertyKey = (control: Pick<Control, 'type' | 'id'>): string =>
  ORDER_FIELDS[control.type] ?? `c${control.id}`;

/** The questions answered by id, in the order set_property_info's `controls` carries them. */
export const answerControls = (controls: readonly Control[]) => controls.filter((c) => !ORDER_FIELDS[c.type]);

/** A question's options as value and label: an option's id for DropDown-like lists, the text for TriggeredDropDown. */
export function optionsOf(control: Control): Array<{ value: string; label: string }> {
  return control.options.map((option) =>
    typeof option === 'string'
      ? { value: option, label: option }
      : { value: control.type === 'TriggeredDropDown' ? option.value : String(option.id), label: option.value },
  );
}

/** The form's answers as set_property_info takes them: what the wizard's property step sends. */
export function propertyBody(values: BookValues, controls: readonly Control[]): SetPropertyInfoBody {
  const typed = (key: string) => (values.property[key] ?? '').trim();
  const number = (key: string) => (typed(key) === '' ? null : Number(typed(key).replace(/,/g, '')));
  return {
    sqft: number('sqft'),
    yb: number('yb'),
    sales_price: typed('sales_price'),
    foundation_type: typed('foundation_type') === '' ? '' : Number(typed('foundation_type')),
    refer_reason: typed('refer_reason'),
    refer_reason_other: '',
    controls: answerControls(controls).map((control) => {
      const key = propertyKey(control);
      return { id: control.id, value: typed(key) === '' ? null : typed(key), checked: values.checks[key] ?? false };
    }),
  };
}

/**
 * The form field a server's refusal names (its `field`): the client's (clients.0.email), the
 * address's, a property answer's (controls.{id}: the question of that id), or the time.
 * null: a refusal of the whole order, said above the Confirm button.
 */
export function formFieldOf(field: string | undefined, controls: readonly Control[]): string | null {
  if (!field) return null;
  const client = /^clients?\.(?:0\.)?(first|last|email|mobile_phone)/.exec(field);
  if (client) return client[1]!;
  if ((ADDRESS_FIELDS as readonly string[]).includes(field)) return field;
  if (['sqft', 'yb', 'sales_price', 'foundation_type', 'refer_reason'].includes(field)) return field;
  // The property rules name a question by its id (controls.{id}).
  const answer = /^controls\.(\d+)/.exec(field);
  if (answer) {
    const control = answerControls(controls).find((candidate) => candidate.id === Number(answer[1]));
    return control ? propertyKey(control) : null;
  }
  if (field.startsWith('datetime') || field.startsWith('inspectors')) return 'time';
  if (field === 'services' || field === 'packages') return 'services';
  if (field === 'clients' || field === 'client') return 'first';
  if (field === 'type' || field === 'user_type') return 'caller';
  return null;
}

/** The start times each inspector's column offers: every half hour from 7 AM to 8 PM on the office's clock. */
export const START_TIMES: readonly number[] = Array.from({ length: 27 }, (_, index) => 7 * 60 + index * 30);

export type StartState = 'free' | 'outside' | 'off' | 'booked';

/**
 * What a start time is in an inspector's column on a date: booked (an inspection or another
 * visitor's hold starts or runs then: the server would refuse it, so it is not offered), time off,
 * outside the working hours, or free. Only "booked" is not offered; the others the office may
 * still pick, and the server's warnings say so (decision 0072).
 */
export function startState(inspector: ConsoleInspectorDay, date: string, minutes: number): StartState {
  const within = (span: { local_date: string; local_start: string; local_end: string }) => {
    if (span.local_date !== date) return false;
    const end = span.local_end <= span.local_start ? 24 * 60 : minutesOf(span.local_end);
    return minutes >= minutesOf(span.local_start) && minutes < end;
  };
  if (inspector.bookings.some(within) || inspector.holds.some(within)) return 'booked';
  if (inspector.time_off.some(within)) return 'off';
  return inspector.working_hours.some(within) ? 'free' : 'outside';
}

export interface PriceLine {
  label: string;
  cents: number;
}

/**
 * The pricing engine's answer as lines that add up to its grand total: the package and each
 * service (what each adds), each additional charge, each coupon taken off, and each tax.
 */
export function priceLines(pricing: Pricing): { lines: PriceLine[]; total: number } {
  const lines: PriceLine[] = [];
  if (pricing.package) lines.push({ label: pricing.package.name, cents: pricing.package.amount });
  for (const service of pricing.services) lines.push({ label: service.name, cents: service.amount });
  for (const fee of pricing.additional.fees) lines.push({ label: fee.description, cents: fee.value });
  for (const coupon of pricing.coupons)
    lines.push({ label: `Coupon ${coupon.name || coupon.code}`, cents: -coupon.amount });
  for (const tax of pricing.taxes) lines.push({ label: tax.name, cents: tax.total });
  const total = pricing.totals.grand_total;
  // Whatever the engine counts that no line above names (a discount without a coupon) gets a line of its own.
  const rest = total - lines.reduce((sum, line) => sum + line.cents, 0);
  if (rest !== 0) lines.push({ label: rest < 0 ? 'Other discounts' : 'Other charges', cents: rest });
  return { lines, total };
}

/** The questions' first answers, as the wizard's step starts them: the configured default, a required list on "Select", another on its first option. */
export function propertyDefaults(controls: readonly Control[]): Pick<BookValues, 'property' | 'checks'> {
  const property: Record<string, string> = {};
  const checks: Record<string, boolean> = {};
  for (const control of controls) {
    const key = propertyKey(control);
    if (control.type === 'CheckBox') checks[key] = control.checked;
    else if (control.value) property[key] = control.value;
    else if (control.type === 'DropDown' && !control.required) property[key] = optionsOf(control)[0]?.value ?? '';
    else property[key] = '';
  }
  return { property, checks };
}

/** Whether the office has answered a property field yet (typed, chosen or ticked). */
export const propertyAnswered = (values: BookValues, key: string): boolean =>
  (values.property[key] ?? '').trim() !== '' || values.checks[key] === true;
