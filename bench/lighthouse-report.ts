import lighthousePackage from 'lighthouse/package.json' with { type: 'json' };
import type { LighthouseFigures, Measured, PageFigures, Side } from './lighthouse.ts';

/** A line of the bench's results list (bench/run.ts). */
interface BenchResult {
  name: string;
  value: string;
  target: string;
  ok: boolean;
}

/** Issue 20's targets for a public page on a phone; the floor has none (it is what is possible). */
const TARGETS = { performance: 98, tbtMs: 150, lcpMs: 1800, cls: 0.01, otherCategories: 95 };

const COLUMNS = ['perf', 'TBT ms', 'LCP ms', 'FCP ms', 'CLS', 'a11y', 'BP', 'SEO', 'runs'];
const cells = (m: Measured) => [
  m.scores.performance,
  m.tbtMs,
  m.lcpMs,
  m.fcpMs,
  m.cls.toFixed(3),
  m.scores.accessibility,
  m.scores['best-practices'],
  m.scores.seo,
  m.runs,
];

/**
 * Prints the Lighthouse figures as a table, each page with its floor beneath it, then any retries,
 * failures, shortfalls and warnings; returns the results lines: each target on its own line, the
 * floor's figure beside the page's, and a FAIL line for a page (or floor) a run of which failed.
 */
export function lighthouseResults(lh: LighthouseFigures): BenchResult[] {
  const how = lh.runsPerPage > 1 ? `median of ${lh.runsPerPage} runs` : 'one run';
  console.log(
    `Lighthouse ${lighthousePackage.version}, mobile, simulated throttling, ${how} per page; floor: the page's HTML without its scripts, same origin; machine benchmarkIndex ${lh.benchmarkIndex}; HTML reports in ${lh.reportDir}`,
  );
  const width = Math.max(...lh.pages.map((p) => p.page.length)) + 4;
  const row = (label: string, values: (string | number)[]) =>
    console.log(`  ${label.padEnd(width)}${values.map((v) => String(v).padStart(8)).join('')}`);
  row('', COLUMNS);
  for (const p of lh.pages) {
    row(p.page, p.measured.figures ? cells(p.measured.figures) : ['no figures']);
    row('  floor', p.floor.figures ? cells(p.floor.figures) : ['no figures']);
  }
  for (const p of lh.pages) {
    for (const [label, side] of [
      [p.page, p.measured],
      [`${p.page} floor`, p.floor],
    ] as const) {
      const notes = [retried(side), ...side.failures.map((f) => `failed: ${f}`)].filter(Boolean);
      // The floor's own shortfalls say where even static HTML loses points on this machine; the
      // floor of / also fails SEO's canonical audit: served at another path, it names / canonical.
      if (side.figures?.shortfalls.length) notes.push(`short of 0.9: ${side.figures.shortfalls.join(', ')}`);
      notes.push(...(side.figures?.warnings ?? []).map((w) => `warning: ${w}`));
      if (notes.length) console.log(`  ${label}:\n${notes.map((n) => `    ${n}`).join('\n')}`);
    }
  }

  const results = lh.pages.flatMap((p) => pageResults(p, how));
  const otherHosts = [...new Set(lh.pages.flatMap((p) => [p.measured, p.floor]).flatMap((s) => s.figures?.otherHosts ?? []))];
  results.push({
    name: 'hosts other than the site the Lighthouse pages asked for',
    value: otherHosts.length ? otherHosts.join(', ') : 'none',
    target: 'none',
    ok: otherHosts.length === 0,
  });
  return results;
}

/** `1 retry: NO_NAVSTART`, or '' when no attempt was retried. */
function retried(side: Side): string {
  const n = side.retries.length;
  return n ? `${n} ${n === 1 ? 'retry' : 'retries'}: ${side.retries.join(', ')}` : '';
}

function pageResults(p: PageFigures, how: string): BenchResult[] {
  const name = (what: string) => `Lighthouse mobile ${p.page} ${what} (${how})`;
  const results: BenchResult[] = [];
  for (const [label, side] of [
    ['', p.measured],
    ['floor ', p.floor],
  ] as const) {
    if (!side.failures.length) continue;
    const runs = side.figures ? `${side.failures.length} of ${side.failures.length + side.figures.runs} runs` : 'every run';
    results.push({
      name: name(`${label}runs`),
      value: `${runs} failed: ${side.failures.join('; ')}`,
      target: 'figures from every run',
      ok: false,
    });
  }
  const m = p.measured.figures;
  if (!m) return results;
  const f = p.floor.figures;
  const floor = (value: (f: Measured) => string) => ` (floor ${f ? value(f) : '—'})`;
  const retries = [retried(p.measured), retried(p.floor) && `floor ${retried(p.floor)}`]
    .filter(Boolean)
    .map((r) => `; ${r}`)
    .join('');
  results.push(
    {
      name: name('performance'),
      value: `${m.scores.performance}${floor((f) => String(f.scores.performance))}${retries}`,
      target: `≥ ${TARGETS.performance}`,
      ok: m.scores.performance >= TARGETS.performance,
    },
    {
      name: name('Total Blocking Time'),
      value: `${m.tbtMs} ms${floor((f) => `${f.tbtMs} ms`)}`,
      target: `≤ ${TARGETS.tbtMs} ms`,
      ok: m.tbtMs <= TARGETS.tbtMs,
    },
    {
      name: name('Largest Contentful Paint'),
      value: `${m.lcpMs} ms, FCP ${m.fcpMs} ms${floor((f) => `${f.lcpMs} ms, FCP ${f.fcpMs} ms`)}`,
      target: `≤ ${TARGETS.lcpMs} ms`,
      ok: m.lcpMs <= TARGETS.lcpMs,
    },
    {
      name: name('CLS'),
      value: `${m.cls.toFixed(3)}${floor((f) => f.cls.toFixed(3))}`,
      target: `≤ ${TARGETS.cls}`,
      ok: m.cls <= TARGETS.cls,
    },
    {
      name: name('accessibility / best practices / SEO'),
      value: `${others(m)}${floor(others)}`,
      target: `each ≥ ${TARGETS.otherCategories}`,
      ok: [m.scores.accessibility, m.scores['best-practices'], m.scores.seo].every((s) => s >= TARGETS.otherCategories),
    },
  );
  return results;
}

const others = (m: Measured) => `${m.scores.accessibility} / ${m.scores['best-practices']} / ${m.scores.seo}`;
