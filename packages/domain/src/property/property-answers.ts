import { isIsoDate } from '@scheduler/contracts/date-format';
import type { ControlType, PropertyControl } from '@scheduler/contracts/company-document';
import { typedMaxLength } from '@scheduler/contracts/forms/property-info';
import {
  PROPERTY_MESSAGES,
  squareFeetInRange,
  YEAR_BUILT_MIN,
  type PropertyControlAnswer,
  type SetPropertyInfoBody,
} from '@scheduler/contracts/property';

/** What the property rules read of a configured control. */
export type ControlRule = Pick<PropertyControl, 'id' | 'type' | 'label' | 'length' | 'required' | 'options'>;

/** Controls whose answer is a field of the order itself (spec 3.3) rather than an answer row. */
export const ORDER_FIELD_CONTROLS: ReadonlySet<ControlType> = new Set([
  'SquareFeet',
  'YearBuilt',
  'SalesPrice',
  'FoundationType',
  'ReferReason',
]);

/** The most characters a typed answer may have (spec 5.6); the form reads the same rule. */
export const answerMaxLength = typedMaxLength;

export interface PropertyProblem {
  field: string;
  message: string;
}

export interface PropertyAnswers {
  sqft: number | null;
  yearBuilt: number | null;
  salesPrice: string;
  foundationTypeId: number | null;
  referReason: string;
  referReasonOther: string;
  /** Answers of the answer-type controls, each once, in the body's order. */
  answers: PropertyControlAnswer[];
}

function optionIds(control: ControlRule): Set<number> {
  return new Set(control.options.flatMap((o) => (typeof o === 'object' ? [o.id] : [])));
}

function optionTexts(control: ControlRule): Set<string> {
  return new Set(control.options.flatMap((o) => (typeof o === 'string' ? [o] : [])));
}

const { required, chooseOption } = PROPERTY_MESSAGES;

/** A typed answer's problem: over its length, not one of its options, or missing while required. */
function answerProblem(control: ControlRule, answer: PropertyControlAnswer | undefined): string | null {
  const value = answer?.value?.trim() ?? '';
  const checked = answer?.checked ?? false;
  const max = answerMaxLength(control);
  if (max !== null && (answer?.value ?? '').length > max) return PROPERTY_MESSAGES.tooLong(control.label, max);
  switch (control.type) {
    case 'CheckBox':
      return control.required && !checked ? required(control.label) : null;
    case 'DropDown':
      if (value !== '' && !optionIds(control).has(Number(value))) return chooseOption(control.label);
      return control.required && value === '' ? required(control.label) : null;
    case 'TriggeredDropDown':
      // Only a checked box asks for its choice (spec 5.6).
      if (!checked) return null;
      if (value === '' || !optionTexts(control).has(value)) return chooseOption(control.label);
      return null;
    case 'TriggeredTextBox':
      return checked && value === '' ? required(control.label) : null;
    case 'Date':
    case 'ClosingDate':
      // Stored as ISO dates (DECISIONS 3.3); the wizard converts from the company's DATE_FORMAT.
      if (value !== '' && !isIsoDate(value)) return PROPERTY_MESSAGES.date(control.label, 'YYYY-MM-DD');
      return control.required && value === '' ? required(control.label) : null;
    default:
      return control.required && value === '' ? required(control.label) : null;
  }
}

/**
 * Checks the property step's answers against the company's controls (spec 5.6) and gives what to
 * store: the order's own fields and the answer rows. Only required controls must be answered; a
 * given answer must fit its control wherever it is. With no foundation type chosen, the first
 * option is kept (spec 5.6).
 */
export function checkPropertyAnswers(
  controls: readonly ControlRule[],
  body: SetPropertyInfoBody,
  currentYear: number,
): { ok: true; answers: PropertyAnswers } | { ok: false; problem: PropertyProblem } {
  const byType = (type: ControlType) => controls.find((c) => c.type === type);
  const fail = (field: string, message: string) => ({ ok: false as const, problem: { field, message } });

  const sqftControl = byType('SquareFeet');
  const sqft = body.sqft === 0 ? null : body.sqft;
  if (sqft !== null && !squareFeetInRange(sqft))
    return fail('sqft', PROPERTY_MESSAGES.squareFeet(sqftControl?.label ?? 'Square Feet'));
  if (sqftControl?.required && sqft === null) return fail('sqft', required(sqftControl.label));

  const ybControl = byType('YearBuilt');
  const yb = body.yb === 0 ? null : body.yb;
  if (yb !== null && (yb < YEAR_BUILT_MIN || yb > currentYear))
    return fail('yb', PROPERTY_MESSAGES.year(ybControl?.label ?? 'Year Built', currentYear));
  if (ybControl?.required && yb === null) return fail('yb', required(ybControl.label));

  const salesControl = byType('SalesPrice');
  if (salesControl?.required && /^[0,]*$/.test(body.sales_price))
    return fail('sales_price', required(salesControl.label));

  const foundation = byType('FoundationType');
  let foundationTypeId: number | null =
    body.foundation_type === '' || body.foundation_type === null ? null : body.foundation_type;
  if (foundationTypeId !== null && !(foundation && optionIds(foundation).has(foundationTypeId)))
    return fail('foundation_type', chooseOption(foundation?.label ?? 'Foundation type'));
  if (foundationTypeId === null && foundation) foundationTypeId = [...optionIds(foundation)][0] ?? null;

  const refer = byType('ReferReason');
  if (/^\d+$/.test(body.refer_reason) && !(refer && optionIds(refer).has(Number(body.refer_reason))))
    return fail('refer_reason', chooseOption(refer?.label ?? 'Referral'));
  if (refer?.required && body.refer_reason === '') return fail('refer_reason', required(refer.label));

  const given = new Map<number, PropertyControlAnswer>();
  for (const answer of body.controls) {
    const control = controls.find((c) => c.id === answer.id);
    if (!control) return fail('controls', `Question ${answer.id} is not one of this company's questions.`);
    if (given.has(answer.id)) return fail('controls', `Question ${answer.id} is answered twice.`);
    given.set(answer.id, answer);
  }
  const answers: PropertyControlAnswer[] = [];
  for (const control of controls) {
    if (ORDER_FIELD_CONTROLS.has(control.type)) continue;
    const answer = given.get(control.id);
    const problem = answerProblem(control, answer);
    if (problem) return fail(`controls.${control.id}`, problem);
    if (answer) answers.push(answer);
  }
  return {
    ok: true,
    answers: {
      sqft: body.sqft,
      yearBuilt: yb,
      salesPrice: body.sales_price,
      foundationTypeId,
      referReason: body.refer_reason,
      referReasonOther: body.refer_reason === 'other' ? body.refer_reason_other : '',
      answers,
    },
  };
}

/** What an order stores of the property step: its own fields and its answer rows. */
export type StoredPropertyAnswers = Omit<PropertyAnswers, 'answers'> & {
  answers: ReadonlyArray<{ controlId: number; value: string | null; checked: boolean }>;
};

/** The stored answers as the property step would send them again, for checking them as it did. */
export function storedPropertyBody(stored: StoredPropertyAnswers): SetPropertyInfoBody {
  return {
    sqft: stored.sqft,
    yb: stored.yearBuilt,
    sales_price: stored.salesPrice,
    foundation_type: stored.foundationTypeId ?? '',
    refer_reason: stored.referReason,
    refer_reason_other: stored.referReasonOther,
    controls: stored.answers.map((answer) => ({ id: answer.controlId, value: answer.value, checked: answer.checked })),
  };
}
