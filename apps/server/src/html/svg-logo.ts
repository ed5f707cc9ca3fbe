// The declaration of jsdom must come with this file into every program that checks it (server, e2e, bench).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./jsdom.d.ts" />
import createDOMPurify, { type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';
import { SVG_DATA_URL } from './svg-data-url.ts';

/**
 * SVG logos are cleaned when a company document is saved (issue 39): a logo is served from the
 * product's own origin, so an SVG with a `<foreignObject>` form, a script or an event handler
 * would be a page of ours that anyone who founds a company could write. The logo route also
 * answers with a sandboxing Content-Security-Policy, which covers logos stored before this.
 *
 * DOMPurify keeps an allow-list of SVG's elements and attributes and knows its parsing traps
 * (sanitize-html, used for company HTML, parses HTML and has no SVG list: SVG's names are case
 * sensitive and namespaced, and the list would be ours to keep). It needs a DOM: jsdom, as its
 * authors advise on a server. Here it also drops every reference that would leave the logo (a
 * link, an external image, a CSS url() or @import): a logo draws itself and nothing else.
 */

/** The few DOM calls made on the cleaned tree; the server is type-checked without the DOM's library. */
interface SvgElement {
  querySelector(selector: string): SvgElement | null;
  querySelectorAll(selector: string): Iterable<SvgElement>;
  readonly textContent: string | null;
  readonly nodeName: string;
  remove(): void;
}

interface Cleaner {
  purify: DOMPurify;
  serialize(element: SvgElement): string;
}

/** An href kept on an `<image>`: a raster image carried in the logo itself. */
const EMBEDDED_RASTER = /^data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]*$/;
/** A CSS reference to anything but a part of the logo itself (`url(#gradient)`). */
const OUTSIDE_REFERENCE = /url\(\s*(?!['"]?\s*#)|@import/i;

function keepsHref(element: SvgElement, value: string): boolean {
  const target = value.trim();
  return target.startsWith('#') || (element.nodeName.toLowerCase() === 'image' && EMBEDDED_RASTER.test(target));
}

let cleaner: Cleaner | null = null;

/** One window for every logo, made on the first: making one takes about 100 ms, cleaning a logo a few. */
function theCleaner(): Cleaner {
  if (cleaner) return cleaner;
  const window = new JSDOM('').window;
  const purify = createDOMPurify(window as unknown as Parameters<DOMPurify>[0]);
  purify.addHook('uponSanitizeAttribute', (node, data) => {
    const element = node as unknown as SvgElement;
    const name = data.attrName.toLowerCase();
    if (name === 'href' || name === 'xlink:href') data.keepAttr = keepsHref(element, data.attrValue);
    else if (OUTSIDE_REFERENCE.test(data.attrValue)) data.keepAttr = false;
  });
  const serializer = new window.XMLSerializer();
  cleaner = { purify, serialize: (element) => serializer.serializeToString(element) };
  return cleaner;
}

/**
 * The SVG document with only what draws the picture left, as XML; null when no `<svg>` is left.
 * It is parsed as a browser parses SVG inside HTML (lenient, DTDs and their entities ignored) and
 * written out as XML again, so what is stored is well-formed whatever was uploaded.
 */
export function cleanSvg(svg: string): string | null {
  const { purify, serialize } = theCleaner();
  const fragment = purify.sanitize(svg, {
    USE_PROFILES: { svg: true, svgFilters: true },
    RETURN_DOM_FRAGMENT: true,
  }) as unknown as SvgElement;
  const root = fragment.querySelector('svg');
  if (!root) return null;
  for (const style of root.querySelectorAll('style'))
    if (OUTSIDE_REFERENCE.test(style.textContent ?? '')) style.remove();
  return serialize(root);
}

/**
 * An SVG logo's data URL, cleaned and in the form the logo route serves (base64); null when
 * nothing drawable is left or it cannot be read. Any other logo is answered as it is.
 */
export function cleanSvgLogo(logo: string): string | null {
  const match = SVG_DATA_URL.exec(logo);
  if (!match) return logo;
  const parameters = match[1]!.toLowerCase().split(';');
  let text: string;
  try {
    text = parameters.includes('base64')
      ? Buffer.from(match[2]!, 'base64').toString('utf8')
      : decodeURIComponent(match[2]!);
  } catch {
    return null;
  }
  const cleaned = cleanSvg(text);
  return cleaned === null ? null : `data:image/svg+xml;base64,${Buffer.from(cleaned, 'utf8').toString('base64')}`;
}
