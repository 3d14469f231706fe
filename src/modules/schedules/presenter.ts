import type { CatalogueLine } from '../../../shared/api/catalogue.ts';
import type { ScheduleCandidate, ScheduleLine, ScheduleLineParsed, ScheduleResult } from '../../../shared/api/schedules.ts';
import type { MatchedCandidate } from './matcher.ts';
import type { ScheduleRow, StoredLine } from './store.ts';

/**
 * A schedule as the API shows it: lines only once matched; each match and candidate with the
 * catalogue line as the viewer sees it now (`lines`, read by id), and a line no longer in the
 * catalogue left out rather than shown as something else.
 */
export function presentSchedule(schedule: ScheduleRow, lines: StoredLine[], catalogue: Map<number, CatalogueLine>): ScheduleResult {
  return {
    id: schedule.id,
    name: schedule.name,
    status: schedule.status,
    line_count: schedule.line_count,
    counts: schedule.counts,
    lines: schedule.status === 'done' ? lines.map((line) => presentLine(line, catalogue)) : [],
    error: schedule.error,
  };
}

function presentLine(line: StoredLine, catalogue: Map<number, CatalogueLine>): ScheduleLine {
  const candidate = (c: MatchedCandidate): ScheduleCandidate[] => {
    const found = catalogue.get(c.id);
    return found ? [{ line: found, confidence: c.confidence }] : [];
  };
  const match = line.match ? (candidate(line.match)[0] ?? null) : null;
  // Only the contract's fields: the stored notation also keeps the height as asked.
  const parsed: ScheduleLineParsed = { name: line.parsed.name, form: line.parsed.form, height: line.parsed.height };
  return {
    row: line.row,
    text: line.text,
    parsed,
    quantity: line.quantity,
    // A matched line whose catalogue line has gone since is one to choose again.
    status: line.match && !match ? 'not_stocked' : (line.status ?? 'not_stocked'),
    match,
    candidates: line.candidates.flatMap(candidate),
    substitution: match ? line.substitution : null,
  };
}

/** The catalogue ids a schedule's lines name (to read them in one query). */
export const catalogueIdsOf = (lines: StoredLine[]): number[] => [
  ...new Set(lines.flatMap((l) => [...(l.match ? [l.match.id] : []), ...l.candidates.map((c) => c.id)])),
];
