/** npm run docs: rewrites the generated files under docs/ from the zod schemas. */
import { writeFile } from 'node:fs/promises';
import { generatedDocs } from './generated-docs.ts';

for (const [path, content] of Object.entries(await generatedDocs())) {
  await writeFile(path, content);
  process.stdout.write(`wrote ${path}\n`);
}
