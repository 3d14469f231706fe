import { CATALOGUE_HEIGHTS } from '../../../shared/catalogue.ts';

/**
 * Nursery notation, read from one schedule line: "Acer campestre 60-90 BR x 250",
 * "Carpinus betulus 1L 40/60", "Crataegus monogyna 0.6-0.9m bare root", "250 no. Taxus baccata
 * 125-150cm RB". Pure: what is left once the sizes, forms and quantity are taken out is the plant's
 * name, matched against the catalogue by matcher.ts.
 */
export interface LineNotation {
  /** The plant as written, sizes, forms and quantity taken out. */
  name: string;
  /**
   * The form: a catalogue form (`Bare root`, `9cm`, `1L` … `10L`), or one the catalogue does not
   * sell as such (`5L`, `Rootball`, `Cell grown`), or `Pot` for "container grown" without a size.
   */
  form: string | null;
  /** The catalogue height band the asked height falls in (nearest band), or `Rootstock`. */
  height: string | null;
  /** The height as asked, in cm, when the band is only the nearest one ("125-150" → 120-150). */
  askedHeight: string | null;
  quantity: number | null;
}

/** Forms the catalogue does not sell: read so the matcher can offer the nearest. */
const ROOTBALL = 'Rootball';
const CELL_GROWN = 'Cell grown';
/** "Pot grown" / "container" without a size: any pot will do. */
export const ANY_POT = 'Pot';

/** Typographic marks as spreadsheets and PDFs spell them, made plain. */
function plainText(text: string): string {
  return text
    .replace(/[\u2018\u2019\u201a\u201b\u2032`\u00b4]/g, "'")
    .replace(/[\u201c\u201d\u201e\u2033]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\u00d7/g, ' x ')
    .replace(/[\u00a0\s]+/g, ' ')
    .trim();
}

/** More plants than this on one line is not a quantity (a code or a typo): the review asks for one. */
const MAX_QUANTITY = 1_000_000;

const NUMBER = String.raw`\d+(?:\.\d+)?`;
const INTEGER = String.raw`\d{1,3}(?:,\d{3})+|\d+`;

/** Words that describe how a plant is grown or graded, not which plant it is. */
const DESCRIPTORS =
  /\b(?:whips?|feathered|transplants?|t\/?p|1\s?\+\s?[01]|[01]\s?\/\s?[01]|[01]u[01]|heavy|extra|light|half|standards?|std|select|multi[\s-]?stem(?:med)?|ms|bushy|branched|hedging|grade|plants?|clear\s+stem|cs|\d+\s*(?:breaks|brks)|girth|g|pot[\s-]?grown|container[\s-]?grown|cg|field[\s-]?grown|cont(?:ainer)?|pots?|specimen|spec|ht|height)\b\.?/gi;

/** Reads one line's notation. `quantityCell` is the schedule's quantity column, when it has one. */
export function readNotation(text: string, quantityCell?: string): LineNotation {
  let rest = ` ${plainText(text)} `;
  const take = (pattern: RegExp, read: (match: RegExpExecArray) => void): boolean => {
    const match = pattern.exec(rest);
    if (!match) return false;
    read(match);
    rest = `${rest.slice(0, match.index)} ${rest.slice(match.index + match[0].length)}`;
    return true;
  };

  let quantity = quantityOf(quantityCell);
  const setQuantity = (digits: string) => {
    quantity ??= Number(digits.replace(/,/g, ''));
  };
  // Quantities first: "x 250", "250 no.", "qty 250", a leading "250" before the name.
  take(new RegExp(String.raw`\s(?:x|qty:?|quantity:?|no\.?:)\s*(${INTEGER})\s*(?:no\.?|nr\.?|nos\.?|plants?)?\s*$`, 'i'), (m) =>
    setQuantity(m[1]!),
  );
  take(new RegExp(String.raw`\s(${INTEGER})\s*(?:no|nr|nos|pcs|off|plants)\b\.?`, 'i'), (m) => setQuantity(m[1]!));
  take(new RegExp(String.raw`^\s*(${INTEGER})\s+(?:x\s+|no\.?\s+|nr\.?\s+|-\s+)?(?!(?:l|lt|ltr|litres?|cm|m)\b)(?=[a-z'"])`, 'i'), (m) =>
    setQuantity(m[1]!),
  );

  // Girths ("8-10cm girth", "10/12 g", a bare "12-14" a tree's girth in steps of 2) are not heights: taken out and not read.
  take(new RegExp(String.raw`\s(?:${NUMBER})\s*(?:cm)?\s*[-/]\s*(?:${NUMBER})\s*(?:cm)?\s*(?:girth|g)\b\.?`, 'i'), () => undefined);
  const girth = /\s(\d{1,2})\s*(?:cm)?\s*[-/]\s*(\d{1,2})\s*(?:cm)?(?![\d.a-z])/i;
  const bare = girth.exec(rest);
  if (bare && isGirth(Number(bare[1]), Number(bare[2]))) take(girth, () => undefined);

  let form: string | null = null;
  const setForm = (value: string) => {
    form ??= value;
  };
  take(/\s(?:bare[\s-]?root(?:ed)?|b\.?\s?r\.?|b\/r)(?![a-z])/i, () => setForm('Bare root'));
  take(/\s(?:r\.?\s?b\.?|root[\s-]?ball(?:ed)?|b\s?&\s?b|balled)(?![a-z])/i, () => setForm(ROOTBALL));
  take(/\s(?:cell[\s-]?grown|cells?|plugs?)(?![a-z])/i, () => setForm(CELL_GROWN));
  take(new RegExp(String.raw`\s(${NUMBER})\s*(?:l|lt|ltr|ltrs|litres?|liters?)(?![a-z])\.?(?:\s*(?:pot|container|cont)\b\.?)?`, 'i'), (m) =>
    setForm(litres(m[1]!)),
  );
  take(new RegExp(String.raw`\sc\s?(${NUMBER})(?![\d.a-z])`, 'i'), (m) => setForm(litres(m[1]!)));
  take(/\sp\s?(\d{1,2})(?![\d.a-z])/i, (m) => setForm(`${m[1]}cm`));
  take(/\s(\d{1,2})\s?cm\s*(?:sq\.?\s*)?(?:pot|p)\b\.?/i, (m) => setForm(`${m[1]}cm`));
  take(/\s(?:pot|container)[\s-]?grown|\s(?:cg|pot|container)(?![a-z])/i, () => setForm(ANY_POT));

  let heightCm: [number, number] | null = null;
  let rootstock = false;
  take(/\s(?:root\s?stocks?)(?![a-z])/i, () => (rootstock = true));
  take(
    new RegExp(String.raw`\s(${NUMBER})\s*(cm|m)?\s*(?:-|to|/)\s*(${NUMBER})\s*(cm|m)?(?![a-z\d])\.?(?:\s*(?:high|tall|ht)\b\.?)?`, 'i'),
    (m) => (heightCm = rangeInCm(Number(m[1]), Number(m[3]), (m[2] ?? m[4] ?? '').toLowerCase())),
  );
  if (!heightCm) {
    take(new RegExp(String.raw`\s(${NUMBER})\s*(cm|m)(?![a-z])\.?`, 'i'), (m) => {
      const value = Number(m[1]);
      const unit = m[2]!.toLowerCase();
      if (unit === 'cm' && value < 20 && !Number.isNaN(value))
        setForm(`${value}cm`); // "9cm" alone is a pot
      else {
        const cm = unit === 'm' ? value * 100 : value;
        heightCm = [cm, cm];
      }
    });
  }
  // A quantity last in the line, once the sizes are out of the way: "Acer campestre 60-90 BR 250".
  if (quantity === null) take(new RegExp(String.raw`\s(${INTEGER})\s*$`), (m) => setQuantity(m[1]!));

  const name = withoutAside(rest)
    .replace(DESCRIPTORS, ' ')
    .replace(/[,;:|@()[\]]+/g, ' ')
    .replace(/(^|\s)[-–/.]+(?=\s|$)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const band: string | null = rootstock ? 'Rootstock' : heightCm ? nearestBand(heightCm) : null;
  const asked = heightCm as [number, number] | null;
  const askedHeight = asked && band && band !== `${asked[0]}-${asked[1]}` ? describeCm(asked) : null;
  return {
    name,
    form,
    height: band,
    askedHeight,
    quantity: quantity !== null && quantity > 0 && quantity <= MAX_QUANTITY ? quantity : null,
  };
}

/** "12-14": a tree's girth in cm (steps of 2 to 5, from 6 up), where a height band spans 10 cm or more. */
const isGirth = (low: number, high: number) => low >= 6 && high > low && high - low <= 5 && high <= 40;

/**
 * A name with a bracketed aside: the botanical name of the two ("Acer campestre (Field maple)",
 * "Hornbeam (Carpinus betulus)"), never both, so a common name is not read as a cultivar.
 */
function withoutAside(text: string): string {
  const inside = [...text.matchAll(/\(([^)]*)\)/g)].map((m) => m[1]!.trim());
  if (!inside.length) return text;
  const outside = text.replace(/\([^)]*\)/g, ' ').trim();
  const botanical = (s: string) => /^\p{Lu}\p{Ll}+\s+(?:x\s+)?['"\p{Ll}]/u.test(s);
  if (botanical(outside)) return outside;
  return inside.find(botanical) ?? (outside || inside[0]!);
}

/** A quantity cell: "250", "250 no.", "1,000"; anything else none. */
function quantityOf(cell: string | undefined): number | null {
  const match = cell?.trim().match(new RegExp(String.raw`^(?:x\s*)?(${INTEGER})(?:\.0+)?\s*(?:no\.?|nr\.?|nos\.?|plants?)?$`, 'i'));
  return match ? Number(match[1]!.replace(/,/g, '')) : null;
}

/** "2" → 2L, "7.5" → 7.5L, "3.0" → 3L. */
const litres = (value: string) => `${Number(value)}L`;

/**
 * A height range in cm: metres when the unit says so, or when the figures can only be metres
 * ("1.2-1.5" without a unit); a schedule never asks for 1–2 cm plants.
 */
function rangeInCm(low: number, high: number, unit: string): [number, number] {
  const metres = unit === 'm' || (unit === '' && high <= 5);
  const scale = metres ? 100 : 1;
  const a = Math.round(low * scale);
  const b = Math.round(high * scale);
  return a <= b ? [a, b] : [b, a];
}

const describeCm = ([low, high]: [number, number]) => (low === high ? `${low}` : `${low}-${high}`);

const BANDS = CATALOGUE_HEIGHTS.filter((h) => h !== 'Rootstock').map((band) => {
  const [low, high] = band.split('-').map(Number) as [number, number];
  return { band, low, high };
});

/**
 * The catalogue band a height falls in: the one it overlaps most, else the nearest by midpoint
 * ("125-150" → 120-150, "0.6-0.9m" → 60-90, "200-250" → 175-200).
 */
export function nearestBand([low, high]: [number, number]): string {
  const middle = (low + high) / 2;
  let best = BANDS[0]!;
  let bestKey: [number, number] = [-Infinity, -Infinity];
  for (const b of BANDS) {
    const key: [number, number] = [Math.min(high, b.high) - Math.max(low, b.low), -Math.abs(middle - (b.low + b.high) / 2)];
    if (key[0] > bestKey[0] || (key[0] === bestKey[0] && key[1] > bestKey[1])) {
      best = b;
      bestKey = key;
    }
  }
  return best.band;
}

/**
 * How far apart two forms are, for offering the nearest: 0 the same; pots by the ratio of their
 * volumes; bare root and rootball (both field grown) 1 apart; field grown to a pot 2.
 */
export function formDistance(asked: string, offered: string): number {
  if (asked === offered) return 0;
  if (asked === ANY_POT) return offered === 'Bare root' ? 2 : 0.1 * potLitres(offered);
  const field = (f: string) => f === 'Bare root' || f === ROOTBALL;
  if (field(asked) && field(offered)) return 1;
  if (field(asked) || field(offered)) return 2;
  const a = potLitres(asked);
  const b = potLitres(offered);
  return Math.min(1.9, Math.abs(Math.log2(a / b)) / 2);
}

/** A pot's volume in litres ("9cm" about half a litre, a cell less). */
function potLitres(form: string): number {
  if (form === CELL_GROWN) return 0.1;
  const cm = form.match(/^(\d+)cm$/);
  if (cm) return (Number(cm[1]) / 10) ** 3 * 0.7;
  const l = form.match(/^(\d+(?:\.\d+)?)L$/);
  return l ? Number(l[1]) : 1;
}
