import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_OFFICE_UUID } from './modules/company-document/demo-company.ts';
import { startServerProcess, type ServerProcess } from './test-support/server-process.ts';
import { demoDocument } from './test-support/test-app.ts';

const ADMIN_TOKEN = 'shutdown-test-admin-token-01';
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
/** Starting the real server (compiling, migrating, loading the demo company) is slow on a busy machine. */
const PROCESS_TEST_TIMEOUT_MS = 240_000;

type Outcome = { status: number; body: string; at: number } | { error: string; at: number };

interface Sent {
  /** The request line and headers (and as much of the body as is sent before the signal) are written. */
  written: Promise<void>;
  /** Sends the rest of a held body. */
  finish(): void;
  outcome: Promise<Outcome>;
}

/** `hold`: only the first half of the body goes before `finish()`; the server has the request but cannot answer it yet. */
function send(
  server: ServerProcess,
  options: {
    method: 'GET' | 'PUT';
    path: string;
    agent: Agent | false;
    body?: object;
    headers?: Record<string, string>;
    hold?: boolean;
  },
): Sent {
  const payload = options.body ? JSON.stringify(options.body) : undefined;
  let written!: () => void;
  let finish = () => {};
  const writtenPromise = new Promise<void>((resolve) => (written = resolve));
  const outcome = new Promise<Outcome>((resolve) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port: server.port,
        method: options.method,
        path: options.path,
        agent: options.agent,
        headers: {
          ...options.headers,
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, body, at: performance.now() }));
        response.on('error', (error: NodeJS.ErrnoException) =>
          resolve({ error: error.code ?? error.message, at: performance.now() }),
        );
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      written();
      resolve({ error: error.code ?? error.message, at: performance.now() });
    });
    if (options.hold && payload) {
      const half = payload.length / 2;
      request.write(payload.slice(0, half), () => written());
      finish = () => request.end(payload.slice(half));
    } else {
      request.on('finish', () => written());
      request.end(payload);
    }
  });
  return { written: writtenPromise, finish: () => finish(), outcome };
}

/**
 * A keep-alive agent with `count` connections open and idle, which the requests sent next reuse,
 * as a busy site's clients do.
 */
async function warmKeepAliveAgent(server: ServerProcess, count: number): Promise<Agent> {
  const agent = new Agent({ keepAlive: true });
  const warmUps = await Promise.all(
    Array.from({ length: count }, () => send(server, { method: 'GET', path: '/healthz', agent }).outcome),
  );
  expect(warmUps.every((o) => 'status' in o && o.status === 200)).toBe(true);
  expect(Object.values(agent.freeSockets).flat()).toHaveLength(count);
  return agent;
}

function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

/**
 * When the server logged `message` (its log's clock, which is this machine's). A busy event loop
 * may take a moment to notice the signal, and the grace period counts from when it does.
 */
async function loggedAt(server: ServerProcess, message: string): Promise<number> {
  for (;;) {
    const line = server
      .output()
      .split('\n')
      .find((l) => l.includes(`"msg":"${message}"`));
    if (line) return (JSON.parse(line) as { time: number }).time;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('SIGTERM', () => {
  let server: ServerProcess | undefined;
  afterEach(async () => {
    await server?.dispose();
    server = undefined;
  });

  it(
    'answers every request already received, closes idle keep-alive connections at once, and exits soon after the last answer',
    async () => {
      const graceMs = 10_000;
      server = await startServerProcess({ ADMIN_TOKEN, SHUTDOWN_GRACE_MS: String(graceMs), LOG_LEVEL: 'info' });
      const keepAlive = await warmKeepAliveAgent(server, 17);

      // On open keep-alive connections and on connections of their own, all written before the
      // signal; the imports' documents are finished only after it.
      const sent = [
        ...Array.from({ length: 4 }, () => ({
          ok: 200,
          ...send(server!, {
            method: 'PUT',
            path: '/api/admin/companies/demo',
            agent: keepAlive,
            headers: admin,
            body: demoDocument(),
            hold: true,
          }),
        })),
        ...Array.from({ length: 12 }, () => ({
          ok: 302,
          ...send(server!, { method: 'GET', path: `/demo/online-scheduler/${DEMO_OFFICE_UUID}`, agent: keepAlive }),
        })),
        ...Array.from({ length: 4 }, () => ({
          ok: 200,
          ...send(server!, { method: 'GET', path: '/api/admin/companies/demo', agent: false, headers: admin }),
        })),
      ];
      // The one keep-alive connection left without a request is idle when the signal comes.
      const idle = Object.values(keepAlive.freeSockets).flat();
      expect(idle).toHaveLength(1);
      const idleClosed = new Promise<number>((resolve) => idle[0]!.once('close', () => resolve(performance.now())));
      await Promise.all(sent.map((s) => s.written));
      const signalledAt = performance.now();
      server.child.kill('SIGTERM');
      const drainingAt = await loggedAt(server, 'draining requests before exit');
      // Once the listening socket is closed, the uploads finish: the imports run during the drain.
      await loggedAt(server, 'closing the listening socket');
      for (const s of sent) s.finish();

      const outcomes = await Promise.all(sent.map((s) => s.outcome));
      const exit = await server.exited;
      keepAlive.destroy();

      expect(
        outcomes.flatMap((o, i) => ('error' in o ? [`request ${i}: ${o.error}`] : [])),
        server.output(),
      ).toEqual([]);
      for (const [i, outcome] of outcomes.entries())
        expect(outcome, server.output()).toMatchObject({ status: sent[i]!.ok });
      expect(exit.code).toBe(0);

      const lastAnswer = Math.max(...outcomes.map((o) => o.at));
      const figures = {
        requests: sent.length,
        idleKeepAliveClosedMs: Math.round((await idleClosed) - signalledAt),
        lastAnswerMs: Math.round(lastAnswer - signalledAt),
        exitMs: Math.round(exit.at - signalledAt),
        exitAfterLastAnswerMs: Math.round(exit.at - lastAnswer),
        exitAfterDrainingBeganMs: exit.wallAt - drainingAt,
      };
      process.stdout.write(
        `shutdown with ${sent.length} requests in flight (ms after SIGTERM): ${JSON.stringify(figures)}\n`,
      );
      // The idle connection does not wait for the imports still uploading.
      expect(figures.idleKeepAliveClosedMs).toBeLessThan(figures.lastAnswerMs);
      expect(figures.exitAfterDrainingBeganMs).toBeLessThan(graceMs);
      // No keep-alive connection keeps the process waiting after the last answer.
      expect(figures.exitAfterLastAnswerMs).toBeLessThan(2_000);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'stops accepting connections, answers 503 what is left when the grace period ends, resets nothing, and exits within the grace period',
    async () => {
      const graceMs = 2_000;
      server = await startServerProcess({ ADMIN_TOKEN, SHUTDOWN_GRACE_MS: String(graceMs), LOG_LEVEL: 'info' });
      const keepAlive = await warmKeepAliveAgent(server, 12);
      // Requests that finish quickly, and imports whose client never sends the rest of the document.
      const sent = Array.from({ length: 12 }, (_, i) =>
        i % 3 === 0
          ? send(server!, {
              method: 'PUT',
              path: '/api/admin/companies/demo',
              agent: keepAlive,
              headers: admin,
              body: demoDocument(),
              hold: true,
            })
          : send(server!, { method: 'GET', path: `/demo/online-scheduler/${DEMO_OFFICE_UUID}`, agent: keepAlive }),
      );
      await Promise.all(sent.map((s) => s.written));
      server.child.kill('SIGTERM');
      const drainingAt = await loggedAt(server, 'draining requests before exit');

      // While the held requests still wait, the server accepts no new connection.
      await new Promise((resolve) => setTimeout(resolve, graceMs / 2 - (Date.now() - drainingAt)));
      expect(server.child.exitCode).toBeNull();
      expect(await refusesConnections(server.port)).toBe(true);

      const outcomes = await Promise.all(sent.map((s) => s.outcome));
      const exit = await server.exited;
      keepAlive.destroy();

      expect(
        outcomes.filter((o) => 'error' in o),
        server.output(),
      ).toEqual([]);
      const statuses = outcomes.map((o) => ('status' in o ? o.status : 0));
      expect(statuses).toEqual(Array.from({ length: 12 }, (_, i) => (i % 3 === 0 ? 503 : 302)));
      for (const outcome of outcomes) {
        if ('status' in outcome && outcome.status === 503)
          expect(JSON.parse(outcome.body)).toEqual({ error: { code: 'unavailable', message: expect.any(String) } });
      }
      const figures = {
        requests: sent.length,
        answered302: statuses.filter((s) => s === 302).length,
        answered503: statuses.filter((s) => s === 503).length,
        exitAfterDrainingBeganMs: exit.wallAt - drainingAt,
        exitCode: exit.code,
      };
      process.stdout.write(`shutdown past its grace of ${graceMs} ms: ${JSON.stringify(figures)}\n`);
      expect(figures.exitAfterDrainingBeganMs).toBeLessThan(graceMs);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
