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
        // Every page needs React, the router and the store, and the app's own lib/: two
        // long-cached chunks with readable names, rather than a dozen the bundler would pick.
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|react-redux|@reduxjs[\\/]toolkit|redux|redux-thunk|immer|reselect|use-sync-external-store|cookie|set-cookie-parser)[\\/]/,
            },
            // What every layer may import (web/src/lib: the store, the API's base and shared
            // reads, the session): used by every page, so one chunk rather than a file each.
            { name: 'app', test: /web[\\/]src[\\/]lib[\\/]/ },
          ],
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
