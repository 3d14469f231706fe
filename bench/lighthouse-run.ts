import { existsSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { CHROMIUM_FLAGS } from './chromium-flags.ts';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

/** One Lighthouse run's figures. */
export interface RunFigures {
  /** 0–100 per category. */
  scores: Record<Category, number>;
  tbtMs: number;
  lcpMs: number;
  fcpMs: number;
  cls: number;
  /** Requests the page made to any host but the bench server (they are blocked, see below). */
  otherHosts: string[];
  /** Scored audits that fell short (score < 0.9), as `category: audit-id`: where points went. */
  shortfalls: string[];
  /** Lighthouse's own warnings (e.g. "the machine was too slow"). */
  warnings: string[];
  benchmarkIndex: number;
}

/** A failed attempt is retried this many times (issue 20: a transient NO_NAVSTART killed whole runs). */
const MAX_RETRIES = 3;

/**
 * Debian's Chromium, headless (chrome-launcher does not add it), with the bench's flags. The host
 * resolver rule sends every name but localhost nowhere, so neither Chromium nor the page can reach
 * the network: the bench runs offline, and a page that needs another host shows it in `otherHosts`
 * instead of hanging on a timeout.
 */
const CHROME_FLAGS = [
  '--headless=new',
  ...CHROMIUM_FLAGS,
  '--disable-dev-shm-usage',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
];

/** The Chromium Lighthouse drives; replaced by a fresh one after a failed run. */
export interface LighthouseChrome {
  readonly port: number;
  restart(): Promise<void>;
  close(): void;
}

export async function openChrome(chromePath: string): Promise<LighthouseChrome> {
  // chrome-launcher reports a missing binary as an unhandled 'error' event that kills the process.
  if (!existsSync(chromePath))
    throw new Error(`no Chromium at ${chromePath}: install Debian's chromium package (never download a browser)`);
  const launch = () => chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  let chrome = await launch();
  return {
    get port() {
      return chrome.port;
    },
    async restart() {
      chrome.kill();
      chrome = await launch();
    },
    close: () => chrome.kill(),
  };
}

/** A run Lighthouse finished but could not measure (its `runtimeError`), or that threw. */
class RunFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The short name of a failure for the report: Lighthouse's error code when it has one. */
function failureCode(error: unknown): string {
  if (error instanceof RunFailure) return error.code;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  return error instanceof Error ? error.message.slice(0, 80) : String(error);
}

/** The code and, when it says more, the message. */
function describe(error: unknown): string {
  const code = failureCode(error);
  const message = error instanceof Error ? error.message : String(error);
  return message.includes(code) ? message : `${code}: ${message}`;
}

interface Attempts {
  /** The run's figures and HTML report, unless every attempt failed. */
  run?: RunFigures;
  report?: string;
  /** Why each retried attempt failed, e.g. `NO_NAVSTART`. */
  retries: string[];
  /** Why the last attempt failed, when every one did. */
  error?: string;
}

/**
 * One Lighthouse run of `url`, retried up to {@link MAX_RETRIES} times in a fresh Chromium when it
 * throws or reports a runtime error. Never throws: a run that still fails says why.
 */
export async function runWithRetries(chrome: LighthouseChrome, url: string, flags: Flags): Promise<Attempts> {
  const retries: string[] = [];
  for (let attempt = 0; ; attempt++) {
    try {
      const run = lighthouse(url, { ...flags, port: chrome.port });
      // Abandoned after a timeout (its Chromium is then replaced): its late failure is no error.
      run.catch(() => undefined);
      const result = await beforeTimeout(run, url);
      if (!result) throw new RunFailure('NO_RESULT', `Lighthouse on ${url} returned nothing`);
      return { run: readRun(result.lhr), report: String(result.report), retries };
    } catch (error) {
      // A fresh Chromium after any failure, the last one too: the next page must not inherit it.
      try {
        await chrome.restart();
      } catch (restartError) {
        return { retries, error: `Chromium did not start again after ${describe(error)}: ${describe(restartError)}` };
      }
      if (attempt === MAX_RETRIES) return { retries, error: `${describe(error)} (after ${MAX_RETRIES} retries)` };
      retries.push(failureCode(error));
    }
  }
}

/**
 * Lighthouse's own limits (45 s for a load, 30 s per protocol call) end a stuck run; this is the
 * backstop should one still hang, so that the bench always finishes.
 */
const RUN_TIMEOUT_MS = 180_000;

async function beforeTimeout<T>(run: Promise<T>, url: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      ignoreAbandonedRunErrors();
      reject(new RunFailure('BENCH_TIMEOUT', `Lighthouse on ${url} ran over ${RUN_TIMEOUT_MS / 1000} s`));
    }, RUN_TIMEOUT_MS);
  });
  try {
    return await Promise.race([run, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

let ignoringAbandonedRuns = false;

/**
 * A run abandoned after its timeout still has calls open to the Chromium that is then replaced;
 * they fail later, unawaited inside Lighthouse, as unhandled rejections that would end the whole
 * bench. From the first timeout on, those (errors raised in the code of Lighthouse or its puppeteer-core) are logged and
 * ignored; any other unhandled rejection still ends the process, as it would have.
 */
function ignoreAbandonedRunErrors() {
  if (ignoringAbandonedRuns) return;
  ignoringAbandonedRuns = true;
  process.on('unhandledRejection', (reason) => {
    if (reason instanceof Error && /[\\/]node_modules[\\/](lighthouse|puppeteer-core)[\\/]/.test(reason.stack ?? '')) {
      console.error(`ignored a late error of an abandoned Lighthouse run: ${reason.message}`);
      return;
    }
    throw reason;
  });
}

/** One run's figures out of a Lighthouse result; a page-load failure throws instead of scoring 0. */
function readRun(lhr: Result): RunFigures {
  const origin = new URL(lhr.requestedUrl ?? lhr.finalDisplayedUrl).origin;
  if (lhr.runtimeError)
    throw new RunFailure(lhr.runtimeError.code, `Lighthouse on ${lhr.requestedUrl}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scores = {} as Record<Category, number>;
  for (const id of CATEGORIES) {
    const score = lhr.categories[id]?.score;
    if (score === null || score === undefined) throw new RunFailure('NO_SCORE', `Lighthouse on ${lhr.requestedUrl}: no ${id} score`);
    scores[id] = Math.round(score * 100);
  }
  const requests = (lhr.audits['network-requests']?.details as { items?: { url?: string }[] } | undefined)?.items ?? [];
  const otherHosts = requests
    .map((r) => r.url ?? '')
    .filter((url) => /^https?:/.test(url) && new URL(url).origin !== origin)
    .map((url) => new URL(url).host);
  const shortfalls = CATEGORIES.flatMap((id) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 0.9)
      .map((ref) => `${id}: ${ref.id}`),
  );
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    scores,
    tbtMs: metric('total-blocking-time'),
    lcpMs: metric('largest-contentful-paint'),
    fcpMs: metric('first-contentful-paint'),
    cls: metric('cumulative-layout-shift'),
    otherHosts,
    shortfalls,
    warnings: lhr.runWarnings.map((w) => (typeof w === 'string' ? w : String(w))),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}
