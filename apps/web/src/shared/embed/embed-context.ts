/**
 * Whether this page is the scheduler inside a company's embed (issue 27), read once from the URL
 * the embed script (through the session's redirect) gave the frame. Kept in memory, not storage:
 * storage may be refused to a framed page when third-party cookies are blocked.
 */
const query = new URLSearchParams(globalThis.location?.search ?? '');

/**
 * The host page's origin, the one origin the wizard posts to; null when the page is not framed by
 * it. The server kept `host` only if it is one of the company's embedding origins; where the
 * browser says who frames the page (location.ancestorOrigins), it must be that origin too.
 */
export const embedHost: string | null = (() => {
  const host = query.get('host');
  if (query.get('embed') !== '1' || !host || globalThis.parent === globalThis.window) return null;
  const parent = globalThis.location.ancestorOrigins?.[0];
  return parent === undefined || parent === host ? host : null;
})();

/** The console's preview of the scheduler beside an editor (issue 26): nothing of it is a visitor's funnel. */
export const isConsolePreview: boolean = query.get('preview') === '1';

/** The token of the visitor's unfinished session on the host page, which the embed script kept. */
export const embedResumeToken: string | null = embedHost ? query.get('resume') : null;

/** What a full page load of the scheduler (Start Over, Schedule Again) carries to stay embedded. */
export function embeddedHref(href: string): string {
  return embedHost ? `${href}?${new URLSearchParams({ embed: '1', host: embedHost }).toString()}` : href;
}
