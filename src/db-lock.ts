import { readFileSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';

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

/** SQLite's "database is locked": another connection holds the lock. */
const SQLITE_BUSY = 5;

/**
 * Takes an exclusive lock on the embedded database folder `dir` for this process, or throws
 * DatabaseInUseError at once when another process holds it. PGlite has no lock of its own: a second
 * opener works on its own copy and its writes are lost or corrupt the folder.
 *
 * The lock is one the operating system keeps for the life of the process: an exclusive byte-range
 * lock (fcntl; LockFileEx on Windows) on the file `<dir>.lock`, taken and held through Node's
 * built-in SQLite as a write transaction that is never ended. No timer keeps it: a holder that is
 * stopped (SIGSTOP) or starved of CPU for any length of time still holds it, and a holder that dies,
 * even by kill -9, has it released by the kernel at once. (A timer-refreshed lock file counted as
 * stale after 10 s let a CLI take the folder from a site that was merely slow.)
 *
 * fcntl locks belong to the process and end when it closes *any* descriptor of the file: nothing
 * else in the process may open `<dir>.lock`. The holder's pid, for the refusal's message only, is
 * therefore kept in `<dir>.lock-holder`. Released by the returned function, or by the process ending.
 */
export function lockDatabaseDir(dir: string, varDir: string): () => void {
  const lockFile = `${dir}.lock`;
  const holderFile = `${dir}.lock-holder`;
  removeTimerLockDirectory(lockFile);
  const lock = new DatabaseSync(lockFile, { timeout: 0 });
  try {
    lock.exec('PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE');
  } catch (error) {
    lock.close();
    if ((error as { errcode?: number }).errcode === SQLITE_BUSY) throw new DatabaseInUseError(varDir, readHolderPid(holderFile));
    throw error;
  }
  writeFileSync(holderFile, String(process.pid));
  let released = false;
  return () => {
    if (released) return;
    released = true;
    // While still holding the lock, so that the next holder's pid is never the one removed.
    if (readHolderPid(holderFile) === process.pid) rmSync(holderFile, { force: true });
    lock.close();
  };
}

/**
 * Earlier versions locked with a directory at the same path (proper-lockfile), left behind by a
 * crash. Such a directory is empty; a non-empty one is not ours and makes the open fail plainly.
 */
function removeTimerLockDirectory(lockFile: string): void {
  if (statSync(lockFile, { throwIfNoEntry: false })?.isDirectory()) rmdirSync(lockFile);
}

function readHolderPid(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}
