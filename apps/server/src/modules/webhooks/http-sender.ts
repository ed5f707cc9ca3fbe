import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

/** Each attempt's limit (issue 46): a receiver that hangs is given up after this. */
export const ATTEMPT_TIMEOUT_MS = 10_000;
/** What the log keeps of a response's body; the rest is not even read. */
export const RESPONSE_BODY_KEPT = 4096;
const HEADER_VALUE_KEPT = 1024;
const HEADERS_KEPT = 50;

export interface WebhookRequest {
  url: string;
  /** The address checked (url-guard): the connection goes there, whatever the name resolves to now. */
  address: string;
  family: number;
  headers: Record<string, string>;
  body: string;
  timeoutMs?: number;
}

export type WebhookResponse =
  | { kind: 'response'; status: number; headers: Record<string, string>; body: string }
  | { kind: 'timeout' }
  | { kind: 'network'; code: string };

function keptHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers).slice(0, HEADERS_KEPT)) {
    if (value === undefined) continue;
    kept[name] = (Array.isArray(value) ? value.join(', ') : value).slice(0, HEADER_VALUE_KEPT);
  }
  return kept;
}

/**
 * One POST of a webhook: never throws, answers what came back (status, headers, the first 4 KB of
 * the body), a timeout, or a network error's code. Redirects are not followed (a 3xx is the answer).
 */
export function sendWebhook(request: WebhookRequest): Promise<WebhookResponse> {
  const url = new URL(request.url);
  const pinned: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [
        { address: request.address, family: request.family },
      ]);
    else callback(null, request.address, request.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (response: WebhookResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(response);
    };
    const outgoing = client.request(
      url,
      {
        method: 'POST',
        lookup: pinned,
        headers: {
          ...request.headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(request.body)),
          'user-agent': 'online-scheduler-webhooks/1',
        },
        agent: false,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        let length = 0;
        const done = () => {
          finish({
            kind: 'response',
            status: incoming.statusCode ?? 0,
            headers: keptHeaders(incoming.headers),
            body: Buffer.concat(chunks).subarray(0, RESPONSE_BODY_KEPT).toString('utf8'),
          });
          incoming.destroy();
          outgoing.destroy();
        };
        incoming.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          length += chunk.length;
          if (length >= RESPONSE_BODY_KEPT) done();
        });
        incoming.on('end', done);
        incoming.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      finish({ kind: 'timeout' });
      outgoing.destroy();
    }, request.timeoutMs ?? ATTEMPT_TIMEOUT_MS);
    outgoing.on('error', (error: NodeJS.ErrnoException) => finish({ kind: 'network', code: error.code ?? 'ERROR' }));
    outgoing.end(request.body);
  });
}
