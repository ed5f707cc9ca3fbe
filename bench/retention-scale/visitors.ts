/**
 * A visitor's load on the bench server while something else runs: one client asking, in turn, a
 * small company's calendar (availability), writing to its session (a funnel event, as the wizard
 * sends them) and asking /readyz, a pause between rounds. Each request is timed and its status
 * counted; `stop` ends the loop and answers the samples per request.
 */
import { addDays } from '@scheduler/domain/availability/zoned-calendar';
import { summarise } from '../stats.ts';
import { jsonHeaders, timedRequest, StatusTally } from '../scale/http.ts';

const PAUSE_MS = 50;

export type VisitorRequest = 'availability' | 'session write' | '/readyz';

export interface VisitorLoad {
  stop(): Promise<Map<VisitorRequest, number[]>>;
  tally: StatusTally;
}

/** The session's token from the office's link, as a browser gets it. */
async function sessionToken(base: string, companyKey: string, office: string, tally: StatusTally): Promise<string> {
  const redirect = await timedRequest(tally, 'session', `${base}/${companyKey}/online-scheduler/${office}`);
  if (!redirect.location) throw new Error(`the office's link answered ${redirect.status}`);
  const token = new URL(redirect.location, base).searchParams.get('t')!;
  const order = await timedRequest(tally, 'session', `${base}/${companyKey}/online-scheduler/order`, {
    headers: { 'x-auth-token': token },
  });
  if (order.status !== 200) throw new Error(`the session's order answered ${order.status}`);
  return token;
}

export async function startVisitorLoad(base: string, companyKey: string, office: string): Promise<VisitorLoad> {
  const tally = new StatusTally();
  const token = await sessionToken(base, companyKey, office, tally);
  const api = `${base}/${companyKey}/json/online_scheduler`;
  const samples = new Map<VisitorRequest, number[]>([
    ['availability', []],
    ['session write', []],
    ['/readyz', []],
  ]);
  const from = addDays(new Date().toISOString().slice(0, 10), 2);
  let running = true;
  const loop = (async () => {
    while (running) {
      const availability = await timedRequest(
        tally,
        'availability',
        `${api}/availability?from=${from}&to=${addDays(from, 13)}&limit=8`,
        { headers: { 'x-auth-token': token } },
      );
      samples.get('availability')!.push(availability.ms);
      const write = await timedRequest(tally, 'session write', `${api}/events`, {
        method: 'POST',
        headers: jsonHeaders({ 'x-auth-token': token }),
        body: JSON.stringify({ events: [{ name: 'step_viewed', step: 'calendar' }] }),
      });
      samples.get('session write')!.push(write.ms);
      samples.get('/readyz')!.push((await timedRequest(tally, '/readyz', `${base}/readyz`)).ms);
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
  })();
  return {
    tally,
    async stop() {
      running = false;
      await loop;
      return samples;
    },
  };
}

/** "availability p50 12.3 / p99 45.6 / max 78.9 ms (n 120)" per request, and failures when any. */
export function describeVisitors(samples: Map<VisitorRequest, number[]>, tally: StatusTally): string[] {
  return [...samples].map(([request, values]) => {
    const s = summarise(values);
    const failed = tally.failuresOf(request);
    return `${request.padEnd(13)} p50 ${s.median.toFixed(1)} / p99 ${s.p99.toFixed(1)} / max ${s.max.toFixed(1)} ms (n ${values.length})${failed ? `; failed: ${failed}` : ''}`;
  });
}
