import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from './logger.ts';

/** Temp files of the renders running in this process: the only ones a render must not remove. */
const writing = new Set<string>();

/** Marks a render's temp files as in use until `release` (call it in the render's `finally`). */
export function holdTempFiles(...files: string[]): { release: () => void } {
  for (const file of files) writing.add(file);
  return { release: () => files.forEach((file) => writing.delete(file)) };
}

/**
 * Removes the half-written files of renders that died: a worker killed mid-render (SIGKILL, out of
 * memory, power loss) never reaches its `finally`, and BullMQ hands the job to the next worker once
 * its lock lapses. Call it at the start of a render whose job runs one at a time in the whole
 * cluster (its dedupe key), with the pattern of that job's file names: a matching file in VAR_DIR/tmp
 * that no render of this process holds then belongs to one that is gone. The start-up sweep
 * (src/tmp-sweep.ts) only removes files hours old, as it cannot tell whose they are.
 */
export async function removeDeadRenderFiles(tmpDir: string, pattern: RegExp, log: Pick<Logger, 'info'>): Promise<void> {
  const names = await readdir(tmpDir).catch(() => [] as string[]);
  const dead = names
    .filter((name) => pattern.test(name))
    .map((name) => path.join(tmpDir, name))
    .filter((file) => !writing.has(file));
  if (!dead.length) return;
  await Promise.all(dead.map((file) => rm(file, { force: true })));
  log.info({ files: dead.map((file) => path.basename(file)) }, 'temp files of a render that died removed');
}
