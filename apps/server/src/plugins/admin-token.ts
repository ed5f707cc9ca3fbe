import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The admin API's bearer token: ADMIN_TOKEN when set; otherwise one generated on first start and
 * kept in the data folder, so it survives restarts. `generated` tells the caller to print it once.
 */
export async function resolveAdminToken(
  configured: string | undefined,
  dataDir: string,
): Promise<{ token: string; generated: boolean }> {
  if (configured) return { token: configured, generated: false };
  return resolveStoredSecret('admin-token', dataDir, 16);
}

/**
 * A secret kept in a file of the data folder (mode 600): the one there when it is at least
 * `minLength` long, else a new random one written there. `generated` says it is new.
 */
export async function resolveStoredSecret(
  fileName: string,
  dataDir: string,
  minLength: number,
): Promise<{ token: string; generated: boolean }> {
  const file = join(dataDir, fileName);
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored.length >= minLength) return { token: stored, generated: false };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const token = randomBytes(Math.max(24, minLength)).toString('base64url');
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `${token}\n`, { mode: 0o600 });
  return { token, generated: true };
}
