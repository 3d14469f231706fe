import path from 'node:path';
import { inspect } from 'node:util';
import { z } from 'zod';

/**
 * Storage configuration: `STORAGE_URL` says where files live, `S3_ACCESS_KEY_ID` and
 * `S3_SECRET_ACCESS_KEY` how to reach a bucket. Parsed by src/config.ts with the rest of the
 * environment; the drivers receive the result.
 */

/** A bucket and how to reach it. */
export interface S3Location {
  bucket: string;
  /** Prepended to every key ('' or ending in `/`): several sites or test runs can share a bucket. */
  prefix: string;
  /** An S3-compatible server (MinIO, s3rver); absent = AWS. */
  endpoint: string | undefined;
  region: string;
  /** `http://host/bucket/key` instead of `http://bucket.host/key`, as MinIO and s3rver need. */
  forcePathStyle: boolean;
  /** Absent: the AWS SDK's own chain (AWS_* variables, instance or task role). */
  credentials: S3Credentials | undefined;
}

export type StorageConfig = { driver: 'local'; root: string } | ({ driver: 's3' } & S3Location);

/** STORAGE_URL parsed, before VAR_DIR and the credentials are known. */
export type StorageLocation = { driver: 'local'; root: string | undefined } | ({ driver: 's3' } & Omit<S3Location, 'credentials'>);

/**
 * An access key pair that never reaches a log line or an error report: it serialises and
 * inspects as `[redacted]`, and its fields are private, so even logging the whole Config is safe.
 */
class S3Credentials {
  readonly #accessKeyId: string;
  readonly #secretAccessKey: string;

  constructor(accessKeyId: string, secretAccessKey: string) {
    this.#accessKeyId = accessKeyId;
    this.#secretAccessKey = secretAccessKey;
  }

  /** The pair in the shape the AWS SDK takes. */
  forSdk(): { accessKeyId: string; secretAccessKey: string } {
    return { accessKeyId: this.#accessKeyId, secretAccessKey: this.#secretAccessKey };
  }

  toJSON(): string {
    return '[redacted]';
  }

  [inspect.custom](): string {
    return 'S3Credentials [redacted]';
  }
}

const S3_OPTIONS = new Set(['endpoint', 'region', 'forcePathStyle']);
/** S3's bucket naming rules (lowercase, digits, dots, hyphens; 3–63 characters). */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * Reads a STORAGE_URL: empty → the local folder VAR_DIR/storage; `file:///abs/path` → a local
 * folder elsewhere; `s3://bucket[/prefix]?endpoint=…&region=…&forcePathStyle=true` → a bucket.
 * Throws an Error whose message says what is wrong without repeating the value (it could carry a
 * secret someone pasted into it).
 */
function parseStorageUrl(value: string): StorageLocation {
  if (value === '') return { driver: 'local', root: undefined };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('must be s3://bucket?endpoint=…, file:///path, or empty for VAR_DIR/storage');
  }
  if (url.username || url.password) throw new Error('must not contain credentials: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  if (url.protocol === 'file:') {
    if (url.host || url.search) throw new Error('a file: URL takes an absolute path only (file:///srv/files)');
    return { driver: 'local', root: decodeURIComponent(url.pathname) };
  }
  if (url.protocol !== 's3:') throw new Error('must start with s3:// or file://');
  if (!BUCKET.test(url.hostname)) throw new Error('the bucket name must be 3–63 lowercase letters, digits, dots or hyphens');

  const unknown = [...url.searchParams.keys()].filter((k) => !S3_OPTIONS.has(k));
  if (unknown.length) throw new Error(`unknown option ${unknown.join(', ')} (known: ${[...S3_OPTIONS].join(', ')})`);
  const endpoint = url.searchParams.get('endpoint') || undefined;
  if (endpoint && !/^https?:\/\/[^/]/.test(endpoint)) throw new Error('endpoint must be an http(s) URL');
  const pathStyle = url.searchParams.get('forcePathStyle') ?? 'false';
  if (!['true', 'false'].includes(pathStyle)) throw new Error('forcePathStyle must be true or false');
  const prefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  return {
    driver: 's3',
    bucket: url.hostname,
    prefix: prefix ? `${prefix}/` : '',
    endpoint,
    region: url.searchParams.get('region') || 'us-east-1',
    forcePathStyle: pathStyle === 'true',
  };
}

/** The STORAGE_URL entry of the environment schema: a readable error for a bad value. */
export const storageUrlSchema = z
  .string()
  .trim()
  .default('')
  .transform((value, ctx) => {
    try {
      return parseStorageUrl(value);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  });

/** The drivers' configuration: the location completed with the default folder and the key pair. */
export function storageConfig(location: StorageLocation, varDir: string, accessKeyId: string, secretAccessKey: string): StorageConfig {
  if (location.driver === 'local') return { driver: 'local', root: location.root ?? path.join(varDir, 'storage') };
  const credentials = accessKeyId && secretAccessKey ? new S3Credentials(accessKeyId, secretAccessKey) : undefined;
  return { ...location, credentials };
}
