import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const MINI_COPY = '?zod-mini';
const IN_ZOD_MINI = /\/node_modules\/zod\/(v4\/)?mini\//;

/**
 * The wizard's form schemas use zod/mini, its wire schemas (later steps) classic zod; both build
 * on zod's core. Shared, the core lands in one chunk with every part that classic zod uses, and
 * the first step (a form) loads all of it. This gives zod/mini a copy of the core of its own
 * (module ids marked "?zod-mini"), which tree-shaking cuts to what the forms use: about 9 KB gzip
 * off the postal-code and address steps for about 6 KB more on the steps that load both.
 * zod recognises schemas by their traits, not by class identity, so the two copies mix safely.
 */
export function zodMiniOwnCore(): Plugin {
  return {
    name: 'scheduler-zod-mini-own-core',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer) return null;
      const plainImporter = importer.endsWith(MINI_COPY) ? importer.slice(0, -MINI_COPY.length) : importer;
      if (plainImporter === importer && !IN_ZOD_MINI.test(importer)) return null;
      const resolved = await this.resolve(source, plainImporter, { ...options, skipSelf: true });
      if (!resolved || resolved.external || !resolved.id.includes('/node_modules/zod/')) return resolved;
      return { ...resolved, id: `${resolved.id}${MINI_COPY}` };
    },
    load(id) {
      return id.endsWith(MINI_COPY) ? readFileSync(id.slice(0, -MINI_COPY.length), 'utf8') : null;
    },
  };
}
