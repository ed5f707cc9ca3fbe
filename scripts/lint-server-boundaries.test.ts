import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The messages of the boundary rules for `code` linted as if it were the file at `path`. */
async function boundaryMessages(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  const rules = ['no-restricted-imports', '@typescript-eslint/no-restricted-imports', 'no-restricted-syntax'];
  return result!.messages.filter((m) => rules.includes(m.ruleId ?? '')).map((m) => m.message);
}

describe('server module boundaries (eslint.config.js)', () => {
  it("fails a module that imports another module's repository or store", async () => {
    for (const target of [
      '../orders/orders.repository.ts',
      '../sessions/sessions.store.ts',
      '../orders/orders.repository',
    ]) {
      const messages = await boundaryMessages(
        'apps/server/src/modules/scheduling/example.service.ts',
        `import { x } from '${target}';\nexport const y = x;\n`,
      );
      expect(messages, target).toEqual([expect.stringContaining("Use the other module's service")]);
    }
  });

  it("lets a module name another module's repository or store types", async () => {
    const code =
      "import type { A } from '../orders/orders.repository.ts';\nimport { type B } from '../sessions/sessions.store.ts';\nexport type C = A | B;\n";
    expect(await boundaryMessages('apps/server/src/modules/scheduling/example.service.ts', code)).toEqual([]);
  });

  it('fails a module that imports the HTTP routes', async () => {
    const messages = await boundaryMessages(
      'apps/server/src/modules/orders/example.service.ts',
      "import { r } from '../../api/visitor/orders.routes.ts';\nexport const s = r;\n",
    );
    expect(messages).toEqual([expect.stringContaining('api/ imports modules/')]);
  });

  it('fails a re-export in a module', async () => {
    for (const code of [
      "export { x } from './orders.repository.ts';\n",
      "export * from './orders.repository.ts';\n",
      "export type { X } from './orders.repository.ts';\n",
    ]) {
      expect(await boundaryMessages('apps/server/src/modules/orders/orders.service.ts', code), code).toEqual([
        expect.stringContaining('No re-exports'),
      ]);
    }
  });

  it('fails a route file that takes the session check piecemeal instead of from ctx.access', async () => {
    const messages = await boundaryMessages(
      'apps/server/src/api/visitor/example.routes.ts',
      "import { requireSession } from '../../plugins/session-auth.ts';\nexport const r = requireSession;\n",
    );
    expect(messages).toEqual([expect.stringContaining('ctx.access')]);
  });

  it("lets a module use its own repository and another module's service", async () => {
    const code =
      "import { a } from './scheduling.repository.ts';\nimport { b } from '../orders/orders.service.ts';\nexport const c = [a, b];\n";
    expect(await boundaryMessages('apps/server/src/modules/scheduling/example.service.ts', code)).toEqual([]);
  });
});
