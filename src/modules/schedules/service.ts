import { randomBytes } from 'node:crypto';
import type { ScheduleResult, ScheduleSummaryCounts } from '../../../shared/api/schedules.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../errors.ts';
import type { Viewer } from '../../viewer.ts';
import { catalogueLinesByIds } from '../catalogue/service.ts';
import { matchLines, type LineMatch } from './matcher.ts';
import { catalogueIdsOf, presentSchedule } from './presenter.ts';
import type { ScheduleLineRead } from './reader.ts';
import {
  insertSchedule,
  markFailed,
  ownedSchedule,
  pruneSchedules,
  saveMatches,
  scheduleById,
  scheduleLines,
  type ScheduleOwner,
  type ScheduleRow,
  type StoredLine,
} from './store.ts';

export type { ScheduleOwner } from './store.ts';

/** Up to this many lines are matched while the buyer waits; more go to the worker. */
export const MATCH_INLINE_MAX_LINES = 200;
/** Schedules are deleted this long after they were sent. */
const KEEP_SCHEDULES_DAYS = 7;
/** The buyer's message when the worker could not match a schedule. */
const MATCH_FAILED = 'The schedule could not be matched; please send it again.';

const countsOf = (matches: LineMatch[]): ScheduleSummaryCounts => {
  const counts: ScheduleSummaryCounts = { matched: 0, ambiguous: 0, substitutable: 0, not_stocked: 0 };
  for (const m of matches) counts[m.status]++;
  return counts;
};

const storedLine = (line: ScheduleLineRead, match?: LineMatch): StoredLine => {
  const { quantity, ...parsed } = line.notation;
  return {
    row: line.row,
    text: line.text,
    parsed,
    quantity,
    status: match?.status ?? null,
    match: match?.match ?? null,
    candidates: match?.candidates ?? [],
    substitution: match?.substitution ?? null,
  };
};

/**
 * Planting schedules: a buyer's schedule, read by reader.ts, stored line by line and matched to
 * the catalogue (matcher.ts) — at once when small, by the `schedules.match` job when large.
 */
export function scheduleService(deps: Pick<Deps, 'db' | 'events' | 'log' | 'now'>) {
  const present = async (id: string, viewer: Viewer): Promise<ScheduleResult> => {
    const schedule = (await scheduleById(deps.db, id))!;
    const lines = schedule.status === 'done' ? await scheduleLines(deps.db, id) : [];
    return presentSchedule(schedule, lines, await catalogueLinesByIds(deps.db, catalogueIdsOf(lines), viewer));
  };

  return {
    /**
     * Stores a schedule read from a file or a paste. Up to MATCH_INLINE_MAX_LINES lines it is
     * matched now (`matched: true`, the whole result); larger, it is stored as `matching` with a
     * `schedule.submitted` event in the same transaction, and the worker matches it.
     */
    async submit(owner: ScheduleOwner, name: string, lines: ScheduleLineRead[], viewer: Viewer) {
      const id = randomBytes(18).toString('base64url');
      const inline = lines.length <= MATCH_INLINE_MAX_LINES;
      const matches = inline
        ? await matchLines(
            deps.db,
            lines.map((l) => l.notation),
          )
        : undefined;
      const schedule: ScheduleRow = {
        id,
        name,
        status: matches ? 'done' : 'matching',
        line_count: lines.length,
        counts: countsOf(matches ?? []),
        error: null,
      };
      const stored = lines.map((line, i) => storedLine(line, matches?.[i]));
      await deps.db.transaction(async (trx) => {
        await insertSchedule(trx, { ...schedule, owner }, stored);
        if (!matches) await deps.events.record(trx, 'schedule.submitted', { id });
      });
      // Answered from what was just stored, without reading it back.
      const catalogue = await catalogueLinesByIds(deps.db, matches ? catalogueIdsOf(stored) : [], viewer);
      return { matched: inline, result: presentSchedule(schedule, stored, catalogue) };
    },

    /** The owner's schedule as `viewer` sees the catalogue; 404 for anyone else's or none. */
    async get(owner: ScheduleOwner, id: string, viewer: Viewer): Promise<ScheduleResult> {
      if (!(await ownedSchedule(deps.db, owner, id))) throw notFound();
      return present(id, viewer);
    },

    /**
     * The worker's job: matches a stored schedule's lines in one go and marks it done. Idempotent
     * (a schedule already matched is left alone); on the job's last attempt a failure marks it
     * failed, so the buyer's screen stops waiting.
     */
    async matchStored(id: string, { lastAttempt }: { lastAttempt: boolean }): Promise<void> {
      const schedule = await scheduleById(deps.db, id);
      if (!schedule || schedule.status !== 'matching') return;
      try {
        const lines = await scheduleLines(deps.db, id);
        const matches = await matchLines(
          deps.db,
          lines.map((l) => ({ ...l.parsed, quantity: l.quantity })),
        );
        await deps.db.transaction((trx) =>
          saveMatches(
            trx,
            id,
            lines.map((l) => l.row),
            matches,
            countsOf(matches),
          ),
        );
      } catch (error) {
        if (lastAttempt) await markFailed(deps.db, id, MATCH_FAILED);
        throw error;
      }
    },

    /** Housekeeping: schedules older than KEEP_SCHEDULES_DAYS are deleted with their lines. */
    async prune(): Promise<number> {
      return pruneSchedules(deps.db, new Date(deps.now().getTime() - KEEP_SCHEDULES_DAYS * 24 * 3600_000));
    },
  };
}
export type ScheduleService = ReturnType<typeof scheduleService>;
