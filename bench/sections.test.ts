import { afterEach, describe, expect, it, vi } from 'vitest';
import { BenchRun } from './sections.ts';

const figure = { name: 'a figure', value: '1 ms', target: '≤ 2 ms', ok: true };

describe('BenchRun', () => {
  // A stopped section logs its error for the reader of the run; the test needs none of it.
  afterEach(() => vi.restoreAllMocks());

  it('runs only the sections asked for', async () => {
    const run = new BenchRun(new Set(['pdf']));
    const ran: string[] = [];
    await run.section('pdf', async () => void ran.push('pdf'));
    await run.section('seed', async () => void ran.push('seed'));
    expect(ran).toEqual(['pdf']);
  });

  it('turns a section that throws into a FAIL line, keeps what it measured, and runs the next', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const run = new BenchRun(new Set(['pdf', 'seed']));
    await run.section('pdf', async () => {
      run.results.push(figure);
      throw new Error('pdfkit gave up');
    });
    await run.section('seed', async () => void run.results.push({ ...figure, name: 'seeded' }));
    expect(run.results).toEqual([
      figure,
      { name: 'pdf section', value: 'stopped: pdfkit gave up', target: 'runs to the end', ok: false },
      { ...figure, name: 'seeded' },
    ]);
  });

  it('fails a section that cannot run once, only if asked for, and does not run it later', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const run = new BenchRun(new Set(['widget']));
    run.cannotRun('widget', new Error('bench server exited with 1'));
    run.cannotRun('bundle', new Error('bench server exited with 1'));
    let ran = false;
    await run.section('widget', async () => void (ran = true));
    expect(ran).toBe(false);
    expect(run.wants('widget')).toBe(false);
    expect(run.results).toEqual([
      { name: 'widget section', value: 'stopped: bench server exited with 1', target: 'runs to the end', ok: false },
    ]);
  });
});
