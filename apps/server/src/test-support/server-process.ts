import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
const REPOSITORY = fileURLToPath(new URL('../../../../', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  port: number;
  /** Everything the process wrote, for messages when a test fails. */
  output(): string;
  /** When (performance.now() and Date.now() of this process) and how the process ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number; wallAt: number }>;
  /** Stops the process if it still runs and removes its data folder. */
  dispose(): Promise<void>;
}

/**
 * The real server as `npm start` runs it (node --import tsx apps/server/src/main.ts), on a free
 * port of 127.0.0.1 with the embedded database in a fresh temporary folder.
 */
export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = await mkdtemp(join(tmpdir(), 'scheduler-server-'));
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPOSITORY,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_COMPANY: 'on',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number; wallAt: number }>(
    (resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal, at: performance.now(), wallAt: Date.now() })),
  );

  const port = await new Promise<number>((resolve, reject) => {
    const look = () => {
      const match = /running on http:\/\/[^/\s]+:(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    };
    child.stdout!.on('data', look);
    void exited.then(({ code }) => reject(new Error(`the server exited (${code}) before listening:\n${output}`)));
  });

  return {
    child,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    dispose: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
