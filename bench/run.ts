import { runSelfContainedSections } from './self-contained-sections.ts';
import { runServerSections } from './server-sections.ts';
import { BenchRun, SECTIONS, type Section } from './sections.ts';

/**
 * `npm run bench [section…]`: prints every figure with its target. Speeds are ratios against a
 * baseline measured in the same run, so the machine's speed cancels out. Exits 1 if a target is
 * missed; a section that throws is a FAIL line with its message, and the others still run. Needs PostgreSQL, Redis and Chromium (as the tests do) and a built web app (`npm run build`).
 * With no arguments every section runs; otherwise only the named ones, e.g.
 * `npm run bench -- lighthouse` or `npm run bench -- widget render` (npm strips the `--`).
 * BENCH_SECONDS sets each autocannon measurement's length, BENCH_LIGHTHOUSE_RUNS the runs per page,
 * BENCH_SMTP_STALL_MS the slow mail server's delay per command (mail-pool).
 */
const usage = `usage: npm run bench [-- <section>…]   sections: ${SECTIONS.join(', ')} (default: all)`;

/** Section names from the command line (space or comma separated); none means all. */
function parseSections(args: string[]): Set<Section> {
  if (args.some((a) => a === '--help' || a === '-h')) {
    console.log(usage);
    process.exit(0);
  }
  const names = args.flatMap((a) => a.split(',')).filter(Boolean);
  const unknown = names.filter((n) => !(SECTIONS as readonly string[]).includes(n));
  if (unknown.length) {
    console.error(`unknown bench section: ${unknown.join(', ')}\n${usage}`);
    process.exit(2);
  }
  return new Set(names.length ? (names as Section[]) : SECTIONS);
}

const run = new BenchRun(parseSections(process.argv.slice(2)));
const benchSeconds = Number(process.env.BENCH_SECONDS ?? 6);

await runServerSections(run, benchSeconds);
await runSelfContainedSections(run);

console.log('\nBenchmark results');
for (const r of run.results) console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name}: ${r.value}  (target ${r.target})`);
process.exit(run.results.every((r) => r.ok) ? 0 : 1);
