import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { EMBED_SCRIPT_PATH } from '@scheduler/contracts/embed';

/** Where apps/web/vite.embed.config.ts writes the script, inside the wizard's dist. */
export const EMBED_SCRIPT_FILE = 'embed/v1/scheduler.js';

const NOT_BUILT_SCRIPT = '/* The online scheduler is being set up (npm run build): please try again in a minute. */\n';

/**
 * The embed script, for companies' pages (issue 27). Its path is versioned by its protocol, not by
 * its content: fixes ship under the same name, so browsers keep it five minutes rather than a
 * year, and the ETag makes the check after that a 304. Other sites load it with a <script> tag,
 * so it is marked for cross-origin use (pages that send Cross-Origin-Embedder-Policy need that).
 */
export async function registerEmbedScript(app: FastifyInstance, webDistDir: string | null): Promise<void> {
  const script = webDistDir ? await readFile(join(webDistDir, EMBED_SCRIPT_FILE), 'utf8').catch(() => null) : null;
  const etag = script === null ? null : `"${createHash('sha256').update(script).digest('base64url').slice(0, 27)}"`;
  app.get(EMBED_SCRIPT_PATH, { schema: { hide: true } }, async (request, reply) => {
    reply.headers({
      'content-type': 'text/javascript; charset=utf-8',
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'cross-origin',
    });
    if (script === null || etag === null)
      return reply.status(503).header('cache-control', 'no-store').send(NOT_BUILT_SCRIPT);
    reply.headers({ 'cache-control': 'public, max-age=300', etag });
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.send(script);
  });
}
