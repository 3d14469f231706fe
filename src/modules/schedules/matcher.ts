import type { Knex } from 'knex';
import type { ScheduleLineStatus } from '../../../shared/api/schedules.ts';
import { CATALOGUE_HEIGHTS } from '../../../shared/catalogue.ts';
import { plantsCalled, SPECIES_EPITHET_SQL } from '../catalogue/service.ts';
import { ANY_POT, formDistance, type LineNotation } from './notation.ts';
import { scoreName, type Relation } from './plant-names.ts';

/**
 * Matches a schedule's lines to catalogue lines (docs/decisions/014-schedule-matching.md): two
 * queries for the whole schedule find, for every distinct name, the plants of the genus or common
 * name it spells, else those near it by pg_trgm similarity (botanical and common names), plus the
 * plants a curated common name stands for, and their lines; the rules of plant-names.ts and the
 * line's form and height then decide.
 */

/** A match or candidate as stored: the catalogue line's id and how sure the matcher is (0–1). */
export interface MatchedCandidate {
  id: number;
  confidence: number;
}

export interface LineMatch {
  status: ScheduleLineStatus;
  match: MatchedCandidate | null;
  candidates: MatchedCandidate[];
  substitution: string | null;
}

/** From this confidence up a match is one the buyer need not look at twice. */
export const HIGH_CONFIDENCE = 0.8;
/** A plant scoring this far under the best one is not "as good". */
const AS_GOOD = 0.05;

interface CatalogueRowLite {
  id: number;
  genus: string;
  species: string;
  common_name: string;
  form: string;
  height: string;
}

interface ScoredPlant {
  lines: CatalogueRowLite[];
  relation: Relation;
  score: number;
}

/** Every line's match, in the order given. */
export async function matchLines(db: Knex, lines: readonly LineNotation[]): Promise<LineMatch[]> {
  const names = [...new Set(lines.map((l) => l.name).filter(Boolean))];
  const found = await nearestPlants(db, names);
  // Scored once per distinct name: schedules repeat plants in several sizes.
  const scored = new Map(names.map((name) => [name, scorePlants(name, found.get(name) ?? [])]));
  return lines.map((line) => classify(line, scored.get(line.name) ?? []));
}

/** The search key of a name: lower case, without quotes and hybrid signs. */
const searchKey = (name: string) =>
  name
    .toLowerCase()
    .replace(/['"]/g, '')
    .replace(/(^|\s)x(?=\s)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Two round trips for the whole schedule. First, per distinct name, the plants (genus + species)
 * of the genus its first word spells, or with the common name it is; for a name that finds none
 * (a slip in the genus, a common name written otherwise), those whose genus is like its first
 * word, whose "genus species" is like it, or whose common name is like it — pg_trgm's `%`
 * (similarity ≥ 0.3), each answered by a trigram GIN index on a large catalogue; and the plants
 * its curated common name stands for. Then the lines of all those plants at once. Grouped by
 * name, then by plant. (Most names spell their genus right: trigrams only for the rest keep a
 * 20-line paste fast on a small catalogue too, where PostgreSQL scans rather than probes.)
 */
async function nearestPlants(db: Knex, names: string[]): Promise<Map<string, CatalogueRowLite[][]>> {
  const result = new Map<string, CatalogueRowLite[][]>();
  if (!names.length) return result;
  const keys = names.map(searchKey);
  const curated = names.flatMap((name, index) => plantsCalled(name).map((p) => ({ index, genus: p.genus, epithet: p.epithet ?? '' })));
  const { rows: hits } = await db.raw<{ rows: { idx: number; genus: string; species: string }[] }>(
    `WITH q AS (SELECT * FROM unnest(?::int[], ?::text[], ?::text[]) AS t(idx, name, head)),
          c AS (SELECT * FROM unnest(?::int[], ?::text[], ?::text[]) AS t(idx, genus, epithet)),
          exact AS MATERIALIZED (
            SELECT q.idx, i.genus, i.species FROM q JOIN catalogue_items i ON i.retired_at IS NULL AND lower(i.genus) = q.head
            UNION
            SELECT q.idx, i.genus, i.species FROM q JOIN catalogue_items i ON i.retired_at IS NULL AND lower(i.common_name) = q.name)
     SELECT idx, genus, species FROM exact
     UNION
     SELECT q.idx, i.genus, i.species FROM q JOIN catalogue_items i ON i.retired_at IS NULL
        AND (i.genus % q.head OR (i.genus || ' ' || i.species) % q.name OR i.common_name % q.name)
      WHERE NOT EXISTS (SELECT 1 FROM exact WHERE exact.idx = q.idx)
     UNION
     SELECT c.idx, i.genus, i.species FROM c JOIN catalogue_items i ON i.retired_at IS NULL AND i.genus = c.genus
        AND (c.epithet = '' OR ${SPECIES_EPITHET_SQL} = c.epithet)`,
    [
      keys.map((_, i) => i),
      keys,
      keys.map((k) => k.split(' ')[0] ?? ''),
      curated.map((c) => c.index),
      curated.map((c) => c.genus),
      curated.map((c) => c.epithet),
    ],
  );
  const plantKey = (genus: string, species: string) => `${genus}\u0000${species}`;
  const plants = [...new Map(hits.map((h) => [plantKey(h.genus, h.species), h])).values()];
  const lines: CatalogueRowLite[] = plants.length
    ? (
        await db.raw<{ rows: CatalogueRowLite[] }>(
          `SELECT i.id, i.genus, i.species, i.common_name, i.form, i.height
             FROM catalogue_items i JOIN unnest(?::text[], ?::text[]) AS p(genus, species) ON i.genus = p.genus AND i.species = p.species
            WHERE i.retired_at IS NULL ORDER BY i.id`,
          [plants.map((p) => p.genus), plants.map((p) => p.species)],
        )
      ).rows
    : [];
  const linesOf = new Map<string, CatalogueRowLite[]>();
  for (const line of lines) {
    const key = plantKey(line.genus, line.species);
    linesOf.set(key, [...(linesOf.get(key) ?? []), line]);
  }
  const byName = new Map<number, CatalogueRowLite[][]>();
  for (const hit of hits) {
    const found = linesOf.get(plantKey(hit.genus, hit.species));
    if (found) byName.set(hit.idx, [...(byName.get(hit.idx) ?? []), found]);
  }
  names.forEach((name, i) => result.set(name, byName.get(i) ?? []));
  return result;
}

/**
 * Each plant scored against the written name: botanically (plant-names.ts), or by a common name
 * the line carries or the curated lists give ("hornbeam", "quickthorn"). Among plants a common
 * name stands for, the species itself is the plant; its cultivars are relatives.
 */
function scorePlants(name: string, plants: CatalogueRowLite[][]): ScoredPlant[] {
  const wanted = name.trim().toLowerCase();
  const curated = plantsCalled(name);
  // The catalogue's own common names first ("Rowan" is Sorbus aucuparia there), the curated lists else.
  const byLine = (lines: CatalogueRowLite[]) => lines.some((l) => l.common_name.toLowerCase() === wanted);
  const anyByLine = plants.some(byLine);
  const genusWide = curated.some((c) => c.epithet === null);
  return plants
    .map((lines) => {
      const { genus, species } = lines[0]!;
      const botanical = scoreName(name, genus, species);
      const hasCultivar = species.includes("'");
      const called = anyByLine
        ? byLine(lines)
        : curated.some((c) => c.genus === genus && (c.epithet === null || nameEpithet(species) === c.epithet));
      return { lines, hasCultivar, called, botanical };
    })
    .map(({ lines, hasCultivar, called, botanical }, _, all): ScoredPlant => {
      if (!called || botanical.relation === 'same') return { lines, ...botanical };
      // A common name is the species when the catalogue has it; its cultivars only when it has
      // nothing else, and never when the name is a whole genus's ("Dogwood" is not 'Midwinter Fire').
      const plainCalled = all.some((p) => p.called && !p.hasCultivar);
      return { lines, relation: hasCultivar && (plainCalled || genusWide) ? 'cultivar' : 'same', score: 0.9 };
    })
    .filter((p) => p.score > 0)
    .sort((a, b) => b.score - a.score);
}

/** The species epithet as the curated names key it: "× hispanica" → "hispanica". */
const nameEpithet = (species: string) =>
  (
    species
      .replace(/^\s*(×\s*|[xX]\s+)/, '')
      .trim()
      .split(' ')[0] ?? ''
  ).toLowerCase();

/** How much a relation leaves of a plant's score. */
const RELATION_WEIGHT: Record<Relation, number> = { same: 1, cultivar: 0.6, species: 0.55, different: 0.3 };

const HEIGHT_INDEX = new Map<string, number>(CATALOGUE_HEIGHTS.map((h, i) => [h, i]));

/** 0 when a line is the form and height asked for (or they were not given); more the further off. */
function distance(line: CatalogueRowLite, asked: LineNotation): number {
  let d = 0;
  if (asked.height) {
    const a = HEIGHT_INDEX.get(asked.height);
    const b = HEIGHT_INDEX.get(line.height);
    d +=
      a === undefined || b === undefined
        ? 3
        : a === b
          ? 0
          : Math.abs(a - b) + (asked.height === 'Rootstock' || line.height === 'Rootstock' ? 5 : 0);
  }
  // Size first: a buyer takes the height asked in another form sooner than the form in another height.
  if (asked.form) d += formDistance(asked.form, line.form) / 2;
  return d;
}

const fits = (line: CatalogueRowLite, asked: LineNotation) =>
  (!asked.height || asked.height === line.height) &&
  (!asked.form || asked.form === line.form || (asked.form === ANY_POT && line.form !== 'Bare root'));

/** The lines of a plant, nearest to what was asked first (catalogue order among equals). */
const byNearness = (lines: CatalogueRowLite[], asked: LineNotation) =>
  [...lines].sort((a, b) => distance(a, asked) - distance(b, asked) || a.id - b.id);

const round = (n: number) => Math.round(n * 100) / 100;

function substitutionText(line: CatalogueRowLite, asked: LineNotation): string {
  const parts: string[] = [];
  if (asked.height && asked.height !== line.height) parts.push(`${asked.askedHeight ?? asked.height} asked, ${line.height} offered`);
  if (asked.form && !fits({ ...line, height: asked.height ?? line.height }, asked)) parts.push(`${asked.form} asked, ${line.form} offered`);
  return parts.join('; ');
}

/** A line's status from its scored plants. */
function classify(asked: LineNotation, plants: ScoredPlant[]): LineMatch {
  const same = plants.filter((p) => p.relation === 'same' && p.score >= 0.7);
  const best = same[0];
  const topSame = same.filter((p) => p.score >= best!.score - AS_GOOD);
  // An approximate height ("125-150" read as 120-150) is still the line, a little less surely.
  const heightFactor = asked.askedHeight ? 0.9 : 1;

  if (topSame.length === 1) {
    const plant = topSame[0]!;
    const fitting = plant.lines.filter((l) => fits(l, asked));
    if (fitting.length === 1) {
      const match = { id: fitting[0]!.id, confidence: round(plant.score * heightFactor) };
      const others = byNearness(plant.lines, asked)
        .filter((l) => l.id !== match.id)
        .slice(0, 2)
        .map((l) => ({ id: l.id, confidence: round(plant.score * 0.5) }));
      return { status: 'matched', match, candidates: [match, ...others], substitution: null };
    }
    if (fitting.length > 1) {
      const candidates = byNearness(fitting, asked)
        .slice(0, 3)
        .map((l) => ({ id: l.id, confidence: round(plant.score * 0.6) }));
      return { status: 'ambiguous', match: null, candidates, substitution: null };
    }
    const nearest = byNearness(plant.lines, asked);
    const match = { id: nearest[0]!.id, confidence: round(plant.score * 0.7) };
    const others = nearest.slice(1, 3).map((l) => ({ id: l.id, confidence: round(plant.score * 0.5) }));
    return { status: 'substitutable', match, candidates: [match, ...others], substitution: substitutionText(nearest[0]!, asked) };
  }

  // Several plants fit the name as well, or only relatives of it: the buyer chooses.
  const offered = (topSame.length > 1 ? topSame : plants.filter((p) => p.relation !== 'different' && p.score >= 0.5))
    .map((p) => {
      const line = byNearness(p.lines, asked)[0]!;
      const fitFactor = fits(line, asked) ? 1 : 0.8;
      return { id: line.id, confidence: round(p.score * RELATION_WEIGHT[p.relation] * fitFactor * (topSame.length > 1 ? 0.7 : 1)) };
    })
    .sort((a, b) => b.confidence - a.confidence)
    .slice(0, 3);
  if (offered.length) return { status: 'ambiguous', match: null, candidates: offered, substitution: null };

  // Not stocked: near names for the buyer to look at, none offered with any confidence.
  const near = plants
    .filter((p) => p.score >= 0.15)
    .slice(0, 3)
    .map((p) => ({ id: byNearness(p.lines, asked)[0]!.id, confidence: round(Math.min(0.3, p.score * 0.3)) }));
  return { status: 'not_stocked', match: null, candidates: near, substitution: null };
}
