import { ConfigError } from './config.ts';
import { DatabaseInUseError } from './db-lock.ts';
import { EmbeddedDatabaseOpenError } from './pglite-client.ts';

/**
 * Ends a process that could not start: errors a person can fix (a bad setting, the embedded
 * database open in another process or unreadable) as one readable message without a stack trace, anything else
 * in full. Exit code 1 either way. `alternative` offers another way to do what the command was for.
 */
export function exitOnStartupError(error: unknown, alternative?: string): never {
  if (error instanceof ConfigError || error instanceof EmbeddedDatabaseOpenError) console.error(error.message);
  else if (error instanceof DatabaseInUseError) console.error(DatabaseInUseError.describe(error.varDir, error.holderPid, alternative));
  else console.error(error);
  process.exit(1);
}

/**
 * Runs a command's synchronous start-up step (load the config, open the database) and returns
 * what it made, or ends the process as {@link exitOnStartupError} does if it throws.
 */
export function startOrExit<T>(start: () => T, alternative?: string): T {
  try {
    return start();
  } catch (error) {
    exitOnStartupError(error, alternative);
  }
}

/**
 * The same for a command's first asynchronous step: migrating is the first query, where the
 * embedded database is opened and a folder that cannot be opened shows.
 */
export async function migratedOrExit<T>(step: () => Promise<T>, alternative?: string): Promise<T> {
  try {
    return await step();
  } catch (error) {
    exitOnStartupError(error, alternative);
  }
}
