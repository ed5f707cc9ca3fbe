import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { RETRY_AFTER_SECONDS, UNAVAILABLE_STATUS, unavailableBody } from './http/unavailable.ts';

/**
 * Stopping without dropping anyone (SIGTERM from an orchestrator, Ctrl-C):
 * 1. connections and requests that already reached the machine are taken in first, so that
 *    closing the listening socket does not reset them;
 * 2. no new connection is accepted; idle keep-alive connections are closed at once, and every
 *    connection closes after the answer it is working on;
 * 3. requests still unanswered shortly before the grace period ends are answered 503, and the
 *    process exits within the grace period whatever happens.
 */
export interface ShutdownOptions {
  graceMs: number;
  /** Lets go of what the server holds (the database, the data folder's lock) once no request is left. */
  release(): Promise<void>;
}

/**
 * The event loop accepts one waiting connection per turn and reads what arrived on accepted ones
 * in the next: two turns in a row without a new connection or request mean nothing is waiting.
 */
const QUIET_TURNS = 2;
/**
 * The most of the grace period spent taking in what already arrived: on a busy port new
 * connections keep coming and would otherwise keep the listening socket open.
 */
const INTAKE_SHARE_OF_GRACE = 1 / 4;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function drainOnSignals(app: FastifyInstance, options: ShutdownOptions): void {
  const exit = (code: number) => process.exit(code);
  const server = app.server;
  const unanswered = new Set<ServerResponse>();
  let arrivals = 0;
  let stopping = false;

  server.on('connection', () => arrivals++);
  // Prepended, so that it runs before the application can answer synchronously.
  server.prependListener('request', (_request, response) => {
    arrivals++;
    unanswered.add(response);
    response.once('close', () => unanswered.delete(response));
    if (stopping) closeAfterAnswer(response);
  });

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const startedAt = Date.now();
    app.log.info({ signal, inFlight: unanswered.size, graceMs: options.graceMs }, 'draining requests before exit');
    // Keep a margin before the end of the grace period to answer what is left and let go: closing
    // the worker and the database took 400 ms of a 2 s grace on a loaded machine, a fifth was too little.
    const margin = Math.min(1_000, Math.floor(options.graceMs / 4));
    const lastCall = setTimeout(() => answerUnavailable(), options.graceMs - margin);
    const deadline = setTimeout(() => {
      app.log.error({ unanswered: unanswered.size }, 'grace period over; exiting');
      exit(1);
    }, options.graceMs);

    for (const response of unanswered) closeAfterAnswer(response);
    await takeInWhatArrived(Math.floor(options.graceMs * INTAKE_SHARE_OF_GRACE));
    try {
      const closed = app.close();
      app.log.info({ inFlight: unanswered.size }, 'closing the listening socket');
      await closed;
      await options.release();
    } catch (error) {
      app.log.error({ reason: error instanceof Error ? error.message : 'unknown' }, 'shutting down failed');
      exit(1);
    }
    clearTimeout(lastCall);
    clearTimeout(deadline);
    app.log.info({ ms: Date.now() - startedAt }, 'stopped');
    exit(0);
  };

  /**
   * Connections the kernel has completed but the server not yet accepted, and requests not yet
   * read, would be reset when the listening socket closes. Turns of the event loop accept and
   * read them; they are then answered like every other request in flight.
   */
  const takeInWhatArrived = async (limitMs: number) => {
    const until = Date.now() + limitMs;
    let quiet = 0;
    while (quiet < QUIET_TURNS && Date.now() < until) {
      const before = arrivals;
      await nextTurn();
      quiet = arrivals === before ? quiet + 1 : 0;
    }
  };

  /** Answers 503 whatever is still unanswered and closes every connection, so that the server can close. */
  const answerUnavailable = () => {
    app.log.warn({ unanswered: unanswered.size }, 'grace period ending; answering 503 to requests still in flight');
    for (const response of unanswered) {
      if (response.headersSent) {
        response.socket?.destroy();
        continue;
      }
      response.writeHead(UNAVAILABLE_STATUS, {
        'content-type': 'application/json; charset=utf-8',
        'retry-after': String(RETRY_AFTER_SECONDS),
        connection: 'close',
      });
      response.end(JSON.stringify(unavailableBody('The server is restarting. Please try again in a moment.')));
    }
  };

  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

/** The connection closes once this answer is sent, instead of waiting for another request. */
function closeAfterAnswer(response: ServerResponse): void {
  if (!response.headersSent) response.setHeader('connection', 'close');
  else response.once('finish', () => response.socket?.end());
}
