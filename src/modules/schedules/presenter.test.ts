import { describe, expect, it } from 'vitest';
import type { CatalogueLine } from '../../../shared/api/catalogue.ts';
import { catalogueIdsOf, presentSchedule } from './presenter.ts';
import type { ScheduleRow, StoredLine } from './store.ts';

const schedule = (status: ScheduleRow['status'], error: string | null = null): ScheduleRow => ({
  id: 'abcdefghijklmnopqrstuvwx',
  name: 'Riverside',
  status,
  line_count: 1,
  counts: { matched: 1, ambiguous: 0, substitutable: 0, not_stocked: 0 },
  error,
});
const line = (overrides: Partial<StoredLine> = {}): StoredLine => ({
  row: 1,
  text: 'Taxus baccata 125-150cm RB x 3',
  parsed: { name: 'Taxus baccata', form: 'Rootball', height: '120-150', askedHeight: '125-150' },
  quantity: 3,
  status: 'substitutable',
  match: { id: 7, confidence: 0.7 },
  candidates: [
    { id: 7, confidence: 0.7 },
    { id: 8, confidence: 0.5 },
  ],
  substitution: '125-150 asked, 90-120 offered; Rootball asked, 10L offered',
  ...overrides,
});
const catalogueLine = (id: number): CatalogueLine => ({
  id,
  code: `TAXBAC-${id}`,
  genus: 'Taxus',
  species: 'baccata',
  common_name: 'Yew',
  form: '10L',
  height: '90-120',
});

describe('presentSchedule', () => {
  it("shows the contract's fields only, each catalogue line as read for the viewer", () => {
    const result = presentSchedule(schedule('done'), [line()], new Map([7, 8].map((id) => [id, catalogueLine(id)])));
    expect(result.lines[0]).toEqual({
      row: 1,
      text: 'Taxus baccata 125-150cm RB x 3',
      parsed: { name: 'Taxus baccata', form: 'Rootball', height: '120-150' },
      quantity: 3,
      status: 'substitutable',
      match: { line: catalogueLine(7), confidence: 0.7 },
      candidates: [
        { line: catalogueLine(7), confidence: 0.7 },
        { line: catalogueLine(8), confidence: 0.5 },
      ],
      substitution: '125-150 asked, 90-120 offered; Rootball asked, 10L offered',
    });
  });

  it('offers nothing in place of a catalogue line deleted since the match: the line is to choose again', () => {
    const [presented] = presentSchedule(schedule('done'), [line()], new Map([[8, catalogueLine(8)]])).lines;
    expect(presented).toMatchObject({ status: 'not_stocked', match: null, substitution: null });
    expect(presented!.candidates.map((c) => c.line.id)).toEqual([8]);
  });

  it('shows no lines while matching or once failed, and why it failed', () => {
    expect(presentSchedule(schedule('matching'), [line()], new Map()).lines).toEqual([]);
    expect(
      presentSchedule(schedule('failed', 'The schedule could not be matched; please send it again.'), [line()], new Map()),
    ).toMatchObject({
      status: 'failed',
      lines: [],
      error: 'The schedule could not be matched; please send it again.',
    });
  });

  it('lists each catalogue id a schedule names once', () => {
    expect(catalogueIdsOf([line(), line({ row: 2, match: null, candidates: [{ id: 9, confidence: 0.3 }] })])).toEqual([7, 8, 9]);
  });
});
