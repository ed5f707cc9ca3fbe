import { ATTRIBUTION_FIELDS, ATTRIBUTION_MAX_LENGTH } from '@scheduler/contracts/attribution';

/**
 * The frame's URL with the host page's campaign parameters (issue 42): a visitor who came to the
 * company's page from an ad or a newsletter started the session there, so the frame's session
 * link carries them as the company's own scheduler link would. Values longer than the server
 * keeps are left out (the frame's URL stays short); the server checks the rest.
 */
export function withAttribution(frameUrl: string, hostSearch: string): string {
  const host = new URLSearchParams(hostSearch);
  const url = new URL(frameUrl);
  for (const field of ATTRIBUTION_FIELDS) {
    const value = host.get(field);
    if (value && value.length <= ATTRIBUTION_MAX_LENGTH) url.searchParams.set(field, value);
  }
  return url.toString();
}
