import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { vi } from 'vitest';

/** A local webhook receiver for the tests (decision 0086), and the Standard Webhooks package's verifier. */

export interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}
export type Reply = (response: ServerResponse) => void;

/** A webhook receiver on this machine: records every request, answers the scripted replies in turn, then 200. */
export class Receiver {
  readonly received: Received[] = [];
  private readonly replies: Reply[] = [];
  private server!: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((request: IncomingMessage, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        this.received.push({
          path: request.url ?? '',
          headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)])),
          body: Buffer.concat(chunks).toString('utf8'),
        });
        const reply = this.replies.shift();
        if (reply) reply(response);
        else response.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }

  answer(...replies: Reply[]): void {
    this.replies.push(...replies);
  }

  clear(): void {
    this.received.length = 0;
    this.replies.length = 0;
  }

  bodies(): Array<{ id: string; type: string; data: Record<string, unknown> }> {
    return this.received.map((entry) => JSON.parse(entry.body));
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

export const status =
  (code: number, headers: Record<string, string> = {}, body = ''): Reply =>
  (response) =>
    response.writeHead(code, headers).end(body);
/** Never answers (the attempt's timeout ends it). */
export const hang: Reply = () => {};

/** Verifies with the `standardwebhooks` package's own verifier, at the instant the message was signed. */
export function verify(secret: string, received: Received, atMs: number): unknown {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(atMs);
  try {
    return new Webhook(secret).verify(received.body, received.headers);
  } finally {
    vi.useRealTimers();
  }
}
