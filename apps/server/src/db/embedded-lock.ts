import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The embedded database belongs to one process at a time. The server holds this lock while it
 * runs, and the company CLI refuses to open the same data folder under it.
 */
const LOCK_FILE = 'server.pid';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function holderOfEmbeddedDatabase(dataDir: string): Promise<number | null> {
  try {
    const pid = Number((await readFile(join(dataDir, LOCK_FILE), 'utf8')).trim());
    return Number.isInteger(pid) && pid !== process.pid && isRunning(pid) ? pid : null;
  } catch {
    return null;
  }
}

export async function lockEmbeddedDatabase(dataDir: string): Promise<() => Promise<void>> {
  const holder = await holderOfEmbeddedDatabase(dataDir);
  if (holder !== null) throw new Error(`The data folder ${dataDir} is in use by process ${holder}.`);
  await mkdir(dataDir, { recursive: true });
  await writeFile(join(dataDir, LOCK_FILE), String(process.pid));
  return () => rm(join(dataDir, LOCK_FILE), { force: true });
}
