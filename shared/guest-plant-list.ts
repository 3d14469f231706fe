/**
 * A guest keeps their plant list in the browser (localStorage, web/src/features/plant-list/guest-list.ts).
 * So that the server can render /plant-list with the guest's own lines — and the page neither
 * waits for the app nor moves when the list appears — the browser mirrors each line's catalogue id
 * and quantity into a cookie sent only to /plant-list. localStorage stays the list: the page reads
 * it again after hydrating, and the mirror only decides what the first paint shows.
 */

/** The mirror's cookie: sent with /plant-list and its sub-pages only (Path), so no other request carries it. */
export const GUEST_LIST_COOKIE = 'plant_list';
export const GUEST_LIST_COOKIE_PATH = '/plant-list';

/**
 * The read the server render answers with the guest's mirrored lines (src/ssr/personal-resolver.ts).
 * Not an HTTP route: only the render's resolver knows it.
 */
export const GUEST_LIST_SERVER_READ = '/api/plant-list/guest-mirror';

/**
 * Room for the value: browsers keep cookies up to 4,096 bytes with the name. About 350 lines fit;
 * a longer list is mirrored in part, which only matters far below the fold.
 */
const MAX_VALUE_BYTES = 3_600;

/** One mirrored line. */
export interface MirroredLine {
  catalogue_item_id: number;
  quantity: number;
}

/** The cookie value for these lines, in their order: "id-quantity" joined by "_" (characters a cookie takes as they are). */
export function mirrorValue(lines: readonly MirroredLine[]): string {
  let value = '';
  for (const line of lines) {
    const next = `${value ? '_' : ''}${line.catalogue_item_id}-${line.quantity}`;
    if (value.length + next.length > MAX_VALUE_BYTES) break;
    value += next;
  }
  return value;
}

/**
 * The lines in a cookie value, as the visitor sent it: anything that is not a line is skipped, a
 * repeated id keeps its first line, and never more than `maxLines`. The quantity's limits are the
 * caller's to check (the contract's, in one place).
 */
export function readMirror(value: string | undefined, maxLines: number): MirroredLine[] {
  const lines: MirroredLine[] = [];
  const seen = new Set<number>();
  for (const part of (value ?? '').slice(0, MAX_VALUE_BYTES).split('_')) {
    const match = /^([1-9]\d{0,8})-([1-9]\d{0,8})$/.exec(part);
    if (!match) continue;
    const id = Number(match[1]);
    if (seen.has(id)) continue;
    seen.add(id);
    lines.push({ catalogue_item_id: id, quantity: Number(match[2]) });
    if (lines.length === maxLines) break;
  }
  return lines;
}
