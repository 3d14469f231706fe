import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { isQueueName, queueNames, type QueueName } from './queue-names.ts';
import { parseOpeningHours, type OpeningHours } from './opening-hours.ts';
import { storageConfig, storageUrlSchema, type StorageConfig } from './storage/config.ts';

/**
 * The one place that reads the environment (ARCHITECTURE rule 5). Everything else receives the
 * parsed `Config` object. A bad value stops the process with a readable list of what is wrong.
 */

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(z.url().optional());

/** A path on this site ("/logo.svg") or an absolute http(s) URL. */
const sitePath = z
  .string()
  .trim()
  .refine((v) => /^\/(?!\/)/.test(v) || /^https?:\/\/[^/]/.test(v), { error: 'must be a path starting with / or an http(s) URL' });

/** Decimal degrees within ±limit; an empty value (`COMPANY_LATITUDE=` in .env) means the default, not 0°. */
const degrees = (limit: number, fallback: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number<string>('must be a number of degrees').min(-limit).max(limit).default(fallback),
  );

/** A TCP port, or empty/unset for "off". */
const optionalPort = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(z.coerce.number<string>().int().min(1).max(65535).optional())
  .optional();

const schema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Defaults to http://localhost:PORT. */
  APP_URL: optionalUrl.optional(),
  APP_KEY: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === '' || Buffer.from(v.replace(/^base64:/, ''), 'base64').length >= 32, {
      message: 'must be at least 32 bytes, base64 encoded (optionally prefixed with "base64:")',
    }),
  DATABASE_URL: optionalUrl.optional(),
  REDIS_URL: optionalUrl.optional(),
  REDIS_PREFIX: z.string().default('nursery'),
  SMTP_URL: optionalUrl.optional(),
  MAIL_FROM: z.string().min(3).default('Hothfield Nurseries <noreply@hothfieldnurseries.co.uk>'),
  ENQUIRIES_TO: z.email().default('sales@hothfieldnurseries.co.uk'),
  /** Reply-To of every mail to a buyer; empty = ENQUIRIES_TO. */
  SALES_EMAIL: z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(z.email().optional())
    .optional(),
  VAR_DIR: z.string().default('./var'),
  WEB_DIST: z.string().default('./web/dist'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  /** How long a worker's hold on a running job lasts without renewal: a killed worker's job is retaken after it. */
  WORKER_LOCK_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  /** Per-queue overrides of WORKER_CONCURRENCY, e.g. `images=1,mail=8`. */
  QUEUE_CONCURRENCY: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const pairs: [QueueName, number][] = [];
      for (const part of v
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean)) {
        const [name = '', count = ''] = part.split('=').map((s) => s.trim());
        const n = Number(count);
        if (!isQueueName(name) || !Number.isInteger(n) || n < 1 || n > 64) {
          ctx.addIssue({
            code: 'custom',
            message: `"${part}" is not queue=count with a queue among ${queueNames.join(', ')} and a count from 1 to 64`,
          });
          return z.NEVER;
        }
        pairs.push([name, n]);
      }
      return Object.fromEntries(pairs) as Partial<Record<QueueName, number>>;
    }),
  /** libvips threads per operation, its operation cache, and encodes at once: bound an image process's memory. */
  SHARP_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  SHARP_CACHE_MB: z.coerce.number().int().min(0).max(1024).default(16),
  SHARP_ENCODES: z.coerce.number().int().min(1).max(16).default(1),
  /** Delay that folds a burst of catalogue edits into one render. */
  CATALOGUE_RENDER_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1500),
  CONTACT_PER_MINUTE: z.coerce.number().int().min(1).default(5),
  /** Quote confirmations mailed to one address an hour (the guest form takes any address). */
  QUOTE_CONFIRMATIONS_PER_HOUR: z.coerce.number().int().min(0).default(3),
  /** How many reverse proxies in front of the app append to X-Forwarded-For; true = 1, false = 0. */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((v) => (v === 'true' ? '1' : v === 'false' ? '0' : v))
    .pipe(z.coerce.number<string>('must be true, false or a number of proxy hops').int().min(0).max(10)),
  /** Slow clients: a request must send its headers within this time … */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  /** … and all of it (uploads included) within this time. */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(300_000),
  /** An idle keep-alive connection is closed after this time. */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  /** How often Node checks open connections against the two timeouts above. */
  HTTP_TIMEOUT_CHECK_MS: z.coerce.number().int().min(10).default(2_000),
  /** Prometheus `/metrics` on a port of its own, never the public one; empty = off (docs/decisions/011-metrics.md). */
  METRICS_PORT: optionalPort,
  /** The same for a worker process, so a web and a worker process on one host do not collide. */
  WORKER_METRICS_PORT: optionalPort,
  METRICS_HOST: z.string().default('0.0.0.0'),

  COMPANY_NAME: z.string().min(1).default('Hothfield Nurseries Limited'),
  COMPANY_SHORT_NAME: z.string().min(1).default('Hothfield Nurseries'),
  COMPANY_TELEPHONE: z.string().min(1).default('01233 712 400'),
  COMPANY_ADDRESS: z.string().min(1).default('Station Road, Hothfield, Ashford, Kent, TN26 1AR'),
  COMPANY_EMAIL: z.email().default('sales@hothfieldnurseries.co.uk'),
  COMPANY_NUMBER: z.string().min(1).default('04567812'),
  COMPANY_VAT: z.string().min(1).default('GB 812 4567 21'),
  PLANT_HEALTH_NUMBER: z.string().min(1).default('GB-34567'),
  /** A UK postcode; when the address also contains it, the address is split around it for search engines. */
  COMPANY_POSTCODE: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/, { error: 'must be a UK postcode, e.g. TN26 1AR' })
    .default('TN26 1AR'),
  /** Where the yard is, in decimal degrees (WGS 84): the directions link and search engines' map pin. */
  COMPANY_LATITUDE: degrees(90, 51.16),
  COMPANY_LONGITUDE: degrees(180, 0.8),
  /** Days and times, e.g. `Mo-Fr 07:30-16:30; Sa 08:00-12:00` (see src/opening-hours.ts). */
  COMPANY_OPENING_HOURS: z
    .string()
    .default('Mo-Fr 07:30-16:30; Sa 08:00-12:00')
    .transform((text, ctx) => {
      try {
        return parseOpeningHours(text);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  /** The logo and a picture of the business for search engines: a path on this site or an absolute URL. */
  COMPANY_LOGO: sitePath.default('/favicon.svg'),
  /** Empty: the logo. */
  COMPANY_IMAGE: sitePath.or(z.literal('')).default(''),

  /** Where files live (docs/decisions/007-file-storage.md): empty = VAR_DIR/storage, or s3://bucket?endpoint=…. */
  STORAGE_URL: storageUrlSchema,
  /** The bucket's key pair; both empty = the AWS SDK's own chain (AWS_* variables, instance role). */
  S3_ACCESS_KEY_ID: z.string().trim().default(''),
  S3_SECRET_ACCESS_KEY: z.string().trim().default(''),
  /** SMTP connections the mailer keeps open at once (pooled; each carries many messages). */
  SMTP_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(50).default(3),
  /** CPU priority (nice, 0–19) of a worker that runs image queues only: image work yields to the rest. */
  IMAGE_WORKER_NICE: z.coerce.number().int().min(0).max(19).default(10),
});

export interface BusinessDetails {
  name: string;
  shortName: string;
  telephone: string;
  address: string;
  email: string;
  companyNumber: string;
  vatNumber: string;
  plantHealthNumber: string;
}

/** Where and when the business can be found: the Find us page and search engines' structured data. */
export interface BusinessLocation {
  postcode: string;
  /** The yard's position in decimal degrees (WGS 84). */
  geo: { latitude: number; longitude: number };
  /** When the yard is open, one entry per time range; empty when no hours are configured. */
  openingHours: OpeningHours[];
  /** The site's home page (APP_URL). */
  url: string;
  /** Absolute URLs of the logo and of a picture of the business. */
  logo: string;
  image: string;
}

export interface Config {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string;
  appUrl: string;
  /** 32 raw bytes used for signing and encryption. */
  appKey: Buffer;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  redisPrefix: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  enquiriesTo: string;
  /** Reply-To of mails to buyers (SALES_EMAIL, else ENQUIRIES_TO). */
  salesEmail: string;
  varDir: string;
  webDist: string;
  logLevel: string;
  workerConcurrency: number;
  /** A worker's lock on a running job; after it a killed worker's job is picked up again. */
  workerLockMs: number;
  /** Jobs of each queue one process runs at once (WORKER_CONCURRENCY, QUEUE_CONCURRENCY). */
  queueConcurrency: Record<QueueName, number>;
  /** libvips threads per image operation (sharp.concurrency). */
  sharpConcurrency: number;
  /** Memory libvips may keep for its operation cache, in MiB (0 = no cache). */
  sharpCacheMb: number;
  /** Image encodes running at once in the process, across all jobs (each AVIF one holds ~140 MB). */
  sharpEncodes: number;
  catalogueRenderDelayMs: number;
  contactPerMinute: number;
  /** Quote confirmations mailed to one address an hour; the requests themselves are always stored. */
  quoteConfirmationsPerHour: number;
  /** Reverse proxies trusted for X-Forwarded-For/-Proto (0 = none): Koa's maxIpsCount. */
  proxyHops: number;
  http: HttpTimeouts;
  business: BusinessDetails & BusinessLocation;
  /** The local folder or the bucket files live in; credentials inside never serialise. */
  storage: StorageConfig;
  /** SMTP connections open at once (the mailer's pool size). */
  smtpMaxConnections: number;
  /** Nice value an images-only worker gives itself (0 = none). */
  imageWorkerNice: number;
  /** Where each kind of process serves its metrics; no port = no endpoint. */
  metrics: { webPort?: number; workerPort?: number; host: string };
}

/** Timeouts of the web process's HTTP server against slow or stalled clients. */
export interface HttpTimeouts {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  connectionsCheckIntervalMs: number;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Every queue runs WORKER_CONCURRENCY jobs at once, except the catalogue render (one at a time: it
 * is memory-heavy and a second would only redo the first) and the housekeeping sweeps; explicit
 * QUEUE_CONCURRENCY entries win.
 */
function queueConcurrency(base: number, overrides: Partial<Record<QueueName, number>>): Record<QueueName, number> {
  const defaults = Object.fromEntries(queueNames.map((q) => [q, base])) as Record<QueueName, number>;
  return { ...defaults, catalogue: 1, housekeeping: 1, ...overrides };
}

/**
 * Parses an environment into a Config. Pure apart from the embedded-mode APP_KEY, which is
 * generated once and kept in `VAR_DIR/app-key` so sessions and encrypted data survive restarts.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`));
  }
  const e = parsed.data;
  // Node refuses to start a server whose header timeout is longer than its request timeout.
  if (e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS) {
    throw new ConfigError(['HTTP_HEADERS_TIMEOUT_MS: must not be longer than HTTP_REQUEST_TIMEOUT_MS']);
  }
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError(['S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither']);
  }
  const varDir = path.resolve(e.VAR_DIR);
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const absolute = (pathOrUrl: string) => new URL(pathOrUrl, `${appUrl}/`).href;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    appUrl,
    appKey: resolveAppKey(e.APP_KEY, varDir, e.NODE_ENV),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    enquiriesTo: e.ENQUIRIES_TO,
    salesEmail: e.SALES_EMAIL ?? e.ENQUIRIES_TO,
    varDir,
    webDist: path.resolve(e.WEB_DIST),
    logLevel: e.LOG_LEVEL,
    workerConcurrency: e.WORKER_CONCURRENCY,
    workerLockMs: e.WORKER_LOCK_MS,
    queueConcurrency: queueConcurrency(e.WORKER_CONCURRENCY, e.QUEUE_CONCURRENCY),
    sharpConcurrency: e.SHARP_CONCURRENCY,
    sharpCacheMb: e.SHARP_CACHE_MB,
    sharpEncodes: e.SHARP_ENCODES,
    catalogueRenderDelayMs: e.CATALOGUE_RENDER_DELAY_MS,
    contactPerMinute: e.CONTACT_PER_MINUTE,
    quoteConfirmationsPerHour: e.QUOTE_CONFIRMATIONS_PER_HOUR,
    proxyHops: e.TRUST_PROXY,
    http: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      connectionsCheckIntervalMs: e.HTTP_TIMEOUT_CHECK_MS,
    },
    business: {
      name: e.COMPANY_NAME,
      shortName: e.COMPANY_SHORT_NAME,
      telephone: e.COMPANY_TELEPHONE,
      address: e.COMPANY_ADDRESS,
      email: e.COMPANY_EMAIL,
      companyNumber: e.COMPANY_NUMBER,
      vatNumber: e.COMPANY_VAT,
      plantHealthNumber: e.PLANT_HEALTH_NUMBER,
      postcode: e.COMPANY_POSTCODE,
      geo: { latitude: e.COMPANY_LATITUDE, longitude: e.COMPANY_LONGITUDE },
      openingHours: e.COMPANY_OPENING_HOURS,
      url: appUrl,
      logo: absolute(e.COMPANY_LOGO),
      image: absolute(e.COMPANY_IMAGE || e.COMPANY_LOGO),
    },
    storage: storageConfig(e.STORAGE_URL, varDir, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY),
    smtpMaxConnections: e.SMTP_MAX_CONNECTIONS,
    imageWorkerNice: e.IMAGE_WORKER_NICE,
    metrics: { webPort: e.METRICS_PORT, workerPort: e.WORKER_METRICS_PORT, host: e.METRICS_HOST },
  };
}

function resolveAppKey(value: string | undefined, varDir: string, env: string): Buffer {
  if (value) return Buffer.from(value.replace(/^base64:/, ''), 'base64');
  if (env === 'production') {
    throw new ConfigError(['APP_KEY: required in production (32 random bytes, base64)']);
  }
  const file = path.join(varDir, 'app-key');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  const key = randomBytes(32);
  mkdirSync(varDir, { recursive: true });
  writeFileSync(file, key.toString('base64'), { mode: 0o600 });
  return key;
}
