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
    // The server reads it to link each server-rendered page's CSS and preload its chunks.
    manifest: true,
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
  // `vite build` builds both: the browser app into dist/, then the server-render bundle
  // (entry-server.tsx) into dist/ssr/, which the web process imports (src/ssr/renderer.ts).
  environments: {
    ssr: {
      build: {
        outDir: 'dist/ssr',
        emptyOutDir: true,
        target: 'node24',
        rolldownOptions: { input: { 'entry-server': fileURLToPath(new URL('src/app/entry-server.tsx', import.meta.url)) } },
      },
    },
  },
  builder: {
    async buildApp(builder) {
      // In order: the client build empties dist/, which holds dist/ssr.
      await builder.build(builder.environments.client);
      await builder.build(builder.environments.ssr);
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/api', '/sanctum', '/media', '/downloads', '/healthz'].map((prefix) => [prefix, { target: server, changeOrigin: false }]),
    ),
  },
});
