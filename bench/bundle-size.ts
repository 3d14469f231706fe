import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS } from './chromium-flags.ts';

export interface BundleFigures {
  /** Per file: the gzip bytes actually transferred, and zlib -9 of the same body for reference. */
  files: { file: string; gzipBytes: number; zlib9Bytes: number; encoding: string }[];
  totalGzipBytes: number;
  totalZlib9Bytes: number;
  /** Markers of code that must never reach a public visitor. */
  forbidden: string[];
  /** Requests of that first load: for JavaScript (one per file above), and of every kind. */
  requests: { javascript: number; total: number };
}

const FORBIDDEN: [string, RegExp][] = [
  ['CKEditor', /ckeditor/i],
  ['FilePond', /filepond/i],
  ['admin code', /features\/admin|AdminLayout|admin-layout|\/api\/admin\//],
];

/**
 * Every JavaScript file a real Chromium visit to `/` downloads on its first load — the entry, its
 * preloads and the lazy chunks the home page pulls in to hydrate — counted as the gzip-encoded
 * bytes that actually crossed the wire (the server sends the build's precompressed .gz files).
 * The slideshow's engine (Swiper) is not among them: it loads shortly before the first rotation.
 * Every request of that load is counted too (document, styles, pictures, data): few requests is
 * issue 20's other measure of a light first load.
 */
export async function measureHomeJavaScript(baseUrl: string): Promise<BundleFigures> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_FLAGS],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    let requests = 0;
    page.on('request', () => requests++);
    const pending: Promise<{ file: string; gzipBytes: number; zlib9Bytes: number; encoding: string; text: string }>[] = [];
    page.on('response', (response) => {
      const type = response.headers()['content-type'] ?? '';
      if (!type.includes('javascript')) return;
      pending.push(
        (async () => {
          const body = await response.body();
          const sizes = await response.request().sizes();
          return {
            file: new URL(response.url()).pathname,
            gzipBytes: sizes.responseBodySize,
            zlib9Bytes: gzipSync(body, { level: 9 }).length,
            encoding: response.headers()['content-encoding'] ?? 'identity',
            text: body.toString('utf8'),
          };
        })(),
      );
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    await page
      .locator('.swiper')
      .first()
      .waitFor({ timeout: 10_000 })
      .catch(() => undefined);
    await page.waitForTimeout(500);
    const files = await Promise.all(pending);
    const notGzipped = files.filter((f) => f.encoding !== 'gzip' && f.gzipBytes > 1024);
    if (notGzipped.length) throw new Error(`sent without gzip: ${notGzipped.map((f) => f.file).join(', ')}`);
    return {
      files: files.map(({ text: _text, ...rest }) => rest).sort((a, b) => b.gzipBytes - a.gzipBytes),
      totalGzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
      totalZlib9Bytes: files.reduce((sum, f) => sum + f.zlib9Bytes, 0),
      forbidden: FORBIDDEN.filter(([, pattern]) => files.some((f) => pattern.test(f.text))).map(([name]) => name),
      requests: { javascript: files.length, total: requests },
    };
  } finally {
    await browser.close();
  }
}
