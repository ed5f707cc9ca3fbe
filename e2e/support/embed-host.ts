import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { EMBED_SCRIPT_PATH } from '@scheduler/contracts/embed';
import type { RunningProduct } from './product.ts';

/**
 * A company's own site for the embed tests (issue 27): pages served from a second server, under
 * `http://localhost:<port>` while the product answers at 127.0.0.1, so that the host page is
 * another origin and another site, as a company's page is.
 */
export interface EmbedHost {
  /** The host pages' origin, as embedding_origins names it. */
  origin: string;
  /** Serves `body` (the inside of <body>, the embed script added after it) at `path`. */
  page(path: string, body: string): string;
  close(): Promise<void>;
}

export async function startEmbedHost(product: RunningProduct): Promise<EmbedHost> {
  const pages = new Map<string, string>();
  const server = createServer((request, response) => {
    const html = pages.get(new URL(request.url ?? '/', 'http://host').pathname);
    response.writeHead(html === undefined ? 404 : 200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
    });
    response.end(html ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    page: (path, body) => {
      pages.set(
        path,
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Scioto Home Inspections</title></head>` +
          `<body><main><h1>Book your home inspection</h1>${body}</main><script src="${product.baseUrl}${EMBED_SCRIPT_PATH}" async></script></body></html>`,
      );
      return `${origin}${path}`;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/** The demo company's document with `changes` applied, through the admin API as a company's staff would. */
export async function changeDemoCompany(
  product: RunningProduct,
  changes: (document: Record<string, any>) => void,
): Promise<void> {
  const headers = { authorization: `Bearer ${product.adminToken}` };
  const current = await product.app.inject({ method: 'GET', url: '/api/admin/companies/demo', headers });
  const document = current.json() as Record<string, any>;
  changes(document);
  const put = await product.app.inject({ method: 'PUT', url: '/api/admin/companies/demo', headers, payload: document });
  if (put.statusCode !== 200) throw new Error(`the demo company was not changed: ${put.statusCode} ${put.body}`);
}

/** Decision 0046's budget for the embed script: a company's page should not notice it. */
export const EMBED_SCRIPT_BUDGET_GZIP_BYTES = 5 * 1024;

/** The embed script as the product serves it: its status, content type, and size gzipped at level 9 (deterministic, unlike the server's own compression). */
export async function measureEmbedScript(
  baseUrl: string,
): Promise<{ status: number; contentType: string | null; bytes: number; gzipBytes: number }> {
  const response = await fetch(`${baseUrl}${EMBED_SCRIPT_PATH}`);
  const script = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    bytes: script.length,
    gzipBytes: gzipSync(script, { level: 9 }).length,
  };
}
