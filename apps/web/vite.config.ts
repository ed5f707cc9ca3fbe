import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// React Router 7's package exports only its development build (dev-time warnings and checks,
// about 3 KB gzip more); the production build sits beside it in the package. A production bundle
// takes that one.
const reactRouterProduction = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production/index.mjs');

// Assets are served under /_app/ by the server (apps/server/src/plugins/web.ts), so that no
// company key can collide with them.
export default defineConfig(({ command }) => ({
  base: '/_app/',
  plugins: [react()],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // Terser takes about 25 s more than esbuild's minifier but gives about 4 KB gzip less on the
    // first step's JavaScript, which has a 150 KB budget (npm run bench -- web).
    minify: 'terser',
    terserOptions: { compress: { passes: 2 }, format: { comments: false } },
    reportCompressedSize: false,
  },
  server: {
    proxy: { '^/(?!_app/|src/|@|node_modules/).*': 'http://localhost:3000' },
  },
}));
