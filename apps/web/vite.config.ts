import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Assets are served under /_app/ by the server (apps/server/src/plugins/web.ts), so that no
// company key can collide with them.
export default defineConfig({
  base: '/_app/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: false,
  },
  server: {
    proxy: { '^/(?!_app/|src/|@|node_modules/).*': 'http://localhost:3000' },
  },
});
