/**
 * npm run bench -- directory-save
 * A console save of the whole company document with a 20,000-agent directory (7.6 MB), through
 * the HTTP API of a real server process on PostgreSQL (TEST_DATABASE_URL; the embedded database
 * when it is unset), as the outside probe of issue 39 made it: the save's duration, and /healthz's
 * latency polled every 50 ms during it (max and p99), which shows whether one company's save
 * slows everyone else's requests. Two saves: the directory added to the demo company, then an
 * edit of it (5% of the agents added, 5% changed, 5% removed). Goal on PostgreSQL: each save
 * within 3 s, /healthz within 100 ms throughout.
 */
import { performance } from 'node:perf_hooks';
import { createScratchDatabase } from '../apps/server/src/db/test-databases.ts';
import { startServerProcess, type ServerProcess } from '../apps/server/src/test-support/server-process.ts';
import { directoryAgents, directoryEditSizes, editedDirectoryAgents } from './directory-workload.ts';
import { summarise } from './stats.ts';

const AGENTS = 20_000;
const POLL_EVERY_MS = 50;
const GOAL_SAVE_MS = 3_000;
const GOAL_HEALTH_MS = 100;
const COMPANY = 'demo';

type Document = Record<string, unknown>;

interface Measured {
  status: number;
  saveMs: number;
  bytes: number;
  health: { polls: number; max: number; p99: number; median: number };
}

/** Signs the demo owner in through the one-time link the server printed; the console's headers. */
async function signInDemoOwner(server: ServerProcess): Promise<Record<string, string>> {
  const link = /Console sign-in link for the demo owner[^:]*: (\S+)/.exec(server.output())?.[1];
  if (!link) throw new Error(`the server printed no sign-in link:\n${server.output()}`);
  const answer = await fetch(link, { redirect: 'manual' });
  const cookie = answer.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (answer.status !== 302 || !cookie) throw new Error(`the sign-in link answered ${answer.status}`);
  return { cookie, origin: new URL(link).origin };
}

/** Runs `work` while /healthz is asked every POLL_EVERY_MS, each ask timed from its start. */
async function withHealthPolls<T>(base: string, work: () => Promise<T>): Promise<{ result: T; latencies: number[] }> {
  const latencies: number[] = [];
  const pending: Array<Promise<void>> = [];
  const poll = () => {
    const started = performance.now();
    pending.push(
      fetch(`${base}/healthz`).then(async (answer) => {
        await answer.arrayBuffer();
        latencies.push(answer.ok ? performance.now() - started : Number.POSITIVE_INFINITY);
      }),
    );
  };
  poll();
  const timer = setInterval(poll, POLL_EVERY_MS);
  try {
    return { result: await work(), latencies };
  } finally {
    clearInterval(timer);
    await Promise.all(pending);
  }
}

async function save(
  base: string,
  headers: Record<string, string>,
  baseVersion: number,
  document: Document,
): Promise<Measured & { version: number }> {
  const body = JSON.stringify({ base_version: baseVersion, document });
  const { result, latencies } = await withHealthPolls(base, async () => {
    const started = performance.now();
    const answer = await fetch(`${base}/api/console/companies/${COMPANY}/configuration`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body,
    });
    const saved = (await answer.json()) as { version?: { version: number } };
    return {
      status: answer.status,
      saveMs: performance.now() - started,
      version: saved.version?.version ?? baseVersion,
    };
  });
  const health = summarise(latencies);
  return {
    ...result,
    bytes: body.length,
    health: { polls: latencies.length, max: health.max, p99: health.p99, median: health.median },
  };
}

async function benchOn(env: Record<string, string>): Promise<Array<[string, Measured]>> {
  const server = await startServerProcess({ DEMO_COMPANY: 'on', ...env });
  try {
    const headers = await signInDemoOwner(server);
    const current = (await (
      await fetch(`${server.baseUrl}/api/console/companies/${COMPANY}/configuration`, { headers })
    ).json()) as { version: { version: number }; document: Document };
    const added = await save(server.baseUrl, headers, current.version.version, {
      ...current.document,
      agents: directoryAgents(AGENTS),
    });
    const edited = await save(server.baseUrl, headers, added.version, {
      ...current.document,
      agents: editedDirectoryAgents(AGENTS),
    });
    const sizes = directoryEditSizes(AGENTS);
    return [
      [`${AGENTS.toLocaleString('en-US')} agents added`, added],
      [
        `${sizes.added.toLocaleString('en-US')} added, ${sizes.changed.toLocaleString('en-US')} changed, ${sizes.removed.toLocaleString('en-US')} removed`,
        edited,
      ],
    ];
  } finally {
    await server.dispose();
  }
}

export async function benchDirectorySave(): Promise<boolean> {
  process.stdout.write(
    `\ndirectory-save: a console save of the demo company with ${AGENTS.toLocaleString('en-US')} agents over HTTP, /healthz polled every ${POLL_EVERY_MS} ms meanwhile\n`,
  );
  const serverUrl = process.env.TEST_DATABASE_URL;
  const scratch = serverUrl ? await createScratchDatabase(serverUrl, 'scheduler_bench') : null;
  let ok = true;
  try {
    const runs = await benchOn(scratch ? { DATABASE_URL: scratch.url } : {});
    process.stdout.write(
      `  ${scratch ? 'PostgreSQL' : 'embedded database (PGlite; set TEST_DATABASE_URL for PostgreSQL, where the goal applies)'}:\n`,
    );
    for (const [label, run] of runs) {
      const fast = run.status === 200 && run.saveMs <= GOAL_SAVE_MS && run.health.max <= GOAL_HEALTH_MS;
      process.stdout.write(
        `    ${label} (${(run.bytes / 1e6).toFixed(1)} MB): ${run.status} in ${Math.round(run.saveMs)} ms; /healthz over ${run.health.polls} polls: median ${Math.round(run.health.median)} ms, p99 ${Math.round(run.health.p99)} ms, max ${Math.round(run.health.max)} ms${scratch && !fast ? `  (goal: ${GOAL_SAVE_MS} ms, /healthz ${GOAL_HEALTH_MS} ms)` : ''}\n`,
      );
      ok = ok && run.status === 200;
    }
  } finally {
    await scratch?.drop();
  }
  return ok;
}
