import type { Knex } from 'knex';
import { CATALOGUE_FORMS, CATALOGUE_HEIGHTS } from './constants.ts';

/**
 * Test data for the catalogue's own tests: a realistic spread of genera, species (some with
 * cultivars, some long enough to wrap in the PDF), forms and heights. Deterministic, no randomness.
 */
export const SAMPLE_SPECIES: { genus: string; species: string; common_name: string }[] = [
  { genus: 'Acer', species: 'campestre', common_name: 'Field maple' },
  { genus: 'Acer', species: "palmatum 'Bloodgood'", common_name: 'Japanese maple' },
  { genus: 'Acer', species: 'pseudoplatanus', common_name: 'Sycamore' },
  { genus: 'Alnus', species: 'glutinosa', common_name: 'Common alder' },
  { genus: 'Betula', species: 'pendula', common_name: 'Silver birch' },
  { genus: 'Betula', species: 'utilis var. jacquemontii', common_name: 'Himalayan birch' },
  { genus: 'Carpinus', species: 'betulus', common_name: 'Hornbeam' },
  { genus: 'Cornus', species: "sanguinea 'Midwinter Fire'", common_name: 'Dogwood' },
  { genus: 'Corylus', species: 'avellana', common_name: 'Hazel' },
  { genus: 'Crataegus', species: 'monogyna', common_name: 'Hawthorn' },
  { genus: 'Fagus', species: 'sylvatica', common_name: 'Beech' },
  { genus: 'Fagus', species: "sylvatica 'Purpurea' (purple-leaved selection, grafted on seedling understock)", common_name: 'Copper beech' },
  { genus: 'Ilex', species: 'aquifolium', common_name: 'Holly' },
  { genus: 'Malus', species: "domestica 'M26'", common_name: 'Apple rootstock' },
  { genus: 'Prunus', species: 'avium', common_name: 'Wild cherry' },
  { genus: 'Prunus', species: 'spinosa', common_name: 'Blackthorn' },
  { genus: 'Quercus', species: 'robur', common_name: 'English oak' },
  { genus: 'Rosa', species: 'canina', common_name: 'Dog rose' },
  { genus: 'Sorbus', species: 'aucuparia', common_name: 'Rowan' },
  { genus: 'Viburnum', species: 'opulus', common_name: 'Guelder rose' },
];

/** `count` rows cycling through species, forms and heights. */
export function sampleRows(count: number) {
  return Array.from({ length: count }, (_, i) => {
    const s = SAMPLE_SPECIES[i % SAMPLE_SPECIES.length]!;
    const round = Math.floor(i / SAMPLE_SPECIES.length);
    return {
      ...s,
      form: CATALOGUE_FORMS[(round + i) % CATALOGUE_FORMS.length]!,
      height: CATALOGUE_HEIGHTS[round % CATALOGUE_HEIGHTS.length]!,
    };
  });
}

/** Inserts rows straight into the table (bypassing the service, so no revision bump or event). */
export async function insertRows(db: Knex, rows: ReturnType<typeof sampleRows>): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) await db('catalogue_items').insert(rows.slice(i, i + 200));
}
