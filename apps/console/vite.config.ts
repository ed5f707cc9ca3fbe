import { defineConfig } from 'vite';

// The server serves this build's index.html for every page under /console and its hashed assets
// under /console/assets/ (apps/server/src/plugins/console-web.ts), so the base is /console/.
export default defineConfig({
  base: '/console/',
  // The automatic JSX runtime, without a React plugin: the console needs no Fast Refresh to build.
  esbuild: { jsx: 'automatic', jsxImportSource: 'react' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: false,
    // The first chunk carries React, MUI's core, TanStack Query and the router, within 150 KB gzip
    // (decision 0073, tested in e2e/first-step-weight.test.ts); each page, the configuration's
    // layout and the answers' schemas with zod are chunks of their own, loaded on demand.
    chunkSizeWarningLimit: 800,
    rollupOptions: {
      // Libraries mark their modules "use client" for React Server Components, which a bundle for
      // the browser ignores by design; the warning says nothing about this build.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        // zod's own comments that Rollup cannot place: harmless, and not ours to change.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/')) return;
        warn(warning);
      },
    },
  },
  server: {
    // The API (console routes and Better Auth) is the server's: `npm run serve` on port 3000.
    proxy: { '/api': 'http://localhost:3000' },
  },
});
