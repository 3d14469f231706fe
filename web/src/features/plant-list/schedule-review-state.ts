import type { CatalogueLine } from '../../../../shared/api/catalogue.ts';
import type { ScheduleLine } from '../../../../shared/api/schedules.ts';
import { MAX_QUANTITY, validQuantity } from './types.ts';

/** What the buyer decided for one schedule line on the review screen. */
export interface LineChoice {
  /** False when the buyer left the line out. */
  included: boolean;
  /** The catalogue line chosen; null until the buyer picks one (an ambiguous line). */
  catalogueId: number | null;
  /** As typed (text, so the box can be cleared while typing). */
  quantity: string;
}

/** Choices by schedule row. */
export type Choices = Record<number, LineChoice>;

/**
 * The review's starting point: a matched or substitutable line keeps its match (a substitute is
 * offered, marked as such, and can be left out); an ambiguous line waits for the buyer's pick;
 * a line not stocked is left out. A line without a quantity asks for one.
 */
export function initialChoices(lines: readonly ScheduleLine[]): Choices {
  const choices: Choices = {};
  for (const line of lines) {
    const matchId = line.match?.line.id ?? null;
    choices[line.row] = {
      included: line.status !== 'not_stocked',
      catalogueId: line.status === 'matched' || line.status === 'substitutable' ? matchId : null,
      quantity: line.quantity === null ? '' : String(line.quantity),
    };
  }
  return choices;
}

/** Why an included line cannot go on the list yet; undefined when it can. */
export interface LineProblem {
  choice?: string;
  quantity?: string;
}

export const CHOOSE_MESSAGE = 'Choose one of the catalogue lines, or leave this line out.';
export const QUANTITY_MESSAGE = `Enter a whole number from 1 to ${MAX_QUANTITY.toLocaleString('en-GB')}.`;

function problemOf(choice: LineChoice): LineProblem | undefined {
  if (!choice.included) return undefined;
  const problem: LineProblem = {};
  if (choice.catalogueId === null) problem.choice = CHOOSE_MESSAGE;
  if (!validQuantity(Number(choice.quantity)) || choice.quantity.trim() === '') problem.quantity = QUANTITY_MESSAGE;
  return problem.choice || problem.quantity ? problem : undefined;
}

/** Every line's problem, by row (only lines with one). */
export function problemsOf(choices: Choices): Record<number, LineProblem> {
  const problems: Record<number, LineProblem> = {};
  for (const [row, choice] of Object.entries(choices)) {
    const problem = problemOf(choice);
    if (problem) problems[Number(row)] = problem;
  }
  return problems;
}

/** A line for the new list: the catalogue line (its snapshot, for a guest's list) and the quantity. */
export interface ChosenLine {
  line: CatalogueLine;
  quantity: number;
}

/**
 * The included lines, one per catalogue line in schedule order (two schedule rows naming the same
 * plant are summed, capped at the list's largest quantity, as the server does).
 */
export function chosenLines(lines: readonly ScheduleLine[], choices: Choices): ChosenLine[] {
  const byId = new Map<number, ChosenLine>();
  for (const line of lines) {
    const choice = choices[line.row];
    if (!choice?.included || choice.catalogueId === null || problemOf(choice)) continue;
    const catalogue = line.candidates.find((candidate) => candidate.line.id === choice.catalogueId)?.line ?? line.match?.line;
    if (!catalogue || catalogue.id !== choice.catalogueId) continue;
    const kept = byId.get(catalogue.id);
    const quantity = Number(choice.quantity);
    if (kept) kept.quantity = Math.min(MAX_QUANTITY, kept.quantity + quantity);
    else byId.set(catalogue.id, { line: catalogue, quantity });
  }
  return [...byId.values()];
}

/** The schedule's name as a list name: trimmed and cut to the server's 100 characters. */
export const listNameOf = (scheduleName: string): string => Array.from(scheduleName.trim()).slice(0, 100).join('') || 'Planting schedule';
