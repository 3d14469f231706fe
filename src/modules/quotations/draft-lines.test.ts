import { describe, expect, it } from 'vitest';
import type { CatalogueLine, CatalogueTrade } from '../../../shared/api/catalogue.ts';
import { availabilityOf, draftLines, nearestSubstitute, type RequestedLine } from './draft-lines.ts';

const trade = (over: Partial<CatalogueTrade> = {}): CatalogueTrade => ({
  price_pence: 250,
  price_breaks: [],
  stock_status: 'in_stock',
  stock_quantity: null,
  ready_from: null,
  ...over,
});
let nextId = 100;
const line = (over: Partial<CatalogueLine> = {}): CatalogueLine => ({
  id: nextId++,
  code: `C${nextId}`,
  genus: 'Carpinus',
  species: 'betulus',
  common_name: 'Hornbeam',
  form: 'Bare root',
  height: '60-90',
  trade: trade(),
  ...over,
});
const requested = (of: CatalogueLine, quantity = 50, id = 1): RequestedLine => ({
  id,
  catalogue_item_id: of.id,
  code: of.code,
  genus: of.genus,
  species: of.species,
  common_name: of.common_name,
  form: of.form,
  height: of.height,
  quantity,
});

describe('availabilityOf', () => {
  it('says whether a line can be supplied', () => {
    expect(availabilityOf(undefined)).toBe('gone');
    expect(availabilityOf(line({ retired_at: '2026-11-01T00:00:00Z' }))).toBe('retired');
    expect(availabilityOf(line({ trade: trade({ stock_status: 'out_of_stock' }) }))).toBe('out_of_stock');
    expect(availabilityOf(line({ trade: trade({ stock_quantity: 0 }) }))).toBe('out_of_stock');
    expect(availabilityOf(line({ trade: trade({ stock_status: 'limited', stock_quantity: 4 }) }))).toBe('available');
  });
});

describe('nearestSubstitute', () => {
  const wanted = line({ form: 'Bare root', height: '60-90' });
  it('takes the same plant, the same form and the nearest height first', () => {
    const pot = line({ form: '2L', height: '60-90' });
    const taller = line({ form: 'Bare root', height: '90-120' });
    const much = line({ form: 'Bare root', height: '150-175' });
    expect(nearestSubstitute(requested(wanted), [much, pot, taller])?.id).toBe(taller.id);
  });
  it('breaks a tie towards the larger plant, never offers another plant or an unavailable line', () => {
    const shorter = line({ height: '40-60' });
    const taller = line({ height: '90-120' });
    expect(nearestSubstitute(requested(wanted), [shorter, taller])?.id).toBe(taller.id);
    const otherPlant = line({ species: 'orientalis', height: '60-90' });
    const sold = line({ height: '90-120', trade: trade({ stock_status: 'out_of_stock' }) });
    expect(nearestSubstitute(requested(wanted), [otherPlant, sold, wanted])).toBeUndefined();
  });
});

describe('draftLines', () => {
  it('prices each requested line for its quantity, breaks included', () => {
    const acer = line({
      genus: 'Acer',
      species: 'campestre',
      trade: trade({ price_pence: 1250, price_breaks: [{ min_quantity: 10, price_pence: 1100 }] }),
    });
    const [priced] = draftLines([requested(acer, 12)], new Map([[acer.id, acer]]), []);
    expect(priced).toMatchObject({
      catalogue_item_id: acer.id,
      quantity: 12,
      unit_price_pence: 1100,
      is_substitute: false,
      quote_request_line_id: 1,
    });
  });

  it('offers the nearest available line after a retired or out-of-stock one, naming the requested line', () => {
    const retired = line({ retired_at: '2026-11-01T00:00:00Z', height: '60-90' });
    const sold = line({ height: '120-150', trade: trade({ stock_status: 'out_of_stock', price_pence: 900 }) });
    const instead = line({ height: '90-120', trade: trade({ price_pence: 700, price_breaks: [{ min_quantity: 100, price_pence: 650 }] }) });
    const catalogue = new Map([retired, sold, instead].map((l) => [l.id, l]));
    const lines = draftLines([requested(retired, 100, 7), requested(sold, 5, 8)], catalogue, [instead, sold]);
    expect(lines.map((l) => [l.quote_request_line_id, l.is_substitute, l.catalogue_item_id, l.unit_price_pence])).toEqual([
      // A retired line keeps no price: it cannot be sold as it is.
      [7, false, retired.id, null],
      [7, true, instead.id, 650],
      // An out-of-stock line keeps its price (it may be back), with a substitute offered.
      [8, false, sold.id, 900],
      [8, true, instead.id, 700],
    ]);
    expect(lines[1]!.note).toBe(`Instead of ${retired.code} (no longer grown)`);
  });

  it('leaves an unpriced line without a price and offers nothing when nothing is near', () => {
    const onRequest = line({ trade: trade({ price_pence: null }) });
    const gone = requested(line(), 3, 9);
    const lines = draftLines([requested(onRequest, 4), { ...gone, catalogue_item_id: null }], new Map([[onRequest.id, onRequest]]), []);
    expect(lines.map((l) => l.unit_price_pence)).toEqual([null, null]);
    expect(lines).toHaveLength(2);
  });
});
