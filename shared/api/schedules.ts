/**
 * Planting schedules as the API shows them (src/modules/schedules/, issue 19): a buyer's schedule
 * (an uploaded XLSX or CSV, or text pasted from a spreadsheet or a PDF) read line by line and
 * matched to catalogue lines, for the buyer to review and put into a plant list.
 *
 * POST /api/schedules — multipart with a `file` (XLSX or CSV) and an optional `name`, or JSON
 *   `{ name?, text }` for a paste. Guests and signed-in buyers alike (CSRF as everywhere).
 *   → 201 with the whole result when the schedule was matched at once (up to ~200 lines);
 *   → 202 with `status: 'matching'` and no lines when a worker matches it: poll GET.
 *   → 422 with the contract's error body for a file that cannot be read as a schedule (empty, no
 *     recognisable column, not really XLSX, too large, too many lines); nothing is stored.
 * GET /api/schedules/{id} — the schedule's owner only (the signed-in user who sent it, or the
 *   session that sent it as a guest); anyone else gets 404.
 */
import type { CatalogueLine } from './catalogue.ts';

/**
 * How a schedule line came out of the match:
 * - `matched`: one catalogue line is the plant, form and size asked for (`match`);
 * - `ambiguous`: the plant was found but several lines fit as well; `candidates` holds the best 3;
 * - `substitutable`: the plant is stocked, but not in the size or form asked for; `match` is the
 *   nearest line offered instead, and `substitution` says what differs;
 * - `not_stocked`: no catalogue line is that plant (`candidates` may hold near names).
 */
export type ScheduleLineStatus = 'matched' | 'ambiguous' | 'substitutable' | 'not_stocked';

/** A catalogue line offered for a schedule line, with how sure the matcher is (0–1). */
export interface ScheduleCandidate {
  line: CatalogueLine;
  confidence: number;
}

/** What the reader understood of a line, before matching. */
export interface ScheduleLineParsed {
  /** The plant as written, e.g. `Prunus laurocerasus 'Rotundifolia'`. */
  name: string;
  /** The catalogue form it reads as (`Bare root`, `9cm`, `1L` … `10L`), or null when none is given. */
  form: string | null;
  /** The catalogue height band it reads as (`60-90` …, `Rootstock`), or null when none is given. */
  height: string | null;
}

export interface ScheduleLine {
  /** 1-based, in the order of the schedule (the spreadsheet row or the pasted line). */
  row: number;
  /** The line as the buyer gave it, kept for reference. */
  text: string;
  parsed: ScheduleLineParsed;
  /** The quantity read from the line; null when it has none (the review asks for one). */
  quantity: number | null;
  status: ScheduleLineStatus;
  /** The chosen line for `matched` and `substitutable`; null otherwise. */
  match: ScheduleCandidate | null;
  /** Up to 3 lines to choose from, best first (for every status; the match is first when there is one). */
  candidates: ScheduleCandidate[];
  /** For `substitutable`: what differs, e.g. "60-90 asked, 40-60 offered". */
  substitution: string | null;
}

export interface ScheduleSummaryCounts {
  matched: number;
  ambiguous: number;
  substitutable: number;
  not_stocked: number;
}

export interface ScheduleResult {
  /** Opaque and unguessable. */
  id: string;
  /** The file's name without extension, or the name given, or "Pasted schedule". */
  name: string;
  status: 'matching' | 'done' | 'failed';
  /** Lines read (known from the start, also while matching). */
  line_count: number;
  counts: ScheduleSummaryCounts;
  /** Empty while matching. */
  lines: ScheduleLine[];
  /** Set when status is `failed`: why, for the buyer. */
  error: string | null;
}
