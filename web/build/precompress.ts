import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';
import type { Plugin } from 'vite';

/** Files larger than this are gzipped with zlib -9 instead: Zopfli's gain is not worth minutes. */
const ZOPFLI_MAX_BYTES = 600 * 1024;

/**
 * Writes a `.gz` beside every hashed JS/CSS/SVG asset after the build, compressed with Zopfli
 * (gzip-compatible, ~3–5% smaller than zlib -9). The server sends these to clients that accept
 * gzip, so visitors download the smallest gzip there is and the server never compresses assets
 * on the fly.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'nursery-precompress',
    apply: 'build',
    // Only the browser's assets are downloaded; the server-render bundle is not.
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const assets = path.join(outDir, 'assets');
      const files = (await readdir(assets)).filter((file) => /\.(js|css|svg)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(assets, file);
          if ((await stat(full)).size < 1024) return;
          const body = await readFile(full);
          const gz = body.length > ZOPFLI_MAX_BYTES ? gzipSync(body, { level: 9 }) : await gzipAsync(body, { numiterations: 15 });
          await writeFile(`${full}.gz`, gz);
        }),
      );
    },
  };
}
