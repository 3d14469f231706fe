import type { PriceBreak, StockStatus } from '../../shared/api/catalogue.ts';
import type { CatalogueSeedRow } from './catalogue.ts';

/**
 * The demo catalogue's trade terms, so an approved buyer of the demo sees what approval is worth:
 * prices as a UK wholesale nursery lists them (bare-root hedging whips £0.85–£3.50 with 100+ and
 * 500+ breaks, pots priced by size, taller plants dearer), and a mixed availability. Each line's
 * terms come from a hash of the line itself, so every run gives the same catalogue; only the
 * ready-from dates move, counted from the day the seed runs so they never go stale.
 */

export interface SeedTrade {
  price_pence: number | null;
  price_breaks: PriceBreak[];
  stock_status: StockStatus;
  stock_quantity: number | null;
  /** YYYY-MM-DD. */
  ready_from: string | null;
}

/** A line's own number in [0, 1) for one purpose (`salt`): FNV-1a over the line's fields. */
function draw(row: CatalogueSeedRow, salt: string): number {
  let hash = 0x811c9dc5;
  for (const char of `${row.genus}|${row.species}|${row.form}|${row.height}|${salt}`) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash / 2 ** 32;
}

/** Whips and transplants by height band, in pence, before the species' own factor. */
const BARE_ROOT_PENCE: Record<string, number> = {
  '10-20': 60,
  '20-40': 85,
  '40-60': 105,
  '60-90': 150,
  '90-120': 210,
  '120-150': 290,
  '150-175': 420,
  '175-200': 560,
};
/** Pot sizes' own price, in pence, plus {@link HEIGHT_EXTRA_PENCE} for a taller plant in it. */
const POT_PENCE: Record<string, number> = { '9cm': 165, '1L': 275, '2L': 425, '3L': 650, '7L': 1650, '7.5L': 1850, '10L': 2600 };
const HEIGHT_EXTRA_PENCE: Record<string, number> = {
  '10-20': 0,
  '20-40': 0,
  '40-60': 40,
  '60-90': 120,
  '90-120': 350,
  '120-150': 800,
  '150-175': 1000,
  '175-200': 1600,
};
/** A grafted bare-root fruit tree (a maiden or two-year tree), whatever its height band. */
const FRUIT_TREE_PENCE = 1150;
const ROOTSTOCK_PENCE = 110;

/** The shares of lines with no price, and of each stock status (the rest are in stock). */
const PRICE_ON_REQUEST_SHARE = 0.1;
const LIMITED_FROM = 0.62;
const READY_FROM_FROM = 0.75;
const OUT_OF_STOCK_FROM = 0.9;

/** Under £10 to the nearest 5p; from £10 a "£24.95" price, as nurseries write them. */
function roundPrice(pence: number): number {
  if (pence < 1000) return Math.max(5, Math.round(pence / 5) * 5);
  return Math.round(pence / 50) * 50 - 5;
}

const cultivar = (row: CatalogueSeedRow) => /['‘’]/.test(row.species);

/** The line's single-plant price in pence, before any break. */
function basePrice(row: CatalogueSeedRow): number {
  const species = 1 + 0.2 * draw(row, 'species'); // one species costs a little more to grow than another
  if (row.kind === 'rootstock') return roundPrice(ROOTSTOCK_PENCE * species);
  if (row.form !== 'Bare root') {
    const named = cultivar(row) ? 1.2 : 1;
    return roundPrice((POT_PENCE[row.form]! + HEIGHT_EXTRA_PENCE[row.height]!) * species * named);
  }
  if (row.kind === 'fruit') return roundPrice(FRUIT_TREE_PENCE * species);
  const whip = BARE_ROOT_PENCE[row.height]! * species * (cultivar(row) ? 1.2 : 1);
  // Hedging whips stay within the trade's usual £0.85–£3.50; feathered tree whips cost more.
  return row.kind === 'hedging' ? Math.min(350, Math.max(85, roundPrice(whip))) : roundPrice(whip * 1.5);
}

/** The quantities a line's breaks start at, and the share of the single price each pays. */
function breakSteps(row: CatalogueSeedRow): [quantity: number, share: number][] {
  const deeper = draw(row, 'breaks') < 0.8; // most lines have two breaks, some one
  if (row.kind === 'fruit' && row.form === 'Bare root') return [[10, 0.92]];
  if (row.form === 'Bare root')
    return deeper
      ? [
          [100, 0.9],
          [500, 0.8],
        ]
      : [[100, 0.9]];
  if (['9cm', '1L', '2L'].includes(row.form))
    return deeper
      ? [
          [50, 0.92],
          [250, 0.85],
        ]
      : [[50, 0.92]];
  if (row.form === '3L')
    return deeper
      ? [
          [25, 0.93],
          [100, 0.87],
        ]
      : [[25, 0.93]];
  return deeper
    ? [
        [10, 0.95],
        [50, 0.9],
      ]
    : [[10, 0.95]];
}

/** Breaks each strictly cheaper than the price (or break) before it, as the catalogue's schema wants them read. */
function priceBreaks(row: CatalogueSeedRow, price: number): PriceBreak[] {
  const breaks: PriceBreak[] = [];
  let previous = price;
  for (const [min_quantity, share] of breakSteps(row)) {
    const price_pence = Math.min(roundPrice(price * share), previous - 5);
    if (price_pence <= 0) break;
    breaks.push({ min_quantity, price_pence });
    previous = price_pence;
  }
  return breaks;
}

/** A whole number in [min, max] rounded down to `step`, drawn for this line. */
function quantity(row: CatalogueSeedRow, min: number, max: number, step: number): number {
  return Math.max(step, Math.floor((min + (max - min) * draw(row, 'quantity')) / step) * step);
}

/** The first of a month 1–8 months after `today` (YYYY-MM-DD): when a line is lifted or potted on. */
function readyFrom(row: CatalogueSeedRow, today: string): string {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const ahead = 1 + Math.floor(draw(row, 'ready') * 8);
  const index = year * 12 + (month - 1) + ahead;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

function stock(row: CatalogueSeedRow, today: string): Pick<SeedTrade, 'stock_status' | 'stock_quantity' | 'ready_from'> {
  const roll = draw(row, 'stock');
  const field = row.form === 'Bare root' && row.kind === 'hedging';
  const large = ['7L', '7.5L', '10L'].includes(row.form);
  if (roll >= OUT_OF_STOCK_FROM) return { stock_status: 'out_of_stock', stock_quantity: 0, ready_from: null };
  if (roll >= READY_FROM_FROM) return { stock_status: 'ready_from', stock_quantity: null, ready_from: readyFrom(row, today) };
  if (roll >= LIMITED_FROM) {
    const count = field ? quantity(row, 100, 600, 10) : large ? quantity(row, 3, 25, 1) : quantity(row, 10, 80, 5);
    return { stock_status: 'limited', stock_quantity: count, ready_from: null };
  }
  const count = field ? quantity(row, 2000, 25000, 500) : large ? quantity(row, 20, 400, 10) : quantity(row, 200, 4000, 50);
  return { stock_status: 'in_stock', stock_quantity: count, ready_from: null };
}

/** A demo line's trade terms; `today` is the seed's run date (YYYY-MM-DD, UK). */
export function seedTrade(row: CatalogueSeedRow, today: string): SeedTrade {
  const onRequest = draw(row, 'price') < PRICE_ON_REQUEST_SHARE;
  const price = onRequest ? null : basePrice(row);
  return { price_pence: price, price_breaks: price === null ? [] : priceBreaks(row, price), ...stock(row, today) };
}
