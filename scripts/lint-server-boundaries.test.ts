import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The messages of the boundary rule for `code` linted as if it were the file at `path`. */
async function boundaryMessages(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('server module boundaries (eslint.config.js)', () => {
  it("fails a module that imports another module's repository, store or routes", async () => {
    for (const target of ['../orders/orders.repository.ts', '../sessions/sessions.store.ts', '../office/office.routes.ts', '../orders/orders.repository']) {
      const messages = await boundaryMessages('apps/server/src/modules/scheduling/example.service.ts', `import { x } from '${target}';\nexport const y = x;\n`);
      expect(messages, target).toEqual([expect.stringContaining("Use the other module's service")]);
    }
  });

  it('fails a route file that takes the session check piecemeal instead of from ctx.access', async () => {
    const messages = await boundaryMessages('apps/server/src/modules/orders/example.routes.ts', "import { requireSession } from '../../plugins/session-auth.ts';\nexport const r = requireSession;\n");
    expect(messages).toEqual([expect.stringContaining('ctx.access')]);
  });

  it("lets a module use its own repository and another module's service", async () => {
    const code = "import { a } from './scheduling.repository.ts';\nimport { b } from '../orders/orders.service.ts';\nexport const c = [a, b];\n";
    expect(await boundaryMessages('apps/server/src/modules/scheduling/example.service.ts', code)).toEqual([]);
  });
});
