import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Debian's PostgreSQL server programs, newest version first; null when none is installed. */
export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((version) => existsSync(join(root, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? join(root, versions[0]!, 'bin') : null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * A PostgreSQL server of a test's own, in a temporary directory on a free port, so that a test
 * may stop its processes (SIGSTOP) without touching the machine's shared server. PostgreSQL
 * refuses to run as root: as root, it runs as the `postgres` user.
 */
export class OwnPostgres {
  private constructor(
    private readonly dir: string,
    private readonly server: ChildProcess,
    readonly url: string,
  ) {}

  static async start(): Promise<OwnPostgres> {
    const bin = postgresBinDir();
    if (!bin) throw new Error('PostgreSQL server programs not found under /usr/lib/postgresql');
    const dir = mkdtempSync(join(tmpdir(), 'own-postgres-'));
    const asRoot = process.getuid?.() === 0;
    const run = (program: string, args: string[]) =>
      (asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, program), ...args]] : [join(bin, program), args]) as [
        string,
        string[],
      ];
    if (asRoot) {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
      chownSync(dir, uid, gid);
    }
    const data = join(dir, 'data');
    execFileSync(...run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']), {
      stdio: 'ignore',
    });
    const port = await freePort();
    // Its own process group: a signal to the group reaches the server and every backend.
    const server = spawn(
      ...run('postgres', [
        '-D',
        data,
        '-p',
        String(port),
        '-k',
        dir,
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'fsync=off',
      ]),
      {
        detached: true,
        stdio: 'ignore',
      },
    );
    const own = new OwnPostgres(dir, server, `postgres://postgres@127.0.0.1:${port}/postgres`);
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      try {
        execFileSync(join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port), '-t', '1'], { stdio: 'ignore' });
        return own;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    await own.close();
    throw new Error('the test PostgreSQL did not start within 30 s');
  }

  private signal(name: NodeJS.Signals): void {
    if (this.server.pid) signalIfAlive(-this.server.pid, name);
  }

  /**
   * The server's processes: the group it was started in (the postmaster, and runuser as root),
   * and every process below them. PostgreSQL's backends and helpers each start a session of their
   * own, so a signal to the group does not reach them.
   */
  private processes(): number[] {
    const parents = new Map<number, number>();
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        // "pid (comm) state ppid ...": the command may hold spaces, so read after its closing parenthesis.
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      } catch {
        // The process ended meanwhile.
      }
    }
    const found = new Set<number>(this.server.pid ? [this.server.pid] : []);
    for (let grew = true; grew;) {
      grew = false;
      for (const [pid, parent] of parents) {
        if (found.has(parent) && !found.has(pid)) {
          found.add(pid);
          grew = true;
        }
      }
    }
    return [...found];
  }

  /** Every process of the server stops where it is: connections stay open, nothing answers. */
  stall(): void {
    // The group first (the postmaster can then start no new backend), then everything below it.
    this.signal('SIGSTOP');
    for (const pid of this.processes()) signalIfAlive(pid, 'SIGSTOP');
  }

  resume(): void {
    for (const pid of this.processes()) signalIfAlive(pid, 'SIGCONT');
    this.signal('SIGCONT');
  }

  async close(): Promise<void> {
    if (this.server.exitCode === null && this.server.signalCode === null) {
      const exited = new Promise((resolve) => this.server.once('exit', resolve));
      this.resume();
      // Immediate shutdown: the data is thrown away with the directory.
      this.signal('SIGQUIT');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** A process listed a moment ago may have ended since (a backend whose client left): that is no error. */
function signalIfAlive(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}
