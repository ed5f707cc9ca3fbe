import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { CONSOLE_BASE_PATH } from '@scheduler/contracts/console';
import { pageSecurityHeaders } from './security-headers.ts';

/** Where Vite puts the console's hashed assets (apps/console/vite.config.ts: base /console/). */
const CONSOLE_ASSETS = `${CONSOLE_BASE_PATH}/assets/`;

const NOT_BUILT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Console</title></head>
<body><main><h1>The console is being set up</h1><p>Please try again in a minute.</p></main></body></html>`;

/**
 * Serves the built console (apps/console/dist): its hashed assets for a year, and its one page for
 * every other path under /console, where its router takes over. The console is never framed by
 * another site (frame-ancestors 'self').
 */
export async function registerConsoleWeb(app: FastifyInstance, consoleDistDir: string | null): Promise<void> {
  const indexHtml = consoleDistDir
    ? await readFile(join(consoleDistDir, 'index.html'), 'utf8').catch(() => null)
    : null;
  if (consoleDistDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: join(consoleDistDir, 'assets'),
      prefix: CONSOLE_ASSETS,
      decorateReply: false,
      index: false,
      wildcard: true,
      cacheControl: false,
      setHeaders: (res) => res.setHeader('cache-control', 'public, max-age=31536000, immutable'),
    });
  }
  const page = async (_request: unknown, reply: FastifyReply) => {
    reply.headers(pageSecurityHeaders([]));
    if (!indexHtml) return reply.status(503).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
    return reply.type('text/html; charset=utf-8').send(indexHtml);
  };
  app.get(CONSOLE_BASE_PATH, { schema: { hide: true } }, page);
  app.get(`${CONSOLE_BASE_PATH}/*`, { schema: { hide: true } }, page);
}
