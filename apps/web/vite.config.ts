import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig } from 'vite';
import { assetRetention } from './asset-retention.ts';
import { bundleReport } from './bundle-report.ts';
import { muiWithoutCssVariables } from './mui-without-css-variables.ts';
import { preactAliases } from './preact-aliases.ts';
import { zodMiniOwnCore } from './zod-mini-own-core.ts';

// React Router 7's package exports only its development build (dev-time warnings and checks,
// about 3 KB gzip more); the production build sits beside it in the package. A production bundle
// takes that one.
const reactRouterProduction = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

// Assets are served under /_app/ by the server (apps/server/src/plugins/web.ts), so that no
// company key can collide with them.
export default defineConfig(({ command }) => ({
  base: '/_app/',
  plugins: [zodMiniOwnCore(), muiWithoutCssVariables(), bundleReport(), assetRetention()],
  // JSX compiles to the automatic runtime, which the aliases point at Preact's.
  esbuild: { jsx: 'automatic', jsxImportSource: 'react' },
  resolve: {
    // WIZARD_ON_REACT=1 builds on React instead, to compare the two (bench/screenshots.ts).
    alias: [
      ...(process.env.WIZARD_ON_REACT === '1' ? [] : preactAliases),
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  build: {
    outDir: 'dist',
    // dist/.vite/manifest.json: the server reads which chunks each step needs, to preload the
    // first step's with the page (apps/server/src/modules/wizard-page/step-chunks.ts).
    manifest: true,
    // Not emptied: the previous builds' assets stay servable for pages already open (asset-retention.ts).
    emptyOutDir: false,
    target: 'es2022',
    sourcemap: false,
    // Terser takes about 25 s more than esbuild's minifier but gives about 4 KB gzip less on the
    // first step's JavaScript, which has a 150 KB budget (npm run bench -- web).
    minify: 'terser',
    terserOptions: { compress: { passes: 2 }, format: { comments: false } },
    reportCompressedSize: false,
    rollupOptions: {
      // Libraries mark their modules "use client" for React Server Components, which a bundle for
      // the browser ignores by design; the warning says nothing about this build.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  server: {
    proxy: { '^/(?!_app/|src/|@|node_modules/).*': 'http://localhost:3000' },
  },
}));
