import { z } from 'zod';
import {
  ATTRIBUTION_FIELDS,
  ATTRIBUTION_MAX_LENGTH,
  type Attribution,
  type AttributionField,
} from '@scheduler/contracts/attribution';

/**
 * A campaign value: printable text of at most ATTRIBUTION_MAX_LENGTH characters once trimmed. No
 * control or format characters (line breaks, bidirectional overrides, zero-width marks): the value
 * is shown on the order page and written to the CSV as the visitor's link spelled it.
 */
const campaignText = z
  .string()
  .trim()
  .min(1)
  .max(ATTRIBUTION_MAX_LENGTH)
  .regex(/^\P{C}+$/u);

/** Google's click ids are URL-safe base64. */
const clickId = z
  .string()
  .trim()
  .regex(new RegExp(`^[A-Za-z0-9_-]{1,${ATTRIBUTION_MAX_LENGTH}}$`));

const RULES: Record<AttributionField, z.ZodType<string>> = {
  utm_source: campaignText,
  utm_medium: campaignText,
  utm_campaign: campaignText,
  utm_term: campaignText,
  utm_content: campaignText,
  gclid: clickId,
};

/**
 * The campaign parameters of a scheduler link's query (issue 42), each one that reads as its kind.
 * A malformed value is left out, never refused: the visitor followed a link someone else wrote,
 * and still gets the scheduler.
 */
export function readAttribution(query: Readonly<Record<string, string>>): Attribution {
  const attribution: Attribution = {};
  for (const field of ATTRIBUTION_FIELDS) {
    const read = RULES[field].safeParse(query[field]);
    if (read.success) attribution[field] = read.data;
  }
  return attribution;
}
