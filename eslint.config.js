import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// Every folder under apps/web/src/steps is one step of the wizard.
const STEPS = readdirSync(new URL('./apps/web/src/steps', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '.test-artifacts/**', 'docs/**', '.stryker-tmp/**', 'reports/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name=/^(skip|only|todo)$/]", message: 'No skipped, focused or todo tests.' },
      ],
    },
  },
  {
    // The domain is pure (no I/O, no clock, no randomness), so the browser, the server and the
    // tests run the same rules on the same inputs.
    files: ['packages/domain/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'fs', 'http', 'react', '@scheduler/server*', '@scheduler/web*'] }],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Pass `now` in.' },
        { object: 'Math', property: 'random', message: 'Pass a seeded random source in.' },
      ],
    },
  },
  {
    files: ['packages/contracts/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@scheduler/domain*', 'node:*'] }] },
  },
  // ---- Server layout (issue 40): apps/server/src/api/<surface>/*.routes.ts over modules/<capability>/ ----
  {
    // A module uses another module through its service: its repository (SQL) and store (caches)
    // are its own, though their types may be named. A module never imports the HTTP routes
    // (api/ imports modules/, not the other way), and a file says what it offers by declaring it,
    // never by re-exporting another file's (re-exports through services tied pricing and
    // scheduling in a circle).
    files: ['apps/server/src/modules/**/*.ts', 'apps/server/src/modules/**/*.tsx'],
    // Tests set up the state they check (rows, stores, ranges) and may reach into any module.
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./[^/]+/[^/]+\\.(repository|store)(\\.ts)?$',
              allowTypeImports: true,
              message: "Use the other module's service; its repository and store are its own.",
            },
            { regex: '^(\\.\\./)+api(/|$)', message: 'A module may not import the HTTP routes: api/ imports modules/, not the other way.' },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name=/^(skip|only|todo)$/]", message: 'No skipped, focused or todo tests.' },
        { selector: 'ExportAllDeclaration', message: 'No re-exports in a server module: import from the file that declares it.' },
        { selector: 'ExportNamedDeclaration[source]', message: 'No re-exports in a server module: import from the file that declares it.' },
      ],
    },
  },
  {
    // Each route names its guard; the wizard's routes take theirs from ctx.access (read, search,
    // write), never piecemeal.
    files: ['apps/server/src/api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '../../plugins/session-auth.ts', importNames: ['requireSession'], message: 'Use ctx.access.read, .search or .write.' }] },
      ],
    },
  },
  // ---- end of the server layout ----
  {
    files: ['apps/web/src/**/*.tsx', 'apps/web/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // A part that loads on demand goes through lazyChunk, so that a chunk a deploy removed shows
    // the "page was updated" notice rather than a blank page.
    files: ['apps/web/src/**/*.tsx', 'apps/web/src/**/*.ts'],
    ignores: ['apps/web/src/shared/chunk-load.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name=/^(skip|only|todo)$/]", message: 'No skipped, focused or todo tests.' },
        { selector: "ImportDeclaration[source.value='react'] ImportSpecifier[imported.name='lazy']", message: 'Use lazyChunk (shared/chunk-load.ts).' },
        { selector: "ImportExpression:not(CallExpression[callee.name=/^(lazyChunk|optionalChunk)$/] > ArrowFunctionExpression ImportExpression)", message: 'Load code on demand through lazyChunk or optionalChunk (shared/chunk-load.ts).' },
      ],
    },
  },
  {
    files: ['apps/console/src/**/*.tsx', 'apps/console/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The console's pages load through lazyPage, so that a chunk a deploy removed shows "Reload"
    // rather than a blank page.
    files: ['apps/console/src/**/*.tsx', 'apps/console/src/**/*.ts'],
    ignores: ['apps/console/src/shared/chunk-load.tsx', '**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name=/^(skip|only|todo)$/]", message: 'No skipped, focused or todo tests.' },
        { selector: "ImportDeclaration[source.value='react'] ImportSpecifier[imported.name='lazy']", message: 'Use lazyPage (shared/chunk-load.tsx).' },
        { selector: "ImportExpression:not(CallExpression[callee.name='lazyPage'] > ArrowFunctionExpression ImportExpression)", message: 'Load code on demand through lazyPage (shared/chunk-load.tsx).' },
      ],
    },
  },
  // Console layers (house rule 14): app/ -> pages/* -> shared/. A page never imports app/ or
  // another page; shared/ imports neither.
  {
    files: ['apps/console/src/pages/**/*.{ts,tsx}'],
    ignores: ['**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(\\.\\./)+app(/|$)', message: 'A page may not import app/: the arrows run app/ -> pages/* -> shared/.' },
            { regex: '^\\.\\./[^./]', message: "A page may not import another page's files: move what they share to apps/console/src/shared." },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/console/src/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.\\./(app|pages)(/|$)', message: 'shared/ sits below app/ and pages/: it may import neither.' }] }],
    },
  },
  // Web boundaries: a step never imports another step's files. What two steps share lives in
  // apps/web/src/shared (or app/, or the packages); one block per step folder.
  ...STEPS.map((step) => ({
    files: [`apps/web/src/steps/${step}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(steps/)?(${STEPS.filter((other) => other !== step).map(escape).join('|')})(/|$)`,
              message: `The ${step} step may not import another step's files: move what they share to apps/web/src/shared.`,
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['e2e/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts', '**/*.test.ts', '**/test-support/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
