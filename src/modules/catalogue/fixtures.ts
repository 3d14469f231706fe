import type { Knex } from 'knex';
import { CATALOGUE_FORMS, CATALOGUE_HEIGHTS } from './constants.ts';
import { GENUS_COMMON_NAMES } from './common-names.ts';

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
  {
    genus: 'Fagus',
    species: "sylvatica 'Purpurea' (purple-leaved selection, grafted on seedling understock)",
    common_name: 'Copper beech',
  },
  { genus: 'Ilex', species: 'aquifolium', common_name: 'Holly' },
  { genus: 'Malus', species: "domestica 'M26'", common_name: 'Apple rootstock' },
  { genus: 'Prunus', species: 'avium', common_name: 'Wild cherry' },
  { genus: 'Prunus', species: 'spinosa', common_name: 'Blackthorn' },
  { genus: 'Quercus', species: 'robur', common_name: 'English oak' },
  { genus: 'Rosa', species: 'canina', common_name: 'Dog rose' },
  { genus: 'Sorbus', species: 'aucuparia', common_name: 'Rowan' },
  { genus: 'Viburnum', species: 'opulus', common_name: 'Guelder rose' },
];

/** Distinct species × form × height rows {@link sampleRows} makes before it needs a cultivar. */
const SAMPLE_COMBINATIONS = SAMPLE_SPECIES.length * CATALOGUE_FORMS.length * CATALOGUE_HEIGHTS.length;

/**
 * `count` rows cycling through species, forms and heights, each a plant of its own (the catalogue
 * holds one active line per plant): past every combination, a numbered cultivar tells them apart.
 */
export function sampleRows(count: number) {
  return Array.from({ length: count }, (_, i) => {
    const s = SAMPLE_SPECIES[i % SAMPLE_SPECIES.length]!;
    const round = Math.floor(i / SAMPLE_SPECIES.length);
    const cultivar = Math.floor(i / SAMPLE_COMBINATIONS);
    return {
      ...s,
      species: cultivar ? `${s.species} 'Selection ${cultivar}'` : s.species,
      form: CATALOGUE_FORMS[(round + i) % CATALOGUE_FORMS.length]!,
      height: CATALOGUE_HEIGHTS[round % CATALOGUE_HEIGHTS.length]!,
    };
  });
}

/** Inserts rows straight into the table (bypassing the service, so no revision bump or event). */
export async function insertRows(db: Knex, rows: ReturnType<typeof sampleRows>): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) await db('catalogue_items').insert(rows.slice(i, i + 200));
}

/** Genera without curated common names, beside those with (common-names.ts), for {@link realisticRows}. */
const MORE_GENERA = [
  'Abelia',
  'Acca',
  'Actinidia',
  'Ailanthus',
  'Akebia',
  'Albizia',
  'Alchemilla',
  'Aralia',
  'Aronia',
  'Astilbe',
  'Aucuba',
  'Azara',
  'Brachyglottis',
  'Buddleja',
  'Callicarpa',
  'Callistemon',
  'Calluna',
  'Camellia',
  'Campsis',
  'Caryopteris',
  'Ceanothus',
  'Cephalotaxus',
  'Ceratostigma',
  'Chaenomeles',
  'Chamaecyparis',
  'Choisya',
  'Cistus',
  'Clematis',
  'Clerodendrum',
  'Colutea',
  'Cordyline',
  'Coronilla',
  'Cryptomeria',
  'Cupressus',
  'Daphne',
  'Deutzia',
  'Dicksonia',
  'Diervilla',
  'Enkianthus',
  'Erica',
  'Eucryphia',
  'Exochorda',
  'Fatsia',
  'Forsythia',
  'Fothergilla',
  'Fuchsia',
  'Garrya',
  'Gleditsia',
  'Halesia',
  'Hebe',
  'Hibiscus',
  'Hydrangea',
  'Hypericum',
  'Indigofera',
  'Itea',
  'Jasminum',
  'Kerria',
  'Kolkwitzia',
  'Laburnum',
  'Leycesteria',
  'Magnolia',
  'Mahonia',
  'Nandina',
  'Olearia',
  'Osmanthus',
  'Pachysandra',
  'Parrotia',
  'Paulownia',
  'Perovskia',
  'Philadelphus',
  'Phormium',
  'Pieris',
  'Pittosporum',
  'Potentilla',
  'Rhododendron',
  'Rhus',
  'Sarcococca',
  'Skimmia',
  'Spiraea',
  'Stewartia',
  'Symphoricarpos',
  'Tamarix',
  'Trachelospermum',
  'Weigela',
  'Wisteria',
  'Yucca',
  'Zelkova',
];

const EPITHETS = [
  'alba',
  'alpina',
  'angustifolia',
  'argentea',
  'atropurpurea',
  'aurea',
  'australis',
  'autumnalis',
  'avellana',
  'borealis',
  'californica',
  'campestris',
  'canadensis',
  'chinensis',
  'compacta',
  'cordata',
  'coccinea',
  'dentata',
  'elegans',
  'europaea',
  'fastigiata',
  'floribunda',
  'fragrans',
  'glauca',
  'grandiflora',
  'henryi',
  'hispanica',
  'hybrida',
  'japonica',
  'koreana',
  'lactea',
  'laevis',
  'latifolia',
  'lutea',
  'macrophylla',
  'major',
  'maritima',
  'microphylla',
  'minor',
  'mollis',
  'montana',
  'nana',
  'nigra',
  'nitida',
  'occidentalis',
  'officinalis',
  'orientalis',
  'pallida',
  'palustris',
  'parviflora',
  'pendula',
  'procumbens',
  'pumila',
  'purpurea',
  'pyramidalis',
  'repens',
  'rosea',
  'rubra',
  'rugosa',
  'sargentii',
  'sempervirens',
  'sinensis',
  'speciosa',
  'stellata',
  'sylvestris',
  'tomentosa',
  'trifoliata',
  'umbellata',
  'variegata',
  'virginiana',
  'vulgaris',
  'wilsonii',
  'yunnanensis',
];

const CULTIVARS = [
  'Autumn Glory',
  'Blue Haze',
  'Compacta',
  'Crimson King',
  "Dart's Gold",
  'Elegantissima',
  'Fastigiata',
  'Golden Spire',
  'Green Mountain',
  'Harlequin',
  'Kent Beauty',
  'Lemon Queen',
  'Little Gem',
  'Moonlight',
  'Nana',
  'Pendula',
  'Purple Prince',
  'Red Sunset',
  'Royal Red',
  'Silver Queen',
  'Snow Queen',
  'Summer Gold',
  'Variegata',
  'Winter Flame',
  'Wisley Form',
];

/** Adjectives buyers read in common names, keyed by the epithet they translate. */
const EPITHET_WORDS: Record<string, string> = {
  alba: 'White',
  argentea: 'Silver',
  atropurpurea: 'Purple',
  aurea: 'Golden',
  japonica: 'Japanese',
  chinensis: 'Chinese',
  nigra: 'Black',
  pendula: 'Weeping',
  rubra: 'Red',
  lutea: 'Yellow',
  nana: 'Dwarf',
  montana: 'Mountain',
  europaea: 'European',
  orientalis: 'Oriental',
  variegata: 'Variegated',
  fastigiata: 'Upright',
  koreana: 'Korean',
  californica: 'Californian',
};

/**
 * `count` lines shaped like a large UK wholesale list, for benchmarks and plan checks: about 160
 * genera, many species and cultivars per genus, five sizes per taxon, common names built from the
 * curated genus names ("Weeping birch"), blank for a third of the uncurated genera (as imports
 * often are). Deterministic, no randomness.
 */
export function realisticRows(count: number) {
  const genera = [...new Set([...Object.keys(GENUS_COMMON_NAMES), ...MORE_GENERA])].sort();
  return Array.from({ length: count }, (_, i) => {
    const taxon = Math.floor(i / 5);
    const g = taxon % genera.length;
    const genus = genera[g]!;
    const k = Math.floor(taxon / genera.length);
    const epithet = EPITHETS[(k + g * 3) % EPITHETS.length]!;
    const species = k % 3 === 0 ? epithet : `${epithet} '${CULTIVARS[(k * 7 + g) % CULTIVARS.length]}'`;
    const genusName = GENUS_COMMON_NAMES[genus]?.[0];
    const word = EPITHET_WORDS[epithet];
    const common_name = genusName
      ? `${word ?? 'Common'} ${genusName.toLowerCase()}`
      : g % 3 === 0
        ? ''
        : `${word ?? 'Garden'} ${genus.toLowerCase()}`;
    const j = i % 5;
    return {
      genus,
      species,
      common_name,
      form: CATALOGUE_FORMS[(taxon + j * 3) % CATALOGUE_FORMS.length]!,
      height: CATALOGUE_HEIGHTS[(taxon + j) % CATALOGUE_HEIGHTS.length]!,
    };
  });
}
