/**
 * Why a sign-in link brought a person to the sign-in page (issue 41). Better Auth sends a link it
 * refuses to the link's error page with `?error=<code>`: the sign-in page itself for the links
 * written since, /console for older ones, whose `?error` then arrives inside `next`.
 */

/** The link lasts as long as the server's sign-in links (console-auth's SIGN_IN_LINK_SECONDS). */
const LINK_LIFETIME = '24 hours';

/** The `error` code of the page's own query, or of the page it was to go back to; null when none. */
export function linkErrorOf(params: URLSearchParams): string | null {
  const own = params.get('error');
  if (own) return own;
  const next = params.get('next');
  if (!next) return null;
  const query = next.indexOf('?');
  return query < 0 ? null : new URLSearchParams(next.slice(query + 1)).get('error');
}

/**
 * The link's failure in words. A used or expired link says both (Better Auth cannot tell them
 * apart), and that a link works only at the address it was sent for: opened at another host, its
 * session belongs to that host, and the link is spent.
 */
export function linkFailureText(code: string, origin: string): string {
  const again = 'Sign in below, or use "Forgot your password?" to be sent a new link.';
  if (code === 'INVALID_TOKEN' || code === 'EXPIRED_TOKEN')
    return `This sign-in link cannot be used: it was used already, or it has expired. A link works once, within ${LINK_LIFETIME}, and only at the address it was sent for (${origin}). ${again}`;
  return `That sign-in link did not work. ${again}`;
}
