/**
 * Whether a page's origin is one of the company's embedding origins (issue 27): exactly, or under
 * a `https://*.example.com` entry, any subdomain of example.com on that scheme and port (not
 * example.com itself, as in CSP's frame-ancestors). The embed's `host` is trusted only then.
 */
export function isEmbeddingOrigin(origin: string, allowed: readonly string[]): boolean {
  const page = parseOrigin(origin);
  if (!page) return false;
  return allowed.some((entry) => {
    const wildcard = entry.includes('://*.');
    const rule = parseOrigin(wildcard ? entry.replace('://*.', '://') : entry);
    if (!rule || rule.protocol !== page.protocol || rule.port !== page.port) return false;
    return wildcard ? page.hostname.endsWith(`.${rule.hostname}`) : page.hostname === rule.hostname;
  });
}

/** An origin's parts, or null when the text is not exactly an origin (no path, query or credentials). */
function parseOrigin(text: string): URL | null {
  if (text.length > 300) return null;
  try {
    const url = new URL(text);
    return url.origin === text && (url.protocol === 'https:' || url.protocol === 'http:') ? url : null;
  } catch {
    return null;
  }
}
