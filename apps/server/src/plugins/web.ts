import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { companyKeyParam } from '../modules/shared-schemas.ts';
import { pageSecurityHeaders } from './security-headers.ts';

/** Where Vite puts the wizard's hashed assets; see apps/web/vite.config.ts. */
export const WEB_ASSET_PREFIX = '/_app/';

const NOT_BUILT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Online Scheduler</title></head>
<body><main><h1>The online scheduler is being set up</h1><p>Please try again in a minute.</p></main></body></html>`;

/** What the wizard pages need to know about their company. */
export interface WebOptions {
  webDistDir: string | null;
  /** The company's sites that may frame its pages; an unknown company has none. */
  embeddingOrigins(companyKey: string): Promise<string[]>;
}

declare module 'fastify' {
  interface FastifyReply {
    /** Answers with the wizard's page, which shows what its route table says for the URL (e.g. not-found). */
    sendWizardPage(companyKey: string, status?: number): Promise<FastifyReply>;
  }
}

/**
 * The hashed assets never change under a name, so browsers may keep them for a year; anything
 * else under the asset prefix (index.html itself) is a page and gets the page's headers.
 */
function setAssetHeaders(res: { setHeader(name: string, value: string): void }, path: string): void {
  if (path.includes('/assets/')) {
    res.setHeader('cache-control', 'public, max-age=31536000, immutable');
    return;
  }
  const page = path.endsWith('.html');
  for (const [name, value] of Object.entries(page ? pageSecurityHeaders([]) : { 'cache-control': 'no-cache' })) res.setHeader(name, value);
}

/** Serves the built single-page wizard for every /{company_key}/online-scheduler* page. */
export async function registerWeb(app: FastifyInstance, options: WebOptions): Promise<void> {
  const { webDistDir } = options;
  const indexHtml = webDistDir ? await readFile(join(webDistDir, 'index.html'), 'utf8').catch(() => null) : null;
  if (webDistDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: WEB_ASSET_PREFIX,
      index: false,
      wildcard: true,
      // Our own Cache-Control (setAssetHeaders) instead of the plugin's `max-age=0`.
      cacheControl: false,
      setHeaders: setAssetHeaders,
    });
  }
  app.decorateReply('sendWizardPage', async function (this: FastifyReply, companyKey: string, status = 200) {
    const known = companyKeyParam.shape.company_key.safeParse(companyKey).success;
    const headers = pageSecurityHeaders(known ? await options.embeddingOrigins(companyKey) : []);
    this.headers({ ...headers, 'content-type': 'text/html; charset=utf-8' });
    if (!indexHtml) return this.status(503).send(NOT_BUILT_PAGE);
    return this.status(status).send(indexHtml);
  });
  const sendWizard = async (request: { params: unknown }, reply: FastifyReply) => reply.sendWizardPage((request.params as { company_key: string }).company_key);
  const hidden = { schema: { hide: true } };
  app.get('/:company_key/online-scheduler', hidden, sendWizard);
  app.get('/:company_key/online-scheduler/*', hidden, sendWizard);
}
