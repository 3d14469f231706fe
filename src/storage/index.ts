import type { StorageConfig } from './config.ts';
import { createLocalStorage } from './local.ts';
import { createS3Storage } from './s3.ts';
import type { Storage } from './types.ts';

/**
 * The storage driver the configuration names: the local folder (embedded default) or an
 * S3-compatible bucket. `tmpDir` (VAR_DIR/tmp) holds the temp copies a bucket's files need when a
 * library wants a path on disk.
 */
export function createStorage(config: StorageConfig, options: { tmpDir: string }): Storage {
  return config.driver === 's3' ? createS3Storage(config, options.tmpDir) : createLocalStorage(config.root);
}
