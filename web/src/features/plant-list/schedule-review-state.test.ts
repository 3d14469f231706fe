import { describe, expect, it } from 'vitest';
import type { CatalogueLine } from '../../../../shared/api/catalogue.ts';
import type { ScheduleLine } from '../../../../shared/api/schedules.ts';
import { CHOOSE_MESSAGE, chosenLines, initialChoices, listNameOf, problemsOf, QUANTITY_MESSAGE } from './schedule-review-state.ts';

const catalogue = (id: number, height = '60-90'): CatalogueLine => ({
  id,
  code: `C${id}`,
  genus: 'Acer',
  species: 'campestre',
  common_name: 'Field maple',
  form: 'Bare root',
  height,
});
const line = (row: number, status: ScheduleLine['status'], ids: number[], quantity: number | null = 10): ScheduleLine => ({
  row,
  text: `Acer campestre row ${row}`,
  parsed: { name: 'Acer campestre', form: 'Bare root', height: '60-90' },
  quantity,
  status,
  match: status === 'matched' || status === 'substitutable' ? { line: catalogue(ids[0]!), confidence: 0.9 } : null,
  candidates: ids.map((id) => ({ line: catalogue(id), confidence: 0.5 })),
  substitution: status === 'substitutable' ? '60-90 asked, 40-60 offered' : null,
});

describe('the schedule review state', () => {
  const lines = [
    line(1, 'matched', [1]),
    line(2, 'ambiguous', [2, 3]),
    line(3, 'substitutable', [4]),
    line(4, 'not_stocked', []),
    line(5, 'matched', [1], null),
  ];

  it('starts with matches and substitutes kept, ambiguous lines to choose, not stocked left out', () => {
    expect(initialChoices(lines)).toEqual({
      1: { included: true, catalogueId: 1, quantity: '10' },
      2: { included: true, catalogueId: null, quantity: '10' },
      3: { included: true, catalogueId: 4, quantity: '10' },
      4: { included: false, catalogueId: null, quantity: '10' },
      5: { included: true, catalogueId: 1, quantity: '' },
    });
  });

  it('names what each included line still needs', () => {
    const choices = initialChoices(lines);
    expect(problemsOf(choices)).toEqual({ 2: { choice: CHOOSE_MESSAGE }, 5: { quantity: QUANTITY_MESSAGE } });
    choices[2] = { ...choices[2]!, catalogueId: 3 };
    choices[5] = { ...choices[5]!, quantity: '1.5' };
    expect(problemsOf(choices)).toEqual({ 5: { quantity: QUANTITY_MESSAGE } });
    choices[5] = { ...choices[5]!, included: false };
    expect(problemsOf(choices)).toEqual({});
  });

  it('sums rows naming one catalogue line, in schedule order, and leaves out what the buyer left out', () => {
    const choices = initialChoices(lines);
    choices[2] = { ...choices[2]!, catalogueId: 3 };
    choices[5] = { ...choices[5]!, quantity: '99995' };
    choices[3] = { ...choices[3]!, included: false };
    expect(chosenLines(lines, choices).map(({ line: l, quantity }) => [l.id, quantity])).toEqual([
      [1, 100_000],
      [3, 10],
    ]);
  });

  it('names the list after the schedule, within the server limit', () => {
    expect(listNameOf('  Riverside park  ')).toBe('Riverside park');
    expect(listNameOf('x'.repeat(150))).toHaveLength(100);
    expect(listNameOf('   ')).toBe('Planting schedule');
  });
});
