import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { CATALOGUE_ROWS } from '../seeds/data/catalogue.ts';
import { fixtureAccuracy } from '../src/modules/schedules/fixtures/accuracy.ts';
import { SCHEDULE_FIXTURE } from '../src/modules/schedules/fixtures/nursery-schedule.ts';
import { matchLines } from '../src/modules/schedules/matcher.ts';
import { readScheduleFile } from '../src/modules/schedules/reader.ts';
import setupTemplate from '../test/global-setup.ts';
import { createTestContext, startTestServer } from '../test/harness.ts';

export interface ScheduleMatchFigures {
  lines: number;
  /** Median ms: reading the XLSX only, and reading + matching it (bytes → every line's match). */
  readMs: number;
  matchMs: number;
  /** p95 / p50 ms of POST /api/schedules with a 20-line paste, and of /healthz in the same rounds. */
  pasteP95: number;
  pasteP50: number;
  healthP95: number;
  accuracy: number;
  stocked: number;
  confidentlyWrong: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/**
 * The schedule matcher on the demo catalogue (issue 19): a 500-line XLSX of the fixture's real
 * nursery notation read and matched end to end, against reading the same file alone in the same
 * run; a 20-line paste over HTTP (CSRF, session, rate limit, match, store, answer), with /healthz
 * in the same rounds as the floor; and the fixture's accuracy figure.
 */
export async function benchScheduleMatch(rounds = 7, pastes = 120): Promise<ScheduleMatchFigures> {
  await setupTemplate();
  const context = await createTestContext({ redis: false });
  const server = await startTestServer(context);
  const db = context.deps.db;
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-schedule-'));
  try {
    const rows = CATALOGUE_ROWS.map(({ genus, species, common_name, form, height }) => ({ genus, species, common_name, form, height }));
    await db('catalogue_items').insert(rows);
    await db.raw('VACUUM ANALYZE catalogue_items');

    const lines = 500;
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Schedule');
    sheet.addRow(['Ref', 'Plant', 'Qty']);
    for (let i = 0; i < lines; i++) sheet.addRow([`P${i + 1}`, SCHEDULE_FIXTURE[i % SCHEDULE_FIXTURE.length]![0], (i % 50) + 1]);
    const file = path.join(dir, 'schedule.xlsx');
    await writeFile(file, Buffer.from(await book.xlsx.writeBuffer()));

    const readTimes: number[] = [];
    const matchTimes: number[] = [];
    for (let round = -2; round < rounds; round++) {
      let started = performance.now();
      await readScheduleFile(file);
      const read = performance.now() - started;
      started = performance.now();
      const read2 = await readScheduleFile(file);
      const matched = await matchLines(
        db,
        read2.map((l) => l.notation),
      );
      const full = performance.now() - started;
      if (matched.length !== lines) throw new Error(`matched ${matched.length} of ${lines} lines`);
      if (round >= 0) {
        readTimes.push(read);
        matchTimes.push(full);
      }
    }

    const text = SCHEDULE_FIXTURE.slice(0, 20)
      .map(([line]) => line)
      .join('\n');
    const client = await server.client().csrf();
    const pasteTimes: number[] = [];
    const healthTimes: number[] = [];
    for (let i = -10; i < pastes; i++) {
      // An address per request: the per-address limit is the route's, not what this measures.
      client.ip = `10.77.${(i + 10) >> 8}.${(i + 10) & 255}`;
      let started = performance.now();
      const response = await client.post('/api/schedules', { text });
      const elapsed = performance.now() - started;
      if (response.status !== 201) throw new Error(`paste answered ${response.status}: ${JSON.stringify(response.body).slice(0, 200)}`);
      started = performance.now();
      await client.get('/healthz');
      const health = performance.now() - started;
      if (i >= 0) {
        pasteTimes.push(elapsed);
        healthTimes.push(health);
      }
    }

    const accuracy = await fixtureAccuracy(db);
    return {
      lines,
      readMs: median(readTimes),
      matchMs: median(matchTimes),
      pasteP95: percentile(pasteTimes, 95),
      pasteP50: percentile(pasteTimes, 50),
      healthP95: percentile(healthTimes, 95),
      accuracy: accuracy.accuracy,
      stocked: accuracy.stocked,
      confidentlyWrong: accuracy.confidentlyWrong.length,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
    await server.close();
    await context.close();
  }
}
