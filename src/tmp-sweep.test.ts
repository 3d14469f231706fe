import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { filesUnder } from '../test/admin.ts';
import { STALE_TEMP_MS, sweepStaleTempFiles } from './tmp-sweep.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'nursery-sweep-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sweepStaleTempFiles', () => {
  it('removes only files older than the limit, in nested folders too, and ignores a missing folder', async () => {
    const now = new Date('2026-11-24T12:00:00Z');
    const write = (name: string, ageMs: number) => {
      const file = path.join(dir, name);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, 'x');
      const at = new Date(now.getTime() - ageMs);
      utimesSync(file, at, at);
    };
    write('catalogue-killed.pdf', STALE_TEMP_MS + 60_000); // left by a killed render
    write('nested/withlocalfile-copy.jpg', STALE_TEMP_MS * 2);
    write('upload-in-progress', 60_000); // a request still running
    write('just-under.tmp', STALE_TEMP_MS - 1000);

    expect(await sweepStaleTempFiles(dir, now)).toBe(2);
    expect(filesUnder(dir).sort()).toEqual(['just-under.tmp', 'upload-in-progress']);
    expect(await sweepStaleTempFiles(path.join(dir, 'absent'), now)).toBe(0);
  });
});
