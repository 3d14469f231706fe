/**
 * How close a name written in a schedule is to a catalogue plant (genus + species, the species
 * field holding any cultivar in quotes). Pure. pg_trgm finds the candidates (matcher.ts); these
 * rules decide, because a trigram score cannot tell "Acer campestre" (the plant) from "Acer
 * campestre 'Elsrijk'" (another plant, one cultivar of it) or from "Acer campestris" (a typo).
 */

/** What a name is to a plant. */
export type Relation =
  /** The plant asked for: genus, species and cultivar (or none) agree. */
  | 'same'
  /** The catalogue has a cultivar of the species asked for. */
  | 'cultivar'
  /** A cultivar was asked for; the catalogue has the species. */
  | 'species'
  /** Another cultivar of the same species, or another plant. */
  | 'different';

export interface NameScore {
  relation: Relation;
  /** 0–1: how well the written words fit the plant's (spelling slips lower it). */
  score: number;
}

/** Words of a plant name that say nothing about which plant it is. */
const RANK_WORDS = new Set(['x', 'var', 'f', 'subsp', 'ssp', 'cv', 'agg', 'sp', 'spp', 'and', 'syn']);
/** Two words are the same word written slightly wrong from this similarity up. */
const SAME_WORD = 0.75;

interface NameParts {
  /** Lower-case words before any cultivar: genus first. */
  words: string[];
  /** Whether each of `words` was capitalised as written (a cultivar without quotes is). */
  capitalised: boolean[];
  /** Lower-case words of the cultivar in quotes. */
  cultivar: string[];
}

const wordsOf = (text: string) =>
  text
    .replace(/[^\p{L}\p{N}'-]+/gu, ' ')
    .split(' ')
    .map((w) => w.replace(/^[-']+|[-']+$/g, ''))
    .filter((w) => w && !RANK_WORDS.has(w.toLowerCase()));

/** A name split into its plain words and its quoted cultivar ("Prunus laurocerasus 'Rotundifolia'"). */
function nameParts(name: string): NameParts {
  const text = name.replace(/"/g, "'");
  // A cultivar's quotes open after a space and close before one, so "'Paul's Scarlet'" is one cultivar.
  const cultivarPattern = /(^|\s)'(.+?)'(?=\s|$)/g;
  const quoted = [...text.matchAll(cultivarPattern)].map((m) => m[2]!);
  const plain = text.replace(cultivarPattern, ' ');
  const words = wordsOf(plain);
  return {
    words: words.map((w) => w.toLowerCase()),
    capitalised: words.map((w) => /^\p{Lu}/u.test(w)),
    cultivar: quoted.flatMap(wordsOf).map((w) => w.toLowerCase()),
  };
}

/** A catalogue plant's parts, kept: every name of a schedule is scored against the same plants. */
const plantCache = new Map<string, NameParts>();
function plantParts(genus: string, species: string): NameParts {
  const key = `${genus} ${species}`;
  let parts = plantCache.get(key);
  if (!parts) {
    if (plantCache.size > 50_000) plantCache.clear(); // bounded: a catalogue has a few thousand plants
    parts = nameParts(key);
    plantCache.set(key, parts);
  }
  return parts;
}

/** 1 − edit distance / longer length. */
export function wordSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  const longer = Math.max(a.length, b.length);
  if (!longer) return 1;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return 1 - previous[b.length]! / longer;
}

/** Matches `wanted` words one to one against `offered`: the worst pair's similarity, and what was not used. */
function matchWords(wanted: string[], offered: string[]): { score: number; unused: number[] } {
  const used = new Set<number>();
  let score = 1;
  for (const word of wanted) {
    let best = -1;
    let bestScore = 0;
    offered.forEach((candidate, index) => {
      if (used.has(index)) return;
      const s = wordSimilarity(word, candidate);
      if (s > bestScore) {
        best = index;
        bestScore = s;
      }
    });
    if (best < 0 || bestScore < SAME_WORD) return { score: 0, unused: [] };
    used.add(best);
    score = Math.min(score, bestScore);
  }
  return { score, unused: offered.map((_, i) => i).filter((i) => !used.has(i)) };
}

/**
 * What `written` (a schedule's name) is to the catalogue plant `genus` + `species`. The genus must
 * be the first word (spelling slips allowed); every word of the epithet must be there; then the
 * cultivar decides: quoted in the schedule, or capitalised words left over ("Prunus laurocerasus
 * Rotundifolia"); lower-case words left over are taken as noise ("native", "mix").
 */
export function scoreName(written: string, genus: string, species: string): NameScore {
  const asked = nameParts(written);
  const plant = plantParts(genus, species);
  const [askedGenus, ...askedRest] = asked.words;
  if (!askedGenus) return { relation: 'different', score: 0 };
  const genusScore = wordSimilarity(askedGenus, plant.words[0]!);
  if (genusScore < SAME_WORD) return { relation: 'different', score: 0 };

  // The epithet's words among the schedule's words; the rest may be a cultivar without quotes.
  const epithet = matchWords(plant.words.slice(1), askedRest);
  if (epithet.score === 0) {
    // "Photinia 'Red Robin'": a cultivar known well enough to be written without its species.
    const capitalised = askedRest.filter((_, i) => asked.capitalised[i + 1]);
    const byCultivar = plant.cultivar.length ? matchWords(plant.cultivar, [...asked.cultivar, ...capitalised]) : { score: 0, unused: [] };
    if (byCultivar.score && !byCultivar.unused.length) return { relation: 'same', score: genusScore * byCultivar.score * 0.9 };
    return { relation: 'different', score: genusScore * 0.3 };
  }
  const leftover = epithet.unused.filter((i) => asked.capitalised[i + 1]).map((i) => askedRest[i]!);
  const askedCultivar = [...asked.cultivar, ...leftover];
  const base = genusScore * epithet.score;

  if (!plant.cultivar.length) return askedCultivar.length ? { relation: 'species', score: base } : { relation: 'same', score: base };
  if (!askedCultivar.length) return { relation: 'cultivar', score: base };
  // Word for word both ways: 'Red Robin' is not 'Little Red Robin'.
  const cultivar = matchWords(plant.cultivar, askedCultivar);
  return cultivar.score && !cultivar.unused.length
    ? { relation: 'same', score: base * cultivar.score }
    : { relation: 'different', score: base * 0.5 };
}
