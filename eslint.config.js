import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// Every folder under apps/web/src/steps is one step of the wizard.
const STEPS = readdirSync(new URL('./apps/web/src/steps', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '.test-artifacts/**',
      'docs/**',
      '.stryker-tmp/**',
      'reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name=/^(skip|only|todo)$/]',
          message: 'No skipped, focused or todo tests.',
        },
      ],
    },
  },
  {
    // The domain is pure (no I/O, no clock, no randomness), so the browser, the server and the
    // tests run the same rules on the same inputs.
    files: ['packages/domain/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', 'fs', 'http', 'react', '@scheduler/server*', '@scheduler/web*'] },
      ],
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
            {
              regex: '^(\\.\\./)+api(/|$)',
              message: 'A module may not import the HTTP routes: api/ imports modules/, not the other way.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name=/^(skip|only|todo)$/]',
          message: 'No skipped, focused or todo tests.',
        },
        {
          selector: 'ExportAllDeclaration',
          message: 'No re-exports in a server module: import from the file that declares it.',
        },
        {
          selector: 'ExportNamedDeclaration[source]',
          message: 'No re-exports in a server module: import from the file that declares it.',
        },
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
        {
          paths: [
            {
              name: '../../plugins/session-auth.ts',
              importNames: ['requireSession'],
              message: 'Use ctx.access.read, .search or .write.',
            },
          ],
        },
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
    // the "page was updated" notice rather than a blank page; a module loaded on demand through
    // optionalChunk (the page does without it) or requiredChunk (its call fails without it).
    files: ['apps/web/src/**/*.tsx', 'apps/web/src/**/*.ts'],
    ignores: ['apps/web/src/shared/chunk-load.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name=/^(skip|only|todo)$/]',
          message: 'No skipped, focused or todo tests.',
        },
        {
          selector: "ImportDeclaration[source.value='react'] ImportSpecifier[imported.name='lazy']",
          message: 'Use lazyChunk (shared/chunk-load.ts).',
        },
        {
          selector: "ImportSpecifier[imported.name='lazyWithFallback']",
          message: "Use lazyChunk (shared/chunk-load.ts): it falls back to the wizard's own notice.",
        },
        {
          selector:
            'ImportExpression:not(CallExpression[callee.name=/^(lazyChunk|optionalChunk|requiredChunk)$/] > ArrowFunctionExpression ImportExpression)',
          message:
            'Load code on demand through lazyChunk (shared/chunk-load.ts), optionalChunk or requiredChunk (@scheduler/ui/chunk-load).',
        },
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
    // rather than a blank page; a module that is not a page (the answers' schemas) through
    // requiredChunk, whose failed download fails the call that needed it.
    files: ['apps/console/src/**/*.tsx', 'apps/console/src/**/*.ts'],
    ignores: ['apps/console/src/shared/chunk-load.tsx', '**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name=/^(skip|only|todo)$/]',
          message: 'No skipped, focused or todo tests.',
        },
        {
          selector: "ImportDeclaration[source.value='react'] ImportSpecifier[imported.name='lazy']",
          message: 'Use lazyPage (shared/chunk-load.tsx).',
        },
        {
          selector: "ImportSpecifier[imported.name='lazyWithFallback']",
          message: "Use lazyPage (shared/chunk-load.tsx): it falls back to the console's own notice.",
        },
        {
          selector:
            'ImportExpression:not(CallExpression[callee.name=/^(lazyPage|requiredChunk)$/] > ArrowFunctionExpression ImportExpression)',
          message:
            'Load code on demand through lazyPage (shared/chunk-load.tsx), or requiredChunk (@scheduler/ui/chunk-load) for a module that is not a page.',
        },
        {
          // MUI's TextField passes props it does not know to its wrapper <div>: there inputMode
          // offers a phone no keyboard at all.
          selector: "JSXOpeningElement[name.name='TextField'] > JSXAttribute[name.name='inputMode']",
          message: "Put a TextField's inputMode on its input: slotProps={{ htmlInput: { inputMode } }}.",
        },
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
            {
              regex: '^(\\.\\./)+app(/|$)',
              message: 'A page may not import app/: the arrows run app/ -> pages/* -> shared/.',
            },
            {
              regex: '^\\.\\./[^./]',
              message: "A page may not import another page's files: move what they share to apps/console/src/shared.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/console/src/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(app|pages)(/|$)',
              message: 'shared/ sits below app/ and pages/: it may import neither.',
            },
          ],
        },
      ],
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
              regex: `^(\\.\\./)+(steps/)?(${STEPS.filter((other) => other !== step)
                .map(escape)
                .join('|')})(/|$)`,
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

  // ---- The front ends' layers (issue 40; ARCHITECTURE rule 14) ----
  // Import circles are `npm run graph`'s (scripts/import-graph.ts, type-only imports included),
  // which npm test runs: ESLint's no-cycle checked the same circles again, type imports left out,
  // and was 59 % of ESLint's time (decision 0066).
  // Imports are resolved as Node and Vite do (package exports, explicit .ts/.tsx extensions).
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      // The plugin reads only .js files' imports unless told otherwise.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
  },
  // The arrows run one way: the wizard's app/ -> steps/ -> frame/, sidebar/ -> shared/, and the
  // console's app/ -> pages/ -> shared/. A zone's `target` may not import from its `from`.
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/console/src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/web/src/shared',
              from: [
                './apps/web/src/app',
                './apps/web/src/steps',
                './apps/web/src/frame',
                './apps/web/src/sidebar',
                './apps/web/src/manage',
                './apps/web/src/sign',
                './apps/web/src/status-pages',
              ],
              message: 'shared/ is the bottom layer of the wizard: move what it needs down into shared/ or a package.',
            },
            {
              target: './apps/web/src/frame',
              from: ['./apps/web/src/app', './apps/web/src/steps'],
              message: 'The frame sits below the steps and the app: steps import it, it imports no step.',
            },
            {
              target: './apps/web/src/sidebar',
              from: ['./apps/web/src/app', './apps/web/src/steps', './apps/web/src/frame'],
              message: 'The review panel sits below the frame (which loads it) and the steps.',
            },
            {
              target: './apps/web/src/steps',
              from: './apps/web/src/app',
              message: 'A step may not import app/: the arrows run app/ -> steps/.',
            },
            {
              target: './apps/console/src/shared',
              from: ['./apps/console/src/app', './apps/console/src/pages'],
              message: 'shared/ sits below app/ and pages/: it may import neither.',
            },
          ],
        },
      ],
    },
  },
  // ---- end of import cycles and layers ----
);
