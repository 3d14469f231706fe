import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';

/** The public pages measured, in this order. */
const LIGHTHOUSE_PAGES = ['/', '/catalogue', '/contact', '/about'] as const;

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

interface PageFigures {
  page: string;
  /** 0–100 per category: the median over the runs when there are several. */
  scores: Record<Category, number>;
  lcpMs: number;
  cls: number;
  /** Requests the page made to any host but the bench server (they are blocked, see below). */
  otherHosts: string[];
  /** Scored audits that fell short (score < 0.9) in any run, as `category: audit-id`: where points went. */
  shortfalls: string[];
  /** Lighthouse's own warnings (e.g. "the machine was too slow"), deduplicated. */
  warnings: string[];
}

export interface LighthouseFigures {
  runsPerPage: number;
  /** Lighthouse's CPU benchmark of this machine (higher is faster; ~1000+ is a typical desktop). */
  benchmarkIndex: number;
  pages: PageFigures[];
  /** Where the HTML report of each page's last run was written. */
  reportDir: string;
}

export interface LighthouseOptions {
  /** Runs per page (default 3); with more than one, every figure is the median of its runs. */
  runs?: number;
  chromePath?: string;
  reportDir?: string;
}

/**
 * Debian's Chromium, headless, with the flags the e2e suite uses (ARCHITECTURE pitfalls). The host
 * resolver rule sends every name but localhost nowhere, so neither Chromium nor the page can reach
 * the network: the bench runs offline, and a page that needs another host shows it in `otherHosts`
 * instead of hanging on a timeout.
 */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
];

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** One run's figures out of a Lighthouse result; a page-load failure throws instead of scoring 0. */
function readRun(lhr: Result, origin: string) {
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${lhr.requestedUrl}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scores = {} as Record<Category, number>;
  for (const id of CATEGORIES) {
    const score = lhr.categories[id]?.score;
    if (score === null || score === undefined) throw new Error(`Lighthouse on ${lhr.requestedUrl}: no ${id} score`);
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
  return {
    scores,
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    otherHosts,
    shortfalls,
    warnings: lhr.runWarnings.map((w) => (typeof w === 'string' ? w : String(w))),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/**
 * Lighthouse 12 through its Node API on each public page: the default config, which is a mobile
 * device (Moto G Power screen) on simulated slow 4G with a 4× CPU slowdown, and the four categories
 * the site is held to. One Chromium for all runs; Lighthouse clears the origin's storage and cache
 * before each, so every run is a first visit. Runs one page after another (never in parallel:
 * simulated throttling scales what the CPU was seen doing, so a busy machine lowers the score).
 */
export async function benchLighthouse(baseUrl: string, options: LighthouseOptions = {}): Promise<LighthouseFigures> {
  const runs = Math.max(1, Math.floor(options.runs ?? 3));
  const reportDir = options.reportDir ?? path.resolve('var/bench/lighthouse');
  mkdirSync(reportDir, { recursive: true });
  const origin = new URL(baseUrl).origin;
  const chromePath = options.chromePath ?? '/usr/bin/chromium';
  // chrome-launcher reports a missing binary as an unhandled 'error' event that kills the process.
  if (!existsSync(chromePath))
    throw new Error(`no Chromium at ${chromePath}: install Debian's chromium package (never download a browser)`);
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  try {
    const flags: Flags = {
      port: chrome.port,
      logLevel: 'error',
      output: 'html',
      onlyCategories: [...CATEGORIES],
    };
    const pages: PageFigures[] = [];
    const benchmarkIndexes: number[] = [];
    for (const page of LIGHTHOUSE_PAGES) {
      const results: ReturnType<typeof readRun>[] = [];
      for (let run = 0; run < runs; run++) {
        const result = await lighthouse(`${origin}${page}`, flags);
        if (!result) throw new Error(`Lighthouse on ${page} returned nothing`);
        results.push(readRun(result.lhr, origin));
        const name = page === '/' ? 'home' : page.replace(/\W+/g, '-').replace(/^-|-$/g, '');
        writeFileSync(path.join(reportDir, `${name}.html`), String(result.report));
      }
      benchmarkIndexes.push(...results.map((r) => r.benchmarkIndex));
      pages.push({
        page,
        scores: Object.fromEntries(CATEGORIES.map((id) => [id, median(results.map((r) => r.scores[id]))])) as Record<Category, number>,
        lcpMs: Math.round(median(results.map((r) => r.lcpMs))),
        cls: median(results.map((r) => r.cls)),
        otherHosts: [...new Set(results.flatMap((r) => r.otherHosts))],
        shortfalls: [...new Set(results.flatMap((r) => r.shortfalls))],
        warnings: [...new Set(results.flatMap((r) => r.warnings))],
      });
    }
    return { runsPerPage: runs, benchmarkIndex: Math.round(median(benchmarkIndexes)), pages, reportDir };
  } finally {
    chrome.kill();
  }
}
