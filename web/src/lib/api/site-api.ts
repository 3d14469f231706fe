import { DAY_CODES, DAY_NAMES, type DayCode } from '../../../../shared/days.ts';
import { api } from './api.ts';

/** Business details from GET /api/site; the footer and the contact page show them. */
export interface SiteInfo {
  name: string;
  shortName: string;
  telephone: string;
  /** One string (lines separated by newlines or commas) or a list of lines. */
  address: string | string[];
  email: string;
  companyNumber: string;
  vatNumber: string;
  plantHealthNumber: string;
  postcode: string;
  /** The yard's position in decimal degrees. */
  geo: { latitude: number; longitude: number };
  /** When the yard is open: one entry per time range, days as Mo…Su, times as 24-hour HH:MM. */
  openingHours: OpeningHours[];
  /** The site's home page, and absolute URLs of the logo and a picture of the business. */
  url: string;
  logo: string;
  image: string;
  /** A maps service's directions to the yard from wherever the visitor is. */
  directionsUrl: string;
}

/** One opening rule: these days, from `opens` to `closes`. */
export interface OpeningHours {
  days: DayCode[];
  opens: string;
  closes: string;
}

/** App-level because both the layout and a feature (contact) need it. */
export const siteApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSite: build.query<SiteInfo, void>({
      query: () => '/api/site',
      providesTags: ['Site'],
      // Business details change a few times a decade; keep them for the whole visit.
      keepUnusedDataFor: 60 * 60,
    }),
  }),
});

export const { useGetSiteQuery } = siteApi;

/** The postal address as lines, whatever shape the server sent. */
export function addressLines(address: SiteInfo['address'] | undefined): string[] {
  if (!address) return [];
  const lines = Array.isArray(address) ? address : address.split(/\n|,\s*/);
  return lines.map((line) => line.trim()).filter(Boolean);
}

/** A telephone number as a tel: URI (digits and a leading plus only). */
export function telHref(telephone: string): string {
  return `tel:${telephone.replace(/[^\d+]/g, '')}`;
}

const WEEK: readonly DayCode[] = DAY_CODES;

/**
 * Opening hours as readable rows: consecutive days joined into a range ("Monday – Friday"), a
 * day's several time ranges on one row ("08:00–12:00, 13:00–17:00"). Pure, so the server and the
 * browser render the same text.
 */
export function openingHoursRows(hours: OpeningHours[] | undefined): { days: string; times: string }[] {
  const rows: { days: DayCode[]; times: string[] }[] = [];
  for (const rule of hours ?? []) {
    const times = `${rule.opens}–${rule.closes}`;
    const row = rows.find((r) => r.days.join() === rule.days.join());
    if (row) row.times.push(times);
    else rows.push({ days: rule.days, times: [times] });
  }
  return rows.map((row) => ({ days: dayRanges(row.days), times: row.times.join(', ') }));
}

/** "Monday – Friday, Sunday" from [Mo, Tu, We, Th, Fr, Su]. */
function dayRanges(days: DayCode[]): string {
  const sorted = WEEK.filter((day) => days.includes(day));
  const runs: DayCode[][] = [];
  for (const day of sorted) {
    const run = runs.at(-1);
    if (run && WEEK.indexOf(run.at(-1)!) === WEEK.indexOf(day) - 1) run.push(day);
    else runs.push([day]);
  }
  return runs
    .map((run) => (run.length > 2 ? `${DAY_NAMES[run[0]!]} – ${DAY_NAMES[run.at(-1)!]}` : run.map((d) => DAY_NAMES[d]).join(', ')))
    .join(', ');
}
