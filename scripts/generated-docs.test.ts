import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { generatedDocs } from './generated-docs.ts';

describe('generated documentation', () => {
  it('is up to date with the zod schemas (run `npm run docs` after changing them)', async () => {
    for (const [path, content] of Object.entries(await generatedDocs())) {
      expect(await readFile(path, 'utf8'), path).toBe(content);
    }
  });
});
