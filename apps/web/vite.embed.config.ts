import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The embed script (apps/web/embed, issue 27): one classic script a company's page loads with a
 * <script> tag, so one IIFE file with no chunks, at a stable versioned path rather than a hashed
 * name. Its own folder of dist: the wizard's build leaves it alone (it empties nothing and prunes
 * only dist/assets, asset-retention.ts), and this build empties only dist/embed/v1.
 */
export default defineConfig({
  publicDir: false,
  build: {
    outDir: 'dist/embed/v1',
    emptyOutDir: true,
    // Company sites have older visitors than the wizard's: syntax from 2019 still runs there.
    target: 'es2019',
    minify: 'terser',
    terserOptions: { compress: { passes: 2 }, format: { comments: false } },
    sourcemap: false,
    reportCompressedSize: true,
    lib: {
      entry: fileURLToPath(new URL('embed/scheduler-embed.ts', import.meta.url)),
      formats: ['iife'],
      // Required for an IIFE; the entry exports nothing, so no global of that name is made.
      name: 'OnlineSchedulerEmbed',
      fileName: () => 'scheduler.js',
    },
  },
});
