import { CONTROL_TYPES, type ControlType } from '@scheduler/contracts/company-document';

/**
 * The 13 kinds of property question (spec 3.3) as an office person reads them, and what each one
 * has: choices, a length, a box that reveals more, and how its answer can change a price. The
 * words follow what the wizard's property step really does with each (apps/web ControlField).
 */

/** How a question's answer can change a price, and where that is set. */
export type PriceEffectKind =
  /** An amount when the box is checked (a fee rule of kind `control`, `checked_cents`). */
  | 'checked'
  /** An amount per choice, by choice id (`control` rule, numeric `option`). */
  | 'choice'
  /** An amount when checked, and one per choice, by the choice's text (`control` rule, text `option`). */
  | 'checked-and-choice-text'
  /** An amount per foundation type (a fee rule of kind `foundation_type`). */
  | 'foundation'
  /** Tiers of a fee on the "Fees, taxes and coupons" page (square feet, age, sales price). */
  | 'tiers'
  /** Nothing prices follow. */
  | 'none';

export interface QuestionTypeInfo {
  name: string;
  /** One line in plain words: what the visitor sees and does. */
  description: string;
  /** Choices as {id, value} ('ids'), as plain text ('texts', TriggeredDropDown), or none. */
  options: 'ids' | 'texts' | 'none';
  /** Whether the question's `length` bounds what the visitor types. */
  length: boolean;
  /** A box that reveals a list or a text box: it is answered only when checked, so "required" does not apply. */
  triggered: boolean;
  /** A field of the order itself (spec 3.3): a company asks it once at most. */
  orderField: boolean;
  price: PriceEffectKind;
  /** For 'tiers': what the tiers count. */
  tiers?: string;
}

export const QUESTION_TYPES: Readonly<Record<ControlType, QuestionTypeInfo>> = {
  SquareFeet: {
    name: 'Square feet',
    description: "The home's size in square feet: a number.",
    options: 'none',
    length: false,
    triggered: false,
    orderField: true,
    price: 'tiers',
    tiers: 'square feet',
  },
  YearBuilt: {
    name: 'Year built',
    description: 'The year the home was built: four digits, not in the future.',
    options: 'none',
    length: false,
    triggered: false,
    orderField: true,
    price: 'tiers',
    tiers: "the home's age (or a year it was built before)",
  },
  SalesPrice: {
    name: 'Sales price',
    description: "The home's price in whole dollars.",
    options: 'none',
    length: false,
    triggered: false,
    orderField: true,
    price: 'tiers',
    tiers: 'sales price',
  },
  FoundationType: {
    name: 'Foundation type',
    description: 'A list of foundation types to pick one from.',
    options: 'ids',
    length: false,
    triggered: false,
    orderField: true,
    price: 'foundation',
  },
  ReferReason: {
    name: 'How they heard of you',
    description: 'A list of ways they found you, with an "Other" they can type in.',
    options: 'ids',
    length: false,
    triggered: false,
    orderField: true,
    price: 'none',
  },
  TextBox: {
    name: 'Short text',
    description: 'One line to type in.',
    options: 'none',
    length: true,
    triggered: false,
    orderField: false,
    price: 'none',
  },
  Text: {
    name: 'Long text',
    description: 'A box for a few lines of text.',
    options: 'none',
    length: true,
    triggered: false,
    orderField: false,
    price: 'none',
  },
  CheckBox: {
    name: 'Check box',
    description: 'A box to tick; when required, it must be ticked to go on.',
    options: 'none',
    length: false,
    triggered: false,
    orderField: false,
    price: 'checked',
  },
  DropDown: {
    name: 'List',
    description: 'A list of choices to pick one from.',
    options: 'ids',
    length: false,
    triggered: false,
    orderField: false,
    price: 'choice',
  },
  TriggeredDropDown: {
    name: 'Check box with a list',
    description: 'A box to tick that, once ticked, shows a list to pick from.',
    options: 'texts',
    length: false,
    triggered: true,
    orderField: false,
    price: 'checked-and-choice-text',
  },
  TriggeredTextBox: {
    name: 'Check box with a text box',
    description: 'A box to tick that, once ticked, shows a line to type in.',
    options: 'none',
    length: true,
    triggered: true,
    orderField: false,
    price: 'checked',
  },
  Date: {
    name: 'Date',
    description: 'A date, typed the way your company writes dates.',
    options: 'none',
    length: false,
    triggered: false,
    orderField: false,
    price: 'none',
  },
  ClosingDate: {
    name: 'Closing date',
    description: 'The date the sale closes, typed the way your company writes dates.',
    options: 'none',
    length: false,
    triggered: false,
    orderField: false,
    price: 'none',
  },
};

/** The kinds in the order the type menu lists them: the order's own fields, then the rest. */
export const QUESTION_TYPE_ORDER: readonly ControlType[] = CONTROL_TYPES;

export function isControlType(value: string): value is ControlType {
  return (CONTROL_TYPES as readonly string[]).includes(value);
}

/** What the length means to the visitor for a kind, with the wizard's fallback when it is 0 (spec 5.6). */
export function lengthHelp(type: ControlType, max: number): string {
  if (type === 'TextBox')
    return `The most characters a visitor may type: 0 to ${max.toLocaleString('en-US')}; 0 means 24.`;
  if (type === 'Text')
    return `The most characters a visitor may type: 0 to ${max.toLocaleString('en-US')}; 0 or 1 means 255.`;
  return `The most characters a visitor may type: 0 to ${max.toLocaleString('en-US')}; 0 means no limit.`;
}
