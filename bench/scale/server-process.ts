/**
 * The whole server over a scale database, in a child process (server-child.ts): the client's
 * requests, texts and tallies no longer count in the server's memory, and its CPU per read can be
 * read apart from the client's. The parent asks it over IPC for what only the server can make (a
 * console sign-in link) and for its own usage.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { bundleServer } from '../../apps/server/scripts/bundle.ts';
import { serverPath } from '../../apps/server/src/server-root.ts';

export type ParentQuestion =
  { id: number; kind: 'sign-in-link'; email: string } | { id: number; kind: 'usage' } | { id: number; kind: 'close' };

export type ChildAnswer =
  | { id: number; kind: 'listening'; base: string }
  | { id: number; kind: 'sign-in-link'; link: string }
  | { id: number; kind: 'usage'; rssBytes: number; heapUsedBytes: number; cpuMs: number }
  | { id: number; kind: 'closed' }
  | { id: number; kind: 'error'; message: string };

/** A question as the caller writes it; `ask` numbers it. */
type Unnumbered<T> = T extends unknown ? Omit<T, 'id'> : never;

export interface ServerUsage {
  rssBytes: number;
  /** The JavaScript heap in use (what the caches and requests hold; the rest of RSS is code, slack and native memory). */
  heapUsedBytes: number;
  /** User and system CPU the server process has used since it started. */
  cpuMs: number;
}

const CHILD_SOURCE = fileURLToPath(new URL('./server-child.ts', import.meta.url));
/**
 * The child runs bundled, as `npm start` runs the server (decision 0105): the same compiled code and
 * no tsx loader in its memory. Built once per bench process, below apps/server/dist.
 */
const CHILD = serverPath('dist', 'bench-scale-server.mjs');
let childBuilt: Promise<void> | null = null;
/** Building the app over a large database (its migrations checked, its caches empty) takes a while. */
const START_TIMEOUT_MS = 120_000;

export class ServerProcess {
  private nextId = 1;
  private readonly waiting = new Map<number, (answer: ChildAnswer) => void>();

  private constructor(
    private readonly child: ChildProcess,
    readonly base: string,
  ) {
    child.on('message', (raw) => {
      const answer = raw as ChildAnswer;
      this.waiting.get(answer.id)?.(answer);
      this.waiting.delete(answer.id);
    });
  }

  /** Forks the server over `database` and waits until it listens. */
  static async start(database: string): Promise<ServerProcess> {
    await (childBuilt ??= bundleServer(CHILD_SOURCE, CHILD));
    const child = fork(CHILD, [database], {
      // As `npm start` runs it: the heap SERVER_HEAP_MB gives (512 MB unless set), which the caches'
      // budgets follow. SCALE_SERVER_FLAGS adds Node's flags; SCALE_SERVER_PROFILE=<dir> writes the
      // server's CPU profile there when it closes.
      execArgv: [
        `--max-old-space-size=${process.env.SERVER_HEAP_MB ?? 512}`,
        ...(process.env.SCALE_SERVER_FLAGS?.split(' ').filter(Boolean) ?? []),
        ...(process.env.SCALE_SERVER_PROFILE
          ? ['--cpu-prof', `--cpu-prof-dir=${process.env.SCALE_SERVER_PROFILE}`]
          : []),
      ],
      // As `npm start` runs the server (package.json): glibc's malloc kept to two arenas.
      env: { ...process.env, MALLOC_ARENA_MAX: '2' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill();
        reject(new Error(`the server over ${database} did not start in ${START_TIMEOUT_MS / 1000} s`));
      }, START_TIMEOUT_MS);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the server over ${database} exited with ${code} before listening`));
      });
      child.once('message', (raw) => {
        clearTimeout(timer);
        const answer = raw as ChildAnswer;
        if (answer.kind === 'listening') resolve(new ServerProcess(child, answer.base));
        else reject(new Error(`the server over ${database} answered ${JSON.stringify(answer)} before listening`));
      });
    });
  }

  private ask(question: Unnumbered<ParentQuestion>): Promise<ChildAnswer> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, (answer) =>
        answer.kind === 'error' ? reject(new Error(`server: ${answer.message}`)) : resolve(answer),
      );
      this.child.send({ ...question, id } as ParentQuestion);
    });
  }

  async signInLinkFor(email: string): Promise<string> {
    const answer = await this.ask({ kind: 'sign-in-link', email });
    if (answer.kind !== 'sign-in-link') throw new Error(`unexpected answer ${answer.kind}`);
    return answer.link;
  }

  async usage(): Promise<ServerUsage> {
    const answer = await this.ask({ kind: 'usage' });
    if (answer.kind !== 'usage') throw new Error(`unexpected answer ${answer.kind}`);
    return { rssBytes: answer.rssBytes, heapUsedBytes: answer.heapUsedBytes, cpuMs: answer.cpuMs };
  }

  async close(): Promise<void> {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    await this.ask({ kind: 'close' });
    await exited;
  }
}
