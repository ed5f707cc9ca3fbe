/**
 * npm run build -w @scheduler/server: the server bundled into dist/main.mjs, which `npm start` and
 * `npm run serve` run with plain Node (decision 0105). Under tsx every module is compiled at start
 * and the loader's thread stays resident (about 60 MB of the server's memory at rest); the bundle
 * is the same code compiled once. The workspace's own packages (server, domain, contracts) are
 * bundled; every package from the registry stays an import, loaded from node_modules as before.
 */
import { rm } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { serverPath } from '../src/server-root.ts';

const WORKSPACE_PACKAGE = /^@scheduler\//;

/** Bare imports of registry packages stay imports; the workspace's are compiled in. */
const registryPackagesExternal: Plugin = {
  name: 'registry-packages-external',
  setup(bundler) {
    bundler.onResolve({ filter: /^[^./]/ }, (args) =>
      WORKSPACE_PACKAGE.test(args.path) ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Bundles `entry` (a path below apps/server, or beside it) into `outfile` below apps/server/dist:
 * there its registry imports resolve as the server's do, and serverPath() finds the package.
 * Modules the server imports only when first needed (the PDF renderers, the SVG cleaner and its
 * jsdom) go into chunks of their own beside it (dist/), so that their packages still load
 * then and not at start: in one file, their imports would be the bundle's, all loaded at once.
 */
export async function bundleServer(entry: string, outfile: string): Promise<void> {
  const name = basename(outfile, '.mjs');
  await build({
    entryPoints: { [name]: entry },
    outdir: dirname(outfile),
    outExtension: { '.js': '.mjs' },
    splitting: true,
    // Beside the entry, not in a folder below it: serverPath() counts one level up from any of them.
    chunkNames: '[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // A stack trace names bundle lines; `node --enable-source-maps` maps them back to the sources.
    sourcemap: 'linked',
    tsconfig: serverPath('tsconfig.json'),
    plugins: [registryPackagesExternal],
    logLevel: 'warning',
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // A fresh folder: chunks are named by their content, and an earlier build's would stay behind.
  await rm(serverPath('dist'), { recursive: true, force: true });
  await bundleServer(serverPath('src', 'main.ts'), serverPath('dist', 'main.mjs'));
}
