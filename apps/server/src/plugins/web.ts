import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { companyKeyParam } from '../api/shared-schemas.ts';
import type { FirstLoad, WizardPageRequest } from '../modules/wizard-page/first-load.service.ts';
import { wizardPageHtml } from '../modules/wizard-page/page-html.ts';
import { readStepPreloads, type StepPreloads } from '../modules/wizard-page/step-chunks.ts';
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
  /** The first screen's data and step for a wizard URL; null when the URL names no valid session. */
  /** The first screen of a wizard page; `request` is the browser's (its console sign-in decides whether `try=1` counts). */
  firstLoad(page: WizardPageRequest, request: FastifyRequest): Promise<FirstLoad | null>;
  /** FIRST_LOAD_BUDGET_MS unless a test says otherwise. */
  firstLoadBudgetMs?: number;
}

/**
 * How long a page waits for its first screen's data. Past it (a slow or stalled database) the
 * page goes without, and the wizard asks for the data itself and meets the outage's own answer.
 */
export const FIRST_LOAD_BUDGET_MS = 1000;

declare module 'fastify' {
  interface FastifyReply {
    /** Answers with the wizard's page, which shows what its route table says for the URL (e.g. not-found). */
    sendWizardPage(companyKey: string, status?: number, page?: WizardPageRequest): Promise<FastifyReply>;
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
  for (const [name, value] of Object.entries(page ? pageSecurityHeaders([]) : { 'cache-control': 'no-cache' }))
    res.setHeader(name, value);
}

/** Serves the built single-page wizard for every /{company_key}/online-scheduler* page. */
export async function registerWeb(app: FastifyInstance, options: WebOptions): Promise<void> {
  const { webDistDir } = options;
  const indexHtml = webDistDir ? await readFile(join(webDistDir, 'index.html'), 'utf8').catch(() => null) : null;
  const stepPreloads: StepPreloads =
    webDistDir && indexHtml ? await readStepPreloads(webDistDir, WEB_ASSET_PREFIX) : {};
  if (webDistDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: WEB_ASSET_PREFIX,
      index: false,
      wildcard: true,
      // Our own Cache-Control (setAssetHeaders) instead of the plugin's `max-age=0`.
      cacheControl: false,
      setHeaders: setAssetHeaders,
      // The build's own records (dist/.vite: which builds' assets are kept) are not for browsers.
      allowedPath: (pathName) => !pathName.split('/').some((segment) => segment.startsWith('.')),
    });
  }
  /** The page's first screen, within its budget; any failure or delay leaves the page without it. */
  const firstLoadWithin = async (page: WizardPageRequest, request: FastifyRequest): Promise<FirstLoad | null> => {
    const log = request.log;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), options.firstLoadBudgetMs ?? FIRST_LOAD_BUDGET_MS);
    });
    const loaded = options.firstLoad(page, request).catch((error: unknown) => {
      log.info(
        { code: 'first_load_unavailable', err_code: (error as { code?: unknown })?.code },
        'wizard page served without its first screen data',
      );
      return null;
    });
    try {
      return await Promise.race([loaded, late]);
    } finally {
      clearTimeout(timer);
    }
  };
  app.decorateReply(
    'sendWizardPage',
    async function (this: FastifyReply, companyKey: string, status = 200, page?: WizardPageRequest) {
      const known = companyKeyParam.shape.company_key.safeParse(companyKey).success;
      const headers = pageSecurityHeaders(known ? await options.embeddingOrigins(companyKey) : []);
      this.headers({ ...headers, 'content-type': 'text/html; charset=utf-8' });
      if (!indexHtml) return this.status(503).send(NOT_BUILT_PAGE);
      const firstLoad = known && page ? await firstLoadWithin(page, this.request) : null;
      const preloads = firstLoad?.step ? (stepPreloads[firstLoad.step] ?? []) : [];
      return this.status(status).send(wizardPageHtml(indexHtml, { firstLoad: firstLoad?.data ?? null, preloads }));
    },
  );
  const sendWizard = async (request: FastifyRequest, reply: FastifyReply) => {
    const { company_key: companyKey, '*': subpath = '' } = request.params as { company_key: string; '*'?: string };
    return reply.sendWizardPage(companyKey, 200, wizardPageRequest(companyKey, subpath, request.query));
  };
  const hidden = { schema: { hide: true } };
  app.get('/:company_key/online-scheduler', hidden, sendWizard);
  app.get('/:company_key/online-scheduler/*', hidden, sendWizard);
  // The manage page of a booking (issue 24): the same app, no first screen to prepare; its token,
  // in the URL, is passed to no other site.
  app.get('/:company_key/manage/*', hidden, async (request, reply) => {
    const { company_key: companyKey } = request.params as { company_key: string };
    reply.header('referrer-policy', 'no-referrer');
    return reply.sendWizardPage(companyKey, 200);
  });
  // The agent portal (issue 47): the same app; a sign-in link's token, in the fragment, goes to no other site either.
  const sendPortal = async (request: FastifyRequest, reply: FastifyReply) => {
    const { company_key: companyKey } = request.params as { company_key: string };
    reply.header('referrer-policy', 'no-referrer');
    return reply.sendWizardPage(companyKey, 200);
  };
  app.get('/:company_key/agents', hidden, sendPortal);
  app.get('/:company_key/agents/*', hidden, sendPortal);
  // The signing page of an agreement (issue 43): the same app; its token, too, goes to no other site.
  app.get('/:company_key/sign/*', hidden, async (request, reply) => {
    const { company_key: companyKey } = request.params as { company_key: string };
    reply.header('referrer-policy', 'no-referrer');
    return reply.sendWizardPage(companyKey, 200);
  });
}

/** The first-screen request of a wizard URL: its one `t`, `office` and `try` (anything else, or repeated ones, count as absent). */
function wizardPageRequest(companyKey: string, subpath: string, query: unknown): WizardPageRequest {
  const values = (query ?? {}) as Record<string, unknown>;
  const single = (name: string) => (typeof values[name] === 'string' ? values[name] : '');
  return {
    companyKey,
    subpath,
    token: single('t'),
    officeUuid: single('office').toLowerCase(),
    tryWhileDisabled: single('try') === '1',
  };
}
