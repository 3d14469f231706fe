import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import lockfile from 'proper-lockfile';

/**
 * A lock held while a lock owner is alive is refreshed this often and is stale when not refreshed
 * for STALE_MS: a holder killed with -9 (no exit handler runs) blocks the folder for at most that.
 */
const STALE_MS = 10_000;
const UPDATE_MS = 2_000;

/** Thrown when another process has the embedded database open. Names the real VAR_DIR. */
export class DatabaseInUseError extends Error {
  constructor(
    public readonly varDir: string,
    public readonly holderPid: number | undefined,
  ) {
    super(DatabaseInUseError.describe(varDir, holderPid));
    this.name = 'DatabaseInUseError';
  }

  /** The message, optionally offering another way to do what the command was for. */
  static describe(varDir: string, holderPid: number | undefined, alternative?: string): string {
    const holder = holderPid ? ` (process ${holderPid})` : '';
    return `The site is running on ${varDir}${holder}; stop it first${alternative ? `, or ${alternative}` : ''}.`;
  }
}

/**
 * Takes an exclusive lock on the embedded database folder `dir` for this process, or throws
 * DatabaseInUseError at once when a live process holds it. PGlite has no lock of its own: a second
 * opener works on its own copy and its writes are lost or corrupt the folder.
 *
 * The lock is the directory `<dir>.lock` (atomic mkdir, proper-lockfile), released by the returned
 * function, and on any normal exit or signal by proper-lockfile's exit hook. Staleness: the holder
 * refreshes the directory's mtime every UPDATE_MS; after a crash or kill -9 it is taken over once
 * STALE_MS old. So that a restart right after a crash is not refused, the holder's pid is kept in
 * `<dir>.lock-holder`: when that process no longer exists we wait for the lock to go stale instead
 * of refusing. The pid only decides between waiting and refusing, never whether to take the lock
 * (a pid file can be left over from an earlier holder), so two live processes can never both hold it.
 */
export function lockDatabaseDir(dir: string, varDir: string): () => void {
  const lockDir = `${dir}.lock`;
  const holderFile = `${dir}.lock-holder`;
  const deadline = Date.now() + STALE_MS + UPDATE_MS;
  for (;;) {
    try {
      const release = lockfile.lockSync(dir, {
        lockfilePath: lockDir,
        realpath: false,
        stale: STALE_MS,
        update: UPDATE_MS,
        // Someone took the folder over (we were frozen longer than STALE_MS): writing on would
        // corrupt it, so stop.
        onCompromised: (error) => {
          console.error(`Lost the lock on the embedded database in ${varDir} (${error.message}); stopping.`);
          process.exit(1);
        },
      });
      writeFileSync(holderFile, String(process.pid));
      let released = false;
      return () => {
        if (released) return;
        released = true;
        release();
        if (readHolderPid(holderFile) === process.pid) rmSync(holderFile, { force: true });
      };
    } catch (error) {
      if ((error as { code?: string }).code !== 'ELOCKED') throw error;
      const holderPid = readHolderPid(holderFile);
      if ((holderPid !== undefined && isAlive(holderPid)) || Date.now() > deadline) throw new DatabaseInUseError(varDir, holderPid);
      sleepSync(250);
    }
  }
}

function readHolderPid(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM'; // exists, owned by someone else
  }
}

/** Opening the database is synchronous (createDb); this wait only happens after a crash. */
function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
