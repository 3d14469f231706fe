import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** A temp file this old belongs to no request or job still running: uploads and renders take minutes. */
export const STALE_TEMP_MS = 6 * 3600_000;

/**
 * Removes files under `dir` (VAR_DIR/tmp) last modified more than `olderThanMs` ago. Uploads,
 * catalogue renders and downloads from the bucket write their temp files there and remove them
 * themselves; only a process killed mid-way (SIGKILL, power loss) leaves them behind. Run at
 * process start. Several processes may share the folder, hence the age rule and not "everything".
 * Returns how many files it removed; a missing folder is not an error.
 */
export async function sweepStaleTempFiles(dir: string, now: Date, olderThanMs = STALE_TEMP_MS): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir, { recursive: true });
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile() || now.getTime() - info.mtimeMs <= olderThanMs) continue;
    await rm(file, { force: true });
    removed++;
  }
  return removed;
}
