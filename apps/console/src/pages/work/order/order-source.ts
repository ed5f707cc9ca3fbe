import type { AdminOrder } from '@scheduler/contracts/confirm';

/**
 * The order page's "Source" line (issue 42): the campaign the visitor's link named, as the link
 * wrote it: "google / cpc · campaign Spring sale · Google Ads click". A visit without one is
 * direct; a phone booking has no link, and no line (null).
 */
export function sourceText(attribution: AdminOrder['attribution'], bookedOnline: boolean): string | null {
  const { utm_source: source, utm_medium: medium, utm_campaign, utm_term, utm_content, gclid } = attribution;
  const parts = [
    source && medium ? `${source} / ${medium}` : (source ?? (medium && `medium ${medium}`)),
    utm_campaign && `campaign ${utm_campaign}`,
    utm_term && `term ${utm_term}`,
    utm_content && `content ${utm_content}`,
    gclid && 'Google Ads click',
  ].filter((part) => part !== undefined);
  if (parts.length > 0) return `Source: ${parts.join(' · ')}`;
  return bookedOnline ? 'Source: direct (no campaign in the link)' : null;
}
