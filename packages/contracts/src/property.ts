import { z } from 'zod';

/** The property-info step's answers (spec 7.5 `set_property_info`, 3.3, 5.6). */

const controlId = z.number().int().min(1).max(2_147_483_647);
const optionId = z.number().int().min(1).max(2_147_483_647);

export const propertyControlAnswerSchema = z
  .object({
    id: controlId,
    /** A DropDown's option id in decimal; a TriggeredDropDown's option text; otherwise the text typed. */
    value: z.string().max(10_000).nullable(),
    checked: z.boolean().default(false),
  })
  .strict();
export type PropertyControlAnswer = z.infer<typeof propertyControlAnswerSchema>;

export const setPropertyInfoBodySchema = z
  .object({
    /** Square feet; null or 0 when not asked. */
    sqft: z.number().int().min(0).max(999_999_999_999).nullable().default(null),
    yb: z.number().int().min(0).max(9999).nullable().default(null),
    /** Digits and commas, whole dollars, as typed (spec 5.6). */
    sales_price: z
      .string()
      .max(12)
      .regex(/^[0-9,]*$/, 'digits and commas only')
      .default(''),
    /** An option id of the FoundationType control, or "" when none was chosen. */
    foundation_type: z
      .union([z.literal(''), optionId])
      .nullable()
      .default(''),
    /** An option id of the ReferReason control in decimal, "other", or "". */
    refer_reason: z
      .string()
      .max(20)
      .regex(/^(|other|\d{1,10})$/, 'an option id, "other" or empty')
      .default(''),
    refer_reason_other: z.string().max(500).default(''),
    controls: z.array(propertyControlAnswerSchema).max(200).default([]),
  })
  .strict();
export type SetPropertyInfoBody = z.infer<typeof setPropertyInfoBodySchema>;

export const setPropertyInfoResponseSchema = z
  .object({ status: z.literal('ok'), duration: z.number().int().min(0) })
  .strict();

/** Spec 5.6: a year built is after 1200 and not in the future. */
export const YEAR_BUILT_MIN = 1201;
/**
 * Square feet a home can have (issue 20): the spec bounds only the field's length. The largest
 * homes are near 60,000; a number beyond 100,000 is a typing slip, and 0 or less no home at all.
 */
export const SQUARE_FEET_MIN = 1;
export const SQUARE_FEET_MAX = 100_000;

const thousands = (n: number) => n.toLocaleString('en-US');

/** The property step's refusals, the same words in the browser and on the server (spec 5.6); each names the range it wants. */
export const PROPERTY_MESSAGES = {
  required: (label: string) => `${label} is required.`,
  chooseOption: (label: string) => `${label}: choose one of the options.`,
  year: (label: string, currentYear: number) => `${label} must be a year from ${YEAR_BUILT_MIN} to ${currentYear}.`,
  squareFeet: (label: string) =>
    `${label} must be a whole number from ${thousands(SQUARE_FEET_MIN)} to ${thousands(SQUARE_FEET_MAX)}.`,
  tooLong: (label: string, max: number) => `${label} is at most ${max} characters.`,
  /** A Date or ClosingDate answer that is not a day of the calendar written in the company's DATE_FORMAT (spec 3.3). */
  date: (label: string, format: string) => `${label} must be a date written as ${format}.`,
};

/** A square-feet answer within the range (0 is "not given", as the wizard sends an empty field). */
export const squareFeetInRange = (sqft: number) =>
  Number.isInteger(sqft) && sqft >= SQUARE_FEET_MIN && sqft <= SQUARE_FEET_MAX;
