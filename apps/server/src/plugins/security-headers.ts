import type { FastifyInstance } from 'fastify';

/**
 * Who may frame a page: the server's own pages, and the sites a company lists as embedding its
 * scheduler. Nobody else, so that no other site can overlay the wizard (clickjacking).
 */
export function frameAncestors(embeddingOrigins: readonly string[]): string {
  return ["'self'", ...embeddingOrigins].join(' ');
}

/**
 * The wizard page's policy. Scripts come only from this server; pages that carry a session token
 * in their URL send no referrer and are never cached.
 */
export function pageSecurityHeaders(embeddingOrigins: readonly string[]): Record<string, string> {
  const headers: Record<string, string> = {
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'content-security-policy':
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; font-src 'self' data:; " +
      `object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors ${frameAncestors(embeddingOrigins)}`,
  };
  // Browsers too old for frame-ancestors read X-Frame-Options, which can name only this origin;
  // a company that embeds the scheduler elsewhere relies on frame-ancestors alone.
  if (embeddingOrigins.length === 0) headers['x-frame-options'] = 'SAMEORIGIN';
  return headers;
}

/**
 * A logo's policy (issue 39). An SVG opened at its own address is a document of this origin: it
 * may draw with inline styles and embedded images, but runs no script, submits no form (a
 * `<foreignObject>` form would post a typed password anywhere), loads nothing from elsewhere and,
 * sandboxed, has an origin of its own. Shown by an `<img>`, as the wizard and the console show it,
 * a policy is not applied (an image runs nothing and loads nothing anyway).
 */
export const LOGO_SECURITY_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox; form-action 'none'";

/** A year: browsers then go to the product over HTTPS only, whatever a link or a typed address says. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

/**
 * Every answer says its own content type is final (nosniff); API answers are never cached,
 * because they describe one session's order at one moment. Routes that mean to be cached (the
 * logo, the wizard's hashed assets) set their own Cache-Control, which is kept.
 *
 * Served over HTTPS (the public address is https, or the request came over TLS, which behind a
 * trusted proxy its X-Forwarded-Proto says), every answer carries Strict-Transport-Security; over
 * plain HTTP none does (browsers would ignore it there, and a local server must stay reachable).
 */
export function registerApiHeaders(app: FastifyInstance, options: { publicUrl: string | undefined }): void {
  const publicIsHttps = options.publicUrl?.startsWith('https:') ?? false;
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    if (publicIsHttps || request.protocol === 'https')
      reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
  });
}

/** The API explorer's policy (Swagger UI's own, which lists its inline script's hash), served over plain HTTP too. */
export function apiDocsPolicy(policy: string): string {
  return policy.replace(/\s*upgrade-insecure-requests;?/, '');
}
