import { DAY_CODES, type DayCode } from '../shared/days.ts';

/**
 * Opening hours in a compact, readable form (the days and times of OpenStreetMap's
 * `opening_hours` tag, without its rarer features): `Mo-Fr 07:30-16:30; Sa 08:00-12:00`.
 * Rules are separated by `;`; each names days (`Mo`, `Mo-Fr`, `Mo,We,Fr`, `Mo-We,Sa`) and one or
 * more time ranges (`08:00-12:00,13:00-17:00`). A day may appear in one rule only, so a typo
 * cannot silently give the same day two different answers. An empty string means no hours.
 *
 * It sits beside config.ts, not in the site module, because the setting is read and checked with
 * the rest of the configuration, and config.ts imports no feature module. The day codes and
 * names live in shared/days.ts (the web app's hours table reads them too).
 */

/** One rule: on these days the yard opens and closes at these times (24-hour `HH:MM`). */
export interface OpeningHours {
  days: DayCode[];
  opens: string;
  closes: string;
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * Parses the setting into rules, one per time range, in the order written. Throws an Error with
 * a message fit for the configuration error list (it names the part that is wrong).
 */
export function parseOpeningHours(text: string): OpeningHours[] {
  const rules: OpeningHours[] = [];
  const seen = new Set<DayCode>();
  for (const part of text
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = /^(\S+)\s+(\S+)$/.exec(part.replace(/\s*([,-])\s*/g, '$1'));
    if (!match) throw new Error(`"${part}" must be days then times, e.g. "Mo-Fr 07:30-16:30"`);
    const days = parseDays(match[1]!, part);
    for (const day of days) {
      if (seen.has(day)) throw new Error(`${day} is listed in more than one rule`);
      seen.add(day);
    }
    const ranges = match[2]!.split(',').map((range) => parseRange(range, part));
    ranges.sort((a, b) => a.opens.localeCompare(b.opens));
    for (let i = 1; i < ranges.length; i++) {
      if (ranges[i]!.opens < ranges[i - 1]!.closes) throw new Error(`"${part}" has overlapping times`);
    }
    for (const range of ranges) rules.push({ days, ...range });
  }
  return rules;
}

function parseDays(text: string, part: string): DayCode[] {
  const days = new Set<DayCode>();
  for (const item of text.split(',')) {
    const [from, to, extra] = item.split('-');
    const start = dayIndex(from, part);
    const end = to === undefined ? start : dayIndex(to, part);
    if (extra !== undefined || end < start) throw new Error(`"${item}" in "${part}" is not a day range like Mo-Fr`);
    for (let i = start; i <= end; i++) days.add(DAY_CODES[i]!);
  }
  return DAY_CODES.filter((day) => days.has(day));
}

function dayIndex(code: string | undefined, part: string): number {
  const index = DAY_CODES.findIndex((day) => day.toLowerCase() === code?.toLowerCase());
  if (index < 0) throw new Error(`"${code ?? ''}" in "${part}" is not a day (use ${DAY_CODES.join(', ')})`);
  return index;
}

function parseRange(text: string, part: string): { opens: string; closes: string } {
  const [opens, closes, extra] = text.split('-');
  if (!opens || !closes || extra !== undefined || !TIME.test(opens) || !TIME.test(closes)) {
    throw new Error(`"${text}" in "${part}" is not a time range like 07:30-16:30 (24-hour clock)`);
  }
  if (closes <= opens) throw new Error(`"${text}" in "${part}" closes before it opens`);
  return { opens, closes };
}
