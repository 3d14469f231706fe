import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipPage } from './page-gzip.ts';

describe('gzipPage', () => {
  it('compresses off the event loop: other work runs while a page is compressed', async () => {
    // A large page, so compressing it takes many turns of the loop; a synchronous gzip would let none run.
    const html = Array.from({ length: 40_000 }, (_, i) => `<tr><td>Acer campestre ${i}</td><td>${(i * 7919) % 1000} cm</td></tr>`).join('');
    let turns = 0;
    let compressed = false;
    const count = () => {
      turns++;
      if (!compressed) setImmediate(count);
    };
    setImmediate(count);
    const gzip = await gzipPage(html);
    compressed = true;
    expect(turns).toBeGreaterThan(0);
    expect(gunzipSync(gzip).toString()).toBe(html);
  });
});
