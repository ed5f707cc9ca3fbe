import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Where Vite puts the wizard's hashed assets; see apps/web/vite.config.ts. */
export const WEB_ASSET_PREFIX = '/_app/';

/**
 * Pages that carry a session token in their URL must never leak it: no referrer leaves them, and
 * they are not cached. Scripts come only from this server.
 */
function setPageHeaders(reply: FastifyReply): FastifyReply {
  return reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .header(
      'content-security-policy',
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; font-src 'self' data:; base-uri 'none'; form-action 'self'",
    );
}

const NOT_BUILT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Online Scheduler</title></head>
<body><main><h1>The online scheduler is being set up</h1><p>Please try again in a minute.</p></main></body></html>`;

/** Serves the built single-page wizard for every /{company_key}/online-scheduler* page. */
export async function registerWeb(app: FastifyInstance, webDistDir: string | null): Promise<void> {
  const indexHtml = webDistDir ? await readFile(join(webDistDir, 'index.html'), 'utf8').catch(() => null) : null;
  if (webDistDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: WEB_ASSET_PREFIX,
      index: false,
      wildcard: true,
      setHeaders: (res, path) => {
        // File names carry a content hash, so they never change.
        if (path.includes('/assets/')) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  const sendWizard = async (_request: unknown, reply: FastifyReply) => {
    if (!indexHtml) return setPageHeaders(reply).status(503).send(NOT_BUILT_PAGE);
    return setPageHeaders(reply).send(indexHtml);
  };
  const hidden = { schema: { hide: true } };
  app.get('/:company_key/online-scheduler', hidden, sendWizard);
  app.get('/:company_key/online-scheduler/*', hidden, sendWizard);
}
