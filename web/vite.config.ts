import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

/** The Vite root is this folder (web/), whichever directory the command runs from. */
const root = fileURLToPath(new URL('.', import.meta.url));

/** The Koa server; in development it answers everything that is not the app itself. */
const server = 'http://localhost:3000';

export default defineConfig({
  root,
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // React DOM alone is ~190 kB minified; the real budget (150 kB gzip for `/`) is checked by
    // bench/bundle-size.ts. This only flags a chunk that suddenly grows.
    chunkSizeWarningLimit: 450,
    rolldownOptions: {
      output: {
        // React gets its own long-cached chunk (preloaded by index.html) with a readable name,
        // instead of being folded into whichever page chunk the bundler picks.
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/api', '/sanctum', '/media', '/downloads', '/healthz'].map((prefix) => [prefix, { target: server, changeOrigin: false }]),
    ),
  },
});
