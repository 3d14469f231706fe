import { GUEST_LIST_COOKIE, GUEST_LIST_COOKIE_PATH, mirrorValue } from '../../../../shared/guest-plant-list.ts';
import { MAX_LINES, snapshotOf, validQuantity } from './types.ts';
import type { PlantListSnapshot } from './types.ts';

/** The guest's list in localStorage; the version is in the key so a future shape starts afresh. */
export const GUEST_LIST_KEY = 'hothfield.plant-list.v1';

/** One line of a guest's list: what the server's list keeps, minus the ids it assigns. */
export interface GuestLine {
  catalogue_item_id: number;
  quantity: number;
  snapshot: PlantListSnapshot;
}

const isText = (value: unknown): value is string => typeof value === 'string';

/** A stored line if it has the whole shape, else null (junk from an old build or another tab's hand edit). */
function readLine(value: unknown): GuestLine | null {
  if (typeof value !== 'object' || value === null) return null;
  const { catalogue_item_id: id, quantity, snapshot } = value as Record<string, unknown>;
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1) return null;
  if (typeof quantity !== 'number' || !validQuantity(quantity)) return null;
  if (typeof snapshot !== 'object' || snapshot === null) return null;
  const s = snapshot as Record<string, unknown>;
  if (![s.genus, s.species, s.common_name, s.form, s.height].every(isText)) return null;
  // A code is optional: a line stored before product codes has none.
  const code = typeof s.code === 'string' ? s.code : '';
  return { catalogue_item_id: id, quantity, snapshot: snapshotOf({ ...(s as unknown as PlantListSnapshot), code }) };
}

/**
 * The guest's lines. Tolerant: unreadable storage or JSON gives an empty list, a bad line is
 * skipped, a repeated id keeps its first line, and never more than the contract's maximum.
 */
export function readGuestList(storage: Storage | undefined = globalThis.localStorage): GuestLine[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage?.getItem(GUEST_LIST_KEY) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const lines: GuestLine[] = [];
  const seen = new Set<number>();
  for (const value of parsed) {
    const line = readLine(value);
    if (!line || seen.has(line.catalogue_item_id)) continue;
    seen.add(line.catalogue_item_id);
    lines.push(line);
    if (lines.length === MAX_LINES) break;
  }
  return lines;
}

/** Stores the guest's lines (an empty list removes the key). Storage full or blocked: reported to the caller. */
export function writeGuestList(lines: GuestLine[], storage: Storage | undefined = globalThis.localStorage): void {
  if (!storage) throw new Error('This browser does not let the site keep a list.');
  if (lines.length === 0) storage.removeItem(GUEST_LIST_KEY);
  else storage.setItem(GUEST_LIST_KEY, JSON.stringify(lines));
  mirrorGuestList(lines);
}

/** A year: the mirror lives as long as a visitor would expect the list to be remembered. */
const MIRROR_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * Writes the lines' ids and quantities to the cookie the server renders /plant-list from
 * (shared/guest-plant-list.ts); no lines, no cookie. Called on every write and every read of the
 * list, so a list stored before the mirror existed (or changed in a tab that had not loaded it) is
 * mirrored the next time the page reads it.
 */
export function mirrorGuestList(lines: readonly GuestLine[], doc: Document | undefined = globalThis.document): void {
  if (!doc) return;
  const value = mirrorValue(lines);
  const secure = doc.location?.protocol === 'https:' ? '; Secure' : '';
  const age = value ? MIRROR_MAX_AGE_SECONDS : 0;
  doc.cookie = `${GUEST_LIST_COOKIE}=${value}; Path=${GUEST_LIST_COOKIE_PATH}; Max-Age=${age}; SameSite=Lax${secure}`;
}

/** The lines with one line's quantity changed (a line's id is its catalogue id). */
export const setGuestQuantity = (lines: GuestLine[], id: number, quantity: number): GuestLine[] =>
  lines.map((line) => (line.catalogue_item_id === id ? { ...line, quantity } : line));

/** The lines without one line. */
export const withoutGuestLine = (lines: GuestLine[], id: number): GuestLine[] => lines.filter((line) => line.catalogue_item_id !== id);
