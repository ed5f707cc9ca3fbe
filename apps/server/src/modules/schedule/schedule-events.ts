import type { FastifyReply, FastifyRequest } from 'fastify';
import { changeKeys, EVERYTHING_CHANGED, type ChangeFeed } from '../../db/change-feed.ts';

/** Keeps proxies (and the browser) from closing a quiet stream. */
export const PING_INTERVAL_MS = 25_000;
/** Changes this close together are one event: a confirm writes several rows. */
export const COALESCE_MS = 50;

/**
 * The console's live stream (text/event-stream): a `schedule` event whenever the database announces
 * a change to the company's appointments or holds (a visitor holds, books or lets a hold go; the
 * office moves or cancels). The announcements come through PostgreSQL's LISTEN, so a change made
 * on any instance reaches the consoles open on every instance.
 *
 * A stream lives only as long as the sign-in that opened it (issue 39): before each event and
 * each ping, `stillAdmitted` asks again, and a session revoked or a role changed since ends the
 * stream with nothing more sent; the console reconnects and is asked to sign in, or gets what
 * its new role may see.
 */
export function streamScheduleEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  changes: ChangeFeed,
  companyId: string,
  open: Set<{ end(): void }>,
  stillAdmitted: () => Promise<boolean>,
): void {
  const key = changeKeys.schedule(companyId);
  reply.hijack();
  const out = reply.raw;
  out.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    // Nginx and its kind would otherwise hold events back in a buffer.
    'x-accel-buffering': 'no',
  });
  // The browser reconnects after a second if the stream drops, and says hello at once.
  out.write('retry: 1000\nevent: ping\ndata: {}\n\n');
  let pending: NodeJS.Timeout | null = null;
  let ended = false;
  /** Sends `event` if the person may still have it; otherwise ends the stream. */
  const send = (event: string) => {
    void stillAdmitted().then(
      (admitted) => {
        if (ended) return;
        if (admitted) out.write(`event: ${event}\ndata: {}\n\n`);
        else out.end();
      },
      // The check could not be made (the database is down): nothing is sent, the browser reconnects.
      () => out.end(),
    );
  };
  const stop = changes.listen((announced) => {
    if (announced !== key && announced !== EVERYTHING_CHANGED) return;
    pending ??= setTimeout(() => {
      pending = null;
      send('schedule');
    }, COALESCE_MS);
  });
  const ping = setInterval(() => send('ping'), PING_INTERVAL_MS);
  ping.unref();
  // A server shutting down ends the open streams (they would keep it waiting); browsers reconnect elsewhere.
  open.add(out);
  const close = () => {
    ended = true;
    open.delete(out);
    stop();
    clearInterval(ping);
    if (pending) clearTimeout(pending);
  };
  request.raw.on('close', close);
  out.on('close', close);
}
