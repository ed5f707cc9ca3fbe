import { z } from 'zod';
import { BRAND_COLOR_PATTERN, EMBED_QUERY } from '@scheduler/contracts/embed';

/**
 * How the wizard looks in a company's frame (issue 42 item 9, decision 0060): the company's colour
 * and its header and footer left out. The embed script sends only well-formed values, so any other
 * is someone's hand-made URL, refused with 400 naming the parameter rather than quietly ignored.
 */
export const embedLookQuerystring = {
  [EMBED_QUERY.brandColor]: z
    .string()
    .regex(BRAND_COLOR_PATTERN, 'a colour such as #1f4e79')
    .describe("An embed's colour, #rrggbb: the wizard's primary colour in the company's frame")
    .optional(),
  [EMBED_QUERY.hideHeaderFooter]: z.literal('1').describe("An embed without the wizard's header and footer").optional(),
};

/** The look's parameters of a validated query, for the redirect into the wizard; the colour in lower case. */
export function embedLookQuery(query: Readonly<Record<string, string>>): Record<string, string> {
  const kept: Record<string, string> = {};
  const colour = query[EMBED_QUERY.brandColor];
  if (colour !== undefined && BRAND_COLOR_PATTERN.test(colour)) kept[EMBED_QUERY.brandColor] = colour.toLowerCase();
  if (query[EMBED_QUERY.hideHeaderFooter] === '1') kept[EMBED_QUERY.hideHeaderFooter] = '1';
  return kept;
}
