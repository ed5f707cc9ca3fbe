import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { StepName } from '@scheduler/domain/route-table';

/**
 * Each step's module in the wizard's source, as Vite's manifest names it. The wizard loads each
 * step as a chunk of its own (apps/web/src/app/step-screens.tsx); a test checks that every name
 * here is in the built manifest.
 */
export const STEP_SOURCES: Record<StepName, string> = {
  'postal-code': 'src/steps/postal-code/PostalCodeStep.tsx',
  calendar: 'src/steps/calendar/CalendarStep.tsx',
  address: 'src/steps/address/AddressStep.tsx',
  contacts: 'src/steps/contacts/ContactsStep.tsx',
  'property-info': 'src/steps/property-info/PropertyInfoStep.tsx',
  packages: 'src/steps/packages/PackagesStep.tsx',
  review: 'src/steps/review/ReviewStep.tsx',
};

/** One entry of Vite's build manifest (only the fields read here). */
interface ManifestChunk {
  file: string;
  /** The module the chunk was made for; absent when Rollup merged shared code into it. */
  src?: string;
  /** The chunk's name: its module's file name without extension. */
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The files a step needs beyond what the page's entry already loads, as URLs under the asset prefix. */
export type StepPreloads = Partial<Record<StepName, string[]>>;

/**
 * The manifest key of a step's chunk. Vite keys a chunk by its module's path, except when the
 * chunk also holds code other chunks import (then `_Name-hash.js`, without `src`): such a chunk is
 * found as the dynamic entry named after the module's file.
 */
export function stepChunkKey(manifest: Manifest, source: string): string | null {
  if (manifest[source]) return source;
  const name = source.slice(source.lastIndexOf('/') + 1).replace(/\.[^.]+$/, '');
  const named = Object.keys(manifest).filter(
    (key) => manifest[key]!.isDynamicEntry && manifest[key]!.src === undefined && manifest[key]!.name === name,
  );
  return named.length === 1 ? named[0]! : null;
}

/** Every chunk `key` imports statically, itself included, depth first and each once. */
function withStaticImports(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) withStaticImports(manifest, imported, seen);
  return seen;
}

/**
 * Reads the build's manifest and answers, for each step, the chunks to preload with the page: the
 * step's own chunk and what it imports, less the entry and its imports (the page loads those
 * anyway). A build without a manifest (or an unreadable one) preloads nothing: the wizard then
 * loads each step as it did before, on demand.
 */
export async function readStepPreloads(webDistDir: string, assetPrefix: string): Promise<StepPreloads> {
  const text = await readFile(join(webDistDir, '.vite', 'manifest.json'), 'utf8').catch(() => null);
  if (text === null) return {};
  let manifest: Manifest;
  try {
    manifest = JSON.parse(text) as Manifest;
  } catch {
    return {};
  }
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const loadedByEntry = new Set<string>();
  for (const entry of entries) withStaticImports(manifest, entry, loadedByEntry);
  const preloads: StepPreloads = {};
  for (const [step, source] of Object.entries(STEP_SOURCES) as Array<[StepName, string]>) {
    const key = stepChunkKey(manifest, source);
    if (key === null) continue;
    preloads[step] = [...withStaticImports(manifest, key)]
      .filter((key) => !loadedByEntry.has(key))
      .map((key) => `${assetPrefix}${manifest[key]!.file}`);
  }
  return preloads;
}
