/**
 * Where a visit came from (issue 42, decision 0046): the campaign parameters of the address the
 * visitor arrived at — the company's scheduler link, or the company's own page around an embedded
 * frame, whose script passes them on. The server keeps those it can read on the session's order
 * (`orders.attribution`); the console shows them on the order page and in the CSV, and the funnel
 * counts visits by `utm_source`. Constants and types only: the embed script (no dependencies)
 * shares them.
 */

export const ATTRIBUTION_FIELDS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  /** Google Ads' click id (auto-tagging), for the company's own conversion import. */
  'gclid',
] as const;
export type AttributionField = (typeof ATTRIBUTION_FIELDS)[number];

/** The fields an order holds; an absent one was not in the address, or could not be read. */
export type Attribution = Partial<Record<AttributionField, string>>;

/** Longer than any campaign name or click id; a longer value is not one, and is left out. */
export const ATTRIBUTION_MAX_LENGTH = 200;

/** The funnel's source for a visit without `utm_source`. */
export const DIRECT_SOURCE = 'direct';
