import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Flags } from 'lighthouse';
import { floorPath } from './lighthouse-floor.ts';
import { CATEGORIES, openChrome, runWithRetries, type Category, type LighthouseChrome, type RunFigures } from './lighthouse-run.ts';

/**
 * The public pages measured, in this order. Acer is in the demo seed's catalogue
 * (seeds/data/catalogue.ts), and its genus page is `/catalogue/genus/acer` (shared/slug.ts).
 * `/plant-list` is a guest's empty list: the frame the server renders and the browser fills.
 */
const LIGHTHOUSE_PAGES = ['/', '/catalogue', '/catalogue/genus/acer', '/contact', '/about', '/plant-list'] as const;

/**
 * One side of a page (the page itself, or its floor): the median of the runs that succeeded, with
 * every run's shortfalls and warnings (deduplicated).
 */
export interface Measured extends Omit<RunFigures, 'benchmarkIndex'> {
  /** Runs that gave figures. */
  runs: number;
}

export interface Side {
  /** Undefined when no run gave figures. */
  figures?: Measured;
  /** Why each retried attempt failed (`NO_NAVSTART`…), over all runs. */
  retries: string[];
  /** Why each run that gave no figures after its retries failed. */
  failures: string[];
}

export interface PageFigures {
  page: string;
  measured: Side;
  /** The same page's HTML without its scripts, at the same origin (bench/lighthouse-floor.ts). */
  floor: Side;
}

export interface LighthouseFigures {
  runsPerPage: number;
  /** Lighthouse's CPU benchmark of this machine (higher is faster; ~1000+ is a typical desktop). */
  benchmarkIndex: number;
  pages: PageFigures[];
  /** Where the HTML report of each page's last run (and of its floor) was written. */
  reportDir: string;
}

export interface LighthouseOptions {
  /** Runs per page (default 3); with more than one, every figure is the median of its runs. */
  runs?: number;
  chromePath?: string;
  reportDir?: string;
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

function summarize(runs: RunFigures[]): Measured | undefined {
  if (!runs.length) return undefined;
  const of = (pick: (r: RunFigures) => number) => median(runs.map(pick));
  return {
    runs: runs.length,
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, of((r) => r.scores[id])])) as Record<Category, number>,
    tbtMs: Math.round(of((r) => r.tbtMs)),
    lcpMs: Math.round(of((r) => r.lcpMs)),
    fcpMs: Math.round(of((r) => r.fcpMs)),
    cls: of((r) => r.cls),
    otherHosts: [...new Set(runs.flatMap((r) => r.otherHosts))],
    shortfalls: [...new Set(runs.flatMap((r) => r.shortfalls))],
    warnings: [...new Set(runs.flatMap((r) => r.warnings))],
  };
}

/** Collects one side's runs; each run's attempts are {@link runWithRetries}'s. */
class SideRuns {
  readonly runs: RunFigures[] = [];
  readonly retries: string[] = [];
  readonly failures: string[] = [];

  constructor(
    private readonly url: string,
    private readonly reportFile: string,
  ) {}

  async measure(chrome: LighthouseChrome, flags: Flags) {
    const attempts = await runWithRetries(chrome, this.url, flags);
    this.retries.push(...attempts.retries);
    if (attempts.error !== undefined) this.failures.push(attempts.error);
    if (attempts.run) this.runs.push(attempts.run);
    if (attempts.report !== undefined) writeFileSync(this.reportFile, attempts.report);
  }

  side(): Side {
    return { figures: summarize(this.runs), retries: this.retries, failures: this.failures };
  }
}

/**
 * Lighthouse 12 through its Node API on each public page and on its floor: the default config,
 * which is a mobile device (Moto G Power screen) on simulated slow 4G with a 4× CPU slowdown, and
 * the four categories the site is held to. Lighthouse clears the origin's storage and cache before
 * each run, so every run is a first visit. A page's runs alternate with its floor's, so a machine
 * that gets busier weighs on both alike. One run after another (never in parallel: simulated
 * throttling scales what the CPU was seen doing, so a busy machine lowers the score).
 * A run that fails is retried; one that still fails is reported, and the other pages still run.
 */
export async function benchLighthouse(baseUrl: string, options: LighthouseOptions = {}): Promise<LighthouseFigures> {
  const runs = Math.max(1, Math.floor(options.runs ?? 3));
  const reportDir = options.reportDir ?? path.resolve('var/bench/lighthouse');
  mkdirSync(reportDir, { recursive: true });
  const origin = new URL(baseUrl).origin;
  const chrome = await openChrome(options.chromePath ?? '/usr/bin/chromium');
  const flags: Flags = { logLevel: 'error', output: 'html', onlyCategories: [...CATEGORIES] };
  try {
    const pages: PageFigures[] = [];
    const benchmarkIndexes: number[] = [];
    for (const page of LIGHTHOUSE_PAGES) {
      const name = page === '/' ? 'home' : page.replace(/\W+/g, '-').replace(/^-|-$/g, '');
      const measured = new SideRuns(`${origin}${page}`, path.join(reportDir, `${name}.html`));
      const floor = new SideRuns(`${origin}${floorPath(page)}`, path.join(reportDir, `${name}-floor.html`));
      // The floor's HTML is taken from the page once, here (which also warms the page's render
      // cache, so neither side's first run pays a render), and kept beside the reports to look at.
      const copyFailure = await saveFloorCopy(`${origin}${floorPath(page)}`, path.join(reportDir, `${name}-floor-page.html`));
      if (copyFailure) floor.failures.push(copyFailure);
      for (let run = 0; run < runs; run++) {
        await measured.measure(chrome, flags);
        if (!copyFailure) await floor.measure(chrome, flags);
      }
      pages.push({ page, measured: measured.side(), floor: floor.side() });
      benchmarkIndexes.push(...[...measured.runs, ...floor.runs].map((r) => r.benchmarkIndex));
    }
    const benchmarkIndex = benchmarkIndexes.length ? Math.round(median(benchmarkIndexes)) : Number.NaN;
    return { runsPerPage: runs, benchmarkIndex, pages, reportDir };
  } finally {
    chrome.close();
  }
}

/** Fetches the floor once and writes it to `file`; says why when it cannot. */
async function saveFloorCopy(url: string, file: string): Promise<string | undefined> {
  try {
    const response = await fetch(url);
    if (!response.ok) return `the floor copy answered ${response.status}: ${(await response.text()).slice(0, 200)}`;
    writeFileSync(file, await response.text());
    return undefined;
  } catch (error) {
    return `the floor copy failed: ${error instanceof Error ? error.message : String(error)}`;
  }
}
