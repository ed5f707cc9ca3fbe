/**
 * Where the server's own files are found, from one anchor: the server package's folder
 * (apps/server). The server runs from its sources (src/, under tsx: tests, benches, the CLI) or from
 * its bundle (dist/main.mjs: `npm start` and `npm run serve`, decision 0105). In a bundle every
 * module's `import.meta.url` is the bundle's, so a path relative to a source file's own folder would
 * point elsewhere; src/ and dist/ are both one level below the package, so this one does not.
 */
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const SERVER_ROOT = fileURLToPath(new URL('../', import.meta.url));

/** A path below apps/server, e.g. serverPath('src', 'db', 'migrations'). */
export function serverPath(...parts: string[]): string {
  return join(SERVER_ROOT, ...parts);
}
