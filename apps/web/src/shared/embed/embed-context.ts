import {
  BRAND_COLOR_PATTERN,
  EMBED_MESSAGE_SOURCE,
  EMBED_PROTOCOL_VERSION,
  EMBED_QUERY,
  type WizardToHostMessage,
} from '@scheduler/contracts/embed';

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

export interface EmbedLook {
  brandColor: string | null;
  hideHeaderFooter: boolean;
}

/**
 * How the company's page wants the wizard to look (decision 0060): its colour, and no header or
 * footer of the wizard's own. Only in a frame of the company's page (`host`): the server kept them
 * only with an accepted host, and a link opened on its own is the company's scheduler as it is.
 * The colour is checked again: it becomes the theme's, and the URL is anyone's to edit.
 */
export function readEmbedLook(query: URLSearchParams, host: string | null): EmbedLook {
  const colour = query.get(EMBED_QUERY.brandColor) ?? '';
  return {
    brandColor: host && BRAND_COLOR_PATTERN.test(colour) ? colour.toLowerCase() : null,
    hideHeaderFooter: host !== null && query.get(EMBED_QUERY.hideHeaderFooter) === '1',
  };
}

export const embedLook: EmbedLook = readEmbedLook(query, embedHost);

/**
 * Tells the host page the wizard's document is up, as its script starts: the embed script takes
 * a frame that never says so for refused or unreachable, and shows the page's own fallback.
 */
export function greetHost(): void {
  const hello: WizardToHostMessage = { source: EMBED_MESSAGE_SOURCE, version: EMBED_PROTOCOL_VERSION, type: 'hello' };
  if (embedHost) globalThis.parent.postMessage(hello, embedHost);
}

/** The console's preview of the scheduler beside an editor (issue 26): nothing of it is a visitor's funnel. */
export const isConsolePreview: boolean = query.get('preview') === '1';

/** The token of the visitor's unfinished session on the host page, which the embed script kept. */
export const embedResumeToken: string | null = embedHost ? query.get('resume') : null;

/** What a full page load of the scheduler (Start Over, Schedule Again) carries to stay embedded, and to look as it did. */
export function embeddedHrefFor(href: string, host: string | null, look: EmbedLook): string {
  if (!host) return href;
  const kept = new URLSearchParams({ [EMBED_QUERY.embed]: '1', [EMBED_QUERY.host]: host });
  if (look.brandColor) kept.set(EMBED_QUERY.brandColor, look.brandColor);
  if (look.hideHeaderFooter) kept.set(EMBED_QUERY.hideHeaderFooter, '1');
  return `${href}?${kept.toString()}`;
}

export const embeddedHref = (href: string): string => embeddedHrefFor(href, embedHost, embedLook);
