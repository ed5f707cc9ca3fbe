import { z } from 'zod';
import { INT32_MAX } from './int32.ts';

/**
 * The kinds of property question and a choice's option: the company document's and the office
 * answer's. A module of its own (company-document.ts re-exports it), so that the office answer's
 * schema does not load the whole company document (decision 0056).
 */
export const CONTROL_TYPES = [
  'SquareFeet',
  'YearBuilt',
  'SalesPrice',
  'FoundationType',
  'ReferReason',
  'TextBox',
  'Text',
  'CheckBox',
  'DropDown',
  'TriggeredDropDown',
  'TriggeredTextBox',
  'Date',
  'ClosingDate',
] as const;
export type ControlType = (typeof CONTROL_TYPES)[number];

export const controlOptionSchema = z
  .object({ id: z.number().int().positive().max(INT32_MAX), value: z.string().min(1).max(200) })
  .strict();
