import type { CatalogueLine } from '../../../shared/api/catalogue.ts';
import type { PlantListSnapshot } from '../../../shared/api/plant-lists.ts';
import type { CatalogueAvailability } from '../../../shared/api/quotations.ts';
import { CATALOGUE_FORMS, CATALOGUE_HEIGHTS } from '../../../shared/catalogue.ts';
import { priceForQuantity } from '../../../shared/trade-pricing.ts';

/** A line about to be stored in a draft (its quotation and position are added on insert). */
export interface DraftLine extends PlantListSnapshot {
  quote_request_line_id: number | null;
  is_substitute: boolean;
  catalogue_item_id: number | null;
  quantity: number;
  unit_price_pence: number | null;
  note: string;
}

/** A requested line as the draft starts from it. */
export interface RequestedLine {
  id: number;
  catalogue_item_id: number | null;
  code: string;
  genus: string;
  species: string;
  common_name: string;
  form: string;
  height: string;
  quantity: number;
}

/** Whether a catalogue line (staff's view, undefined once deleted) can be supplied today. */
export function availabilityOf(line: CatalogueLine | undefined): CatalogueAvailability {
  if (!line) return 'gone';
  if (line.retired_at) return 'retired';
  const trade = line.trade;
  if (trade && (trade.stock_status === 'out_of_stock' || trade.stock_quantity === 0)) return 'out_of_stock';
  return 'available';
}

/** The catalogue's unit price for `quantity` (its break's, if one applies); null when it has none. */
const cataloguePrice = (line: CatalogueLine | undefined, quantity: number): number | null =>
  priceForQuantity(line?.trade, quantity)?.unit_pence ?? null;

/** A vocabulary position; an unknown value sits past the end. */
const positionIn = (values: readonly string[], value: string) => {
  const at = values.findIndex((v) => v.toLowerCase() === value.trim().toLowerCase());
  return at < 0 ? values.length : at;
};

/**
 * The line to offer instead of `requested`: the same plant (genus and species), available, and
 * nearest in form and height by the vocabularies' order (pot size and height band). A step of form
 * counts double a step of height: a buyer who asked for bare root is nearer served by another
 * height of bare root than by a pot. A tie goes to the larger plant, then the lower id.
 */
export function nearestSubstitute(requested: RequestedLine, candidates: readonly CatalogueLine[]): CatalogueLine | undefined {
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  const form = positionIn(CATALOGUE_FORMS, requested.form);
  const height = positionIn(CATALOGUE_HEIGHTS, requested.height);
  let best: { line: CatalogueLine; score: number; size: number } | undefined;
  for (const line of candidates) {
    if (line.id === requested.catalogue_item_id || !same(line.genus, requested.genus) || !same(line.species, requested.species)) continue;
    if (availabilityOf(line) !== 'available') continue;
    const f = positionIn(CATALOGUE_FORMS, line.form);
    const h = positionIn(CATALOGUE_HEIGHTS, line.height);
    const score = 2 * Math.abs(f - form) + Math.abs(h - height);
    const size = f + h;
    if (!best || score < best.score || (score === best.score && (size > best.size || (size === best.size && line.id < best.line.id))))
      best = { line, score, size };
  }
  return best?.line;
}

/** A catalogue line as a draft line at `quantity`, priced from its trade price and breaks. */
export function lineFromCatalogue(
  line: CatalogueLine,
  quantity: number,
  extra: Pick<DraftLine, 'quote_request_line_id' | 'is_substitute' | 'note'>,
): DraftLine {
  return {
    ...extra,
    catalogue_item_id: line.id,
    code: line.code,
    genus: line.genus,
    species: line.species,
    common_name: line.common_name,
    form: line.form,
    height: line.height,
    quantity,
    unit_price_pence: cataloguePrice(line, quantity),
  };
}

/**
 * A new draft's lines: each requested line priced from its catalogue line today (no price when it
 * is retired or gone: it cannot be sold as it is), and after a line that cannot be supplied
 * (retired, gone or out of stock) the nearest available line of the same plant, marked a
 * substitute naming it, for staff to keep or remove. `catalogue`: staff's view by id;
 * `siblings`: the active lines of the requested plants.
 */
export function draftLines(
  requested: readonly RequestedLine[],
  catalogue: ReadonlyMap<number, CatalogueLine>,
  siblings: readonly CatalogueLine[],
): DraftLine[] {
  return requested.flatMap((line) => {
    const now = line.catalogue_item_id === null ? undefined : catalogue.get(line.catalogue_item_id);
    const availability = availabilityOf(now);
    const own: DraftLine = {
      quote_request_line_id: line.id,
      is_substitute: false,
      catalogue_item_id: line.catalogue_item_id,
      code: now?.code ?? line.code,
      genus: line.genus,
      species: line.species,
      common_name: line.common_name,
      form: line.form,
      height: line.height,
      quantity: line.quantity,
      unit_price_pence: availability === 'retired' || availability === 'gone' ? null : cataloguePrice(now, line.quantity),
      note: '',
    };
    if (availability === 'available') return [own];
    const substitute = nearestSubstitute(line, siblings);
    const why = availability === 'out_of_stock' ? 'out of stock' : 'no longer grown';
    return substitute
      ? [
          own,
          lineFromCatalogue(substitute, line.quantity, {
            quote_request_line_id: line.id,
            is_substitute: true,
            note: `Instead of ${own.code || `${line.genus} ${line.species}`} (${why})`,
          }),
        ]
      : [own];
  });
}
