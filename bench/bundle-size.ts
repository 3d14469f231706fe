import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface BundleFigures {
  files: { file: string; gzipBytes: number }[];
  totalGzipBytes: number;
  /** Markers of code that must never reach the public entry. */
  forbidden: string[];
}

const FORBIDDEN = [/ckeditor/i, /filepond/i, /features\/admin|AdminLayout|admin-layout/];

/**
 * The JavaScript a visitor's browser loads for `/`: the entry script and every module it
 * preloads, as listed in the built index.html (lazy route chunks are not counted: `/` does not
 * load them).
 */
export function measureInitialBundle(dist = path.resolve(import.meta.dirname, '..', 'web', 'dist')): BundleFigures {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map((m) => m[1]!);
  const files = [...new Set(refs)].map((ref) => {
    const body = readFileSync(path.join(dist, ref.replace(/^\//, '')));
    return { file: ref, gzipBytes: gzipSync(body, { level: 9 }).length, text: body.toString('utf8') };
  });
  const forbidden = FORBIDDEN.filter((pattern) => files.some((f) => pattern.test(f.text))).map(String);
  return {
    files: files.map(({ file, gzipBytes }) => ({ file, gzipBytes })),
    totalGzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
    forbidden,
  };
}
