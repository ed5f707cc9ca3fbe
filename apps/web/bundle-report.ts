import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Where each build writes what its chunks are made of; `npm run bench -- web` reads it. */
export const BUNDLE_REPORT_FILE = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../.test-artifacts/bundle-report.json',
);

export interface BundleReportChunk {
  /** The chunk's file, as served under /_app/. */
  file: string;
  gzipBytes: number;
  /** What the chunk holds, by package (or "app" for our own code), minified bytes before gzip. */
  madeOf: Record<string, number>;
}

/** The package a module belongs to ("@mui/material", "zod"), or "app" for the workspace's own code. */
export function packageOf(moduleId: string): string {
  const path = moduleId.replace(/^\0/, '').replace(/\?.*$/, '');
  const inModules = path.lastIndexOf('/node_modules/');
  if (inModules === -1) {
    const workspacePackage = /\/packages\/(contracts|domain|ui)\//.exec(path);
    return workspacePackage ? `@scheduler/${workspacePackage[1]}` : 'app';
  }
  const [first, second] = path.slice(inModules + '/node_modules/'.length).split('/');
  return first!.startsWith('@') ? `${first}/${second}` : first!;
}

/**
 * A bundle report: for every JavaScript chunk of the build, its gzip size and the bytes each
 * package puts in it, so that a growing first step shows where the bytes went.
 */
export function bundleReport(file = BUNDLE_REPORT_FILE): Plugin {
  return {
    name: 'scheduler-bundle-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: BundleReportChunk[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const madeOf: Record<string, number> = {};
        for (const [id, module] of Object.entries(output.modules)) {
          const name = packageOf(id);
          madeOf[name] = (madeOf[name] ?? 0) + module.renderedLength;
        }
        chunks.push({ file: output.fileName, gzipBytes: gzipSync(output.code, { level: 9 }).length, madeOf });
      }
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(
        file,
        `${JSON.stringify(
          chunks.sort((a, b) => b.gzipBytes - a.gzipBytes),
          null,
          2,
        )}\n`,
      );
    },
  };
}
