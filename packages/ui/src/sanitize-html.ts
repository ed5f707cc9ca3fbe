/**
 * Company HTML (banners, names, descriptions) is sanitised by the server on import; the browser
 * cleans it again before rendering, in case a row was written some other way. An allow-list walk
 * over the parsed tree: unknown elements are unwrapped to their text, every attribute but a safe
 * link target is dropped.
 */
const ALLOWED_TAGS = new Set([
  'B',
  'STRONG',
  'I',
  'EM',
  'U',
  'BR',
  'P',
  'SPAN',
  'DIV',
  'UL',
  'OL',
  'LI',
  'A',
  'SMALL',
  'SUP',
  'SUB',
  'H3',
  'H4',
]);
const DROPPED_WITH_CONTENT = new Set([
  'SCRIPT',
  'STYLE',
  'IFRAME',
  'OBJECT',
  'EMBED',
  'TEMPLATE',
  'NOSCRIPT',
  'SVG',
  'MATH',
]);
const SAFE_HREF = /^(https?:|mailto:|tel:)/i;

function cleanChildren(parent: Node): void {
  for (const child of Array.from(parent.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) continue;
    if (child.nodeType !== Node.ELEMENT_NODE) {
      child.remove();
      continue;
    }
    const element = child as Element;
    if (DROPPED_WITH_CONTENT.has(element.tagName)) {
      element.remove();
      continue;
    }
    cleanChildren(element);
    if (!ALLOWED_TAGS.has(element.tagName)) {
      element.replaceWith(...Array.from(element.childNodes));
      continue;
    }
    const href = element.tagName === 'A' ? element.getAttribute('href')?.trim() : undefined;
    for (const attribute of Array.from(element.attributes)) element.removeAttribute(attribute.name);
    if (href && SAFE_HREF.test(href)) {
      element.setAttribute('href', href);
      element.setAttribute('target', '_blank');
      element.setAttribute('rel', 'noopener noreferrer');
    }
  }
}

export function sanitizeHtml(html: string): string {
  // A document made by DOMParser never runs scripts nor loads images while we walk it.
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  cleanChildren(doc.body);
  return doc.body.innerHTML;
}
