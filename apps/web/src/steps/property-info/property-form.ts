import { DEFAULT_DATE_FORMAT, formatIsoDate, parseDateIn } from '@scheduler/contracts/date-format';
import type { Control } from '@scheduler/contracts/office';
import type { OrderResponse } from '@scheduler/contracts/order';
import { answerKey, type PropertyInfoFormValues } from '@scheduler/contracts/forms/property-info';
import type { SetPropertyInfoBody } from '@scheduler/contracts/property';
import { SETTING } from '@scheduler/contracts/setting-keys';
import type { SettingsReader } from '@scheduler/domain/settings';

/** Questions whose answer is a field of the order itself (spec 3.3). */
const ORDER_FIELDS = new Set<Control['type']>([
  'SquareFeet',
  'YearBuilt',
  'SalesPrice',
  'FoundationType',
  'ReferReason',
]);

export const isAnswerControl = (control: Pick<Control, 'type'>) => !ORDER_FIELDS.has(control.type);

/** Date and ClosingDate questions: typed in the company's DATE_FORMAT, stored as ISO dates (spec 3.3). */
export const isDateControl = (control: Pick<Control, 'type'>) =>
  control.type === 'Date' || control.type === 'ClosingDate';

function optionIds(control: Control | undefined): number[] {
  return (control?.options ?? []).flatMap((o) => (typeof o === 'object' ? [o.id] : []));
}

/** Spec 2.8: a required dropdown starts on "Select" (empty), any other on its first option. */
function dropdownDefault(control: Control | undefined, saved: number | string | null | undefined): string {
  if (saved !== null && saved !== undefined && saved !== '') return String(saved);
  if (!control || control.required) return '';
  return String(optionIds(control)[0] ?? '');
}

/** The form's starting values: what the order holds, else each question's default. */
export function formDefaults(
  controls: readonly Control[],
  order: OrderResponse,
  dateFormat = DEFAULT_DATE_FORMAT,
): PropertyInfoFormValues {
  const of = (type: Control['type']) => controls.find((c) => c.type === type);
  const answers: PropertyInfoFormValues['answers'] = {};
  for (const control of controls.filter(isAnswerControl)) {
    const saved = order.controls.find((a) => a.id === control.id);
    const value =
      control.type === 'DropDown'
        ? dropdownDefault(control, saved?.value)
        : isDateControl(control)
          ? formatIsoDate(saved?.value ?? '', dateFormat)
          : (saved?.value ?? '');
    answers[answerKey(control.id)] = { value, checked: saved?.checked ?? false };
  }
  return {
    sqft: order.sqft ? String(order.sqft) : '',
    yb: order.yb ? String(order.yb) : '',
    sales_price: order.sales_price,
    foundation_type: dropdownDefault(of('FoundationType'), order.foundation_type?.id),
    refer_reason: order.refer_reason || dropdownDefault(of('ReferReason'), null),
    refer_reason_other: order.refer_reason_other,
    answers,
  };
}

/** The form's values as `set_property_info` takes them (spec 7.5). */
export function toPropertyInfoBody(
  values: PropertyInfoFormValues,
  controls: readonly Control[],
  dateFormat = DEFAULT_DATE_FORMAT,
): SetPropertyInfoBody {
  const number = (text: string) => (text === '' ? null : Number(text));
  return {
    sqft: number(values.sqft),
    yb: number(values.yb),
    sales_price: values.sales_price,
    foundation_type: values.foundation_type === '' ? '' : Number(values.foundation_type),
    refer_reason: values.refer_reason,
    refer_reason_other: values.refer_reason === 'other' ? values.refer_reason_other : '',
    controls: controls.filter(isAnswerControl).map((control) => {
      const answer = values.answers[answerKey(control.id)] ?? { value: '', checked: false };
      // A date goes as an ISO date (DECISIONS 3.3); the form has made sure it reads in the format.
      const value =
        isDateControl(control) && answer.value !== ''
          ? (parseDateIn(answer.value, dateFormat) ?? answer.value)
          : answer.value;
      return { id: control.id, value: value === '' ? null : value, checked: answer.checked };
    }),
  };
}

/**
 * Spec 5.6 input handling: square feet keep digits (12 at most), a sale price digits and commas.
 * A leading minus stays (issue 20): dropping it turned "-50" into 50 without a word; kept, the
 * form refuses it with the range it wants.
 */
export const keepDigits = (text: string) =>
  `${text.trimStart().startsWith('-') ? '-' : ''}${text.replace(/\D/g, '')}`.slice(0, 12);
export const keepDigitsAndCommas = (text: string) => text.replace(/[^\d,]/g, '').slice(0, 12);

/** Spec 2.8: a label longer than 25 characters (23 for a dropdown) shows its first 20 and "...". */
export function truncatedLabel(label: string, dropdown: boolean): string | null {
  return label.length > (dropdown ? 23 : 25) ? `${label.slice(0, 20)}...` : null;
}

/** Spec 9.4: fees are hidden when HIDE_ALL_FEES is on or a pay-at-close submission fee is set. */
export function feesHidden(settings: SettingsReader): boolean {
  return settings.isOn(SETTING.HIDE_ALL_FEES) || settings.number(SETTING.PAC_SUBMISSION_FEE, 0) > 0;
}
