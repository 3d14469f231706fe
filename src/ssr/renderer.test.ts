import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

/** What `vite build` wrote for the server (web/vite.config.ts). */
const ssrDist = path.resolve(import.meta.dirname, '../../web/dist/ssr');
const bundle = path.join(ssrDist, 'entry-server.js');

/**
 * In a process started with NODE_ENV=production, as deployed: imports the server-render bundle,
 * renders a catalogue search (every read answered "not found": only the code that runs matters
 * here) and prints the CommonJS modules that ran. `require.cache` also lists the development
 * builds Node only parsed (to find the names a package entry re-exports); `loaded` tells them apart.
 */
const PROBE = `
import { createRequire } from 'node:module';
const { render } = await import(process.argv[1]);
const page = await render({
  url: 'http://localhost/catalogue?q=acer',
  resolveApi: async () => ({ error: { status: 404, data: { message: 'Not found.' } } }),
  requestInfo: { csrfToken: '', formPost: null },
});
if (page.kind !== 'page' || !page.html.includes('Online Catalogue')) throw new Error('no page rendered');
const cache = createRequire(import.meta.url).cache;
console.log(JSON.stringify(Object.values(cache).filter((m) => m.loaded).map((m) => m.filename)));
`;

describe('the server-render bundle', () => {
  it('runs React and react-dom/server production builds when NODE_ENV=production', () => {
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', PROBE, pathToFileURL(bundle).href], {
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production' },
      encoding: 'utf8',
    });
    expect(child.stderr).toBe('');
    const ran = (JSON.parse(child.stdout) as string[]).filter((file) => file.includes(`${path.sep}node_modules${path.sep}`));
    expect(ran.map((file) => path.basename(file))).toEqual(
      expect.arrayContaining(['react.production.js', 'react-dom-server.node.production.js', 'react-jsx-runtime.production.js']),
    );
    expect(ran.filter((file) => /development/.test(file))).toEqual([]);
  });

  it('holds React Router’s production build, which its package exports never name', () => {
    // Rolldown heads each bundled module with its path; no chunk may import React Router at run time.
    const files = [bundle, ...readdirSync(path.join(ssrDist, 'assets')).map((name) => path.join(ssrDist, 'assets', name))];
    const text = files.filter((file) => file.endsWith('.js')).map((file) => readFileSync(file, 'utf8'));
    const bundled = text.join('\n').match(/^\/\/ node_modules\/react-router\/dist\/\w+\//gm) ?? [];
    expect(new Set(bundled)).toEqual(new Set(['// node_modules/react-router/dist/production/']));
    expect(text.filter((source) => /from\s*["']react-router(-dom)?["']/.test(source))).toEqual([]);
  });
});
