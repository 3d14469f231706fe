/**
 * The species epithet of a line's `species` field, the key of the curated species names
 * (common-names.ts): the first word, lower case, after a leading hybrid sign — "laurocerasus
 * 'Rotundifolia'" → "laurocerasus", "× hispanica" and "x hispanica" (as spreadsheets type it) →
 * "hispanica". A cultivar listed without its species ("'Kanzan'") has none that any name matches.
 * The same rule twice, for JavaScript and for PostgreSQL; species-epithet.test.ts holds them equal.
 */
const HYBRID_SIGN = String.raw`^\s*(×\s*|[xX]\s+)`;

export function speciesEpithet(species: string): string {
  const rest = species.replace(new RegExp(HYBRID_SIGN), '').replace(/^ +| +$/g, '');
  return (rest.split(' ')[0] ?? '').toLowerCase();
}

/** {@link speciesEpithet} of the `species` column, as an SQL expression. */
export const SPECIES_EPITHET_SQL = `lower(split_part(btrim(regexp_replace(species, '${HYBRID_SIGN}', '')), ' ', 1))`;
