import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

/** The Vite root is this folder (web/), whichever directory the command runs from. */
const root = fileURLToPath(new URL('.', import.meta.url));

/** The Koa server; in development it answers everything that is not the app itself. */
const server = 'http://localhost:3000';

/**
 * React Router ships a production build (dist/production: its development warnings compiled out)
 * but its package.json maps every export condition to dist/development, so neither Vite nor Node
 * would ever pick it (remix-run/react-router#14102). A production build (`vite build`) takes it by
 * file path, for the browser and the server alike; the dev server keeps the warnings.
 */
const reactRouterDist = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist', 'production');
const reactRouterProduction = [
  { find: /^react-router$/, replacement: path.join(reactRouterDist, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, 'dom-export.mjs') },
];

export default defineConfig(({ mode }) => ({
  root,
  plugins: [react(), precompress()],
  resolve: { alias: mode === 'production' ? reactRouterProduction : [] },
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
        // Every page needs React, the router, the store and the app's own lib/: long-cached chunks
        // with readable names, rather than a dozen the bundler would pick. React is a chunk of its
        // own so that web/src/app/boot.ts can evaluate it in a task of its own.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/](react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/ },
            {
              name: 'store',
              test: /node_modules[\\/](react-redux|@reduxjs[\\/]toolkit|redux|redux-thunk|immer|reselect|use-sync-external-store)[\\/]/,
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
      // Bundled rather than left to Node, which would resolve them to React Router's development
      // build (above); with its own two small dependencies, which the app does not list. The rest
      // the render imports picks its build from NODE_ENV when the process loads it: React,
      // react-dom/server, Redux Toolkit, React Redux (src/ssr/renderer.test.ts checks both).
      resolve: { noExternal: ['react-router', 'react-router-dom', 'cookie', 'set-cookie-parser'] },
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
}));
