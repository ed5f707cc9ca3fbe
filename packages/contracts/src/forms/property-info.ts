// zod/mini: form schemas load with the wizard's steps, and the mini build keeps them small.
import * as z from 'zod/mini';
import type { ControlType } from '../company-document.ts';
import { DEFAULT_DATE_FORMAT, parseDateIn, usableDateFormat } from '../date-format.ts';
import { PROPERTY_MESSAGES, squareFeetInRange, YEAR_BUILT_MIN } from '../property.ts';

/** What the form reads of a configured question (spec 3.3). */
export interface PropertyFormControl {
  id: number;
  type: ControlType;
  label: string;
  length: number;
  required: boolean;
  options: Array<{ id: number; value: string }> | string[];
}

/** Each answer-type question's field, under `answers` by `c{id}`. */
export const answerKey = (id: number) => `c${id}`;

/** The most characters a typed answer may have (spec 5.6): TextBox its length or 24, Text its length when above 1, else 255. */
export function typedMaxLength(control: Pick<PropertyFormControl, 'type' | 'length'>): number | null {
  if (control.type === 'TextBox') return control.length > 0 ? control.length : 24;
  if (control.type === 'Text') return control.length > 1 ? control.length : 255;
  return null;
}

const ORDER_FIELDS: ReadonlySet<ControlType> = new Set([
  'SquareFeet',
  'YearBuilt',
  'SalesPrice',
  'FoundationType',
  'ReferReason',
]);

const text = z.string();
const when = (rule: boolean, check: (value: string) => boolean, message: string) =>
  rule ? text.check(z.refine(check, message)) : text;

function answerSchema(control: PropertyFormControl, dateFormat: string) {
  const { label } = control;
  const filled = (value: string) => value.trim() !== '';
  const max = typedMaxLength(control);
  const value = max === null ? text : text.check(z.maxLength(max, PROPERTY_MESSAGES.tooLong(label, max)));
  const answer = z.object({ value, checked: z.boolean() });
  switch (control.type) {
    case 'CheckBox':
      return control.required
        ? answer.check(z.refine((a) => a.checked, { message: PROPERTY_MESSAGES.required(label), path: ['checked'] }))
        : answer;
    case 'TriggeredDropDown':
      return answer.check(
        z.refine((a) => !a.checked || filled(a.value), {
          message: PROPERTY_MESSAGES.chooseOption(label),
          path: ['value'],
        }),
      );
    case 'TriggeredTextBox':
      return answer.check(
        z.refine((a) => !a.checked || filled(a.value), { message: PROPERTY_MESSAGES.required(label), path: ['value'] }),
      );
    case 'DropDown':
      return control.required
        ? answer.check(
            z.refine((a) => filled(a.value), { message: PROPERTY_MESSAGES.chooseOption(label), path: ['value'] }),
          )
        : answer;
    case 'Date':
    case 'ClosingDate': {
      // Typed in the company's DATE_FORMAT (spec 3.3); sent as an ISO date.
      const dated = answer.check(
        z.refine((a) => !filled(a.value) || parseDateIn(a.value, dateFormat) !== null, {
          message: PROPERTY_MESSAGES.date(label, dateFormat),
          path: ['value'],
        }),
      );
      return control.required
        ? dated.check(z.refine((a) => filled(a.value), { message: PROPERTY_MESSAGES.required(label), path: ['value'] }))
        : dated;
    }
    default:
      return control.required
        ? answer.check(
            z.refine((a) => filled(a.value), { message: PROPERTY_MESSAGES.required(label), path: ['value'] }),
          )
        : answer;
  }
}

/**
 * The property step's form (spec 2.8, 5.6), beside the wire schema `setPropertyInfoBodySchema`:
 * the company's questions decide it. Only required questions must be answered; a year given must
 * be from 1201 and not in the future, square feet from 1 to 100,000; a triggered question is checked only while its box is.
 */
export function propertyInfoFormSchema(
  controls: readonly PropertyFormControl[],
  currentYear: number,
  dateFormat: string = DEFAULT_DATE_FORMAT,
) {
  const format = usableDateFormat(dateFormat);
  const of = (type: ControlType) => controls.find((c) => c.type === type);
  const sqft = of('SquareFeet');
  const yb = of('YearBuilt');
  const sales = of('SalesPrice');
  const foundation = of('FoundationType');
  const refer = of('ReferReason');
  const year = (value: string) =>
    value === '' || (/^\d+$/.test(value) && Number(value) >= YEAR_BUILT_MIN && Number(value) <= currentYear);
  // Empty passes here (whether it may be empty is the required rule's); anything else must be in range, "-50" included.
  const squareFeet = (value: string) => value === '' || (/^\d+$/.test(value) && squareFeetInRange(Number(value)));
  const answers: Record<string, ReturnType<typeof answerSchema>> = {};
  for (const control of controls)
    if (!ORDER_FIELDS.has(control.type)) answers[answerKey(control.id)] = answerSchema(control, format);
  return z.object({
    sqft: when(sqft?.required ?? false, (v) => v !== '', PROPERTY_MESSAGES.required(sqft?.label ?? '')).check(
      z.refine(squareFeet, PROPERTY_MESSAGES.squareFeet(sqft?.label ?? 'Square Feet')),
    ),
    yb: when(
      yb !== undefined,
      (v) => (yb?.required ? v !== '' : true) && year(v),
      PROPERTY_MESSAGES.year(yb?.label ?? '', currentYear),
    ),
    sales_price: when(sales?.required ?? false, (v) => /[1-9]/.test(v), PROPERTY_MESSAGES.required(sales?.label ?? '')),
    foundation_type: when(
      foundation?.required ?? false,
      (v) => v !== '',
      PROPERTY_MESSAGES.chooseOption(foundation?.label ?? ''),
    ),
    refer_reason: when(refer?.required ?? false, (v) => v !== '', PROPERTY_MESSAGES.chooseOption(refer?.label ?? '')),
    refer_reason_other: text,
    answers: z.object(answers),
  });
}
export type PropertyInfoFormValues = z.output<ReturnType<typeof propertyInfoFormSchema>>;
