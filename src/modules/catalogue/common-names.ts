/**
 * What buyers call the plants UK trade nurseries sell, curated by hand in sentence case. A line's
 * own common name is often specific ("Upright hornbeam") or blank (imports), yet a buyer types
 * "hornbeam" or "laurel" and expects the plants that go by it, so search matches these names too,
 * ranks the lines they belong to first, the "did you mean" fallback ranks genera by them, and the
 * genus page lists them.
 *
 * Two levels, because a genus is rarely one plant to a buyer: "laurel" is two species of Prunus,
 * not the plums and cherries beside them.
 * - GENUS_COMMON_NAMES: names that hold for every line of the genus (Carpinus: hornbeam), even a
 *   cultivar listed without its species ("Prunus 'Kanzan'" is still a cherry).
 * - SPECIES_COMMON_NAMES: names of one species where they differ from the genus's (Prunus
 *   laurocerasus: cherry laurel), keyed by genus and then by the species epithet as
 *   species-epithet.ts reads it from a line ("× hispanica 'X'" → "hispanica"), lower case.
 *   Matching is by substring, as for every field, so "Cherry laurel" answers "laurel" too.
 */
export const GENUS_COMMON_NAMES: Readonly<Record<string, readonly string[]>> = {
  Abies: ['Fir'],
  Acer: ['Maple'],
  Aesculus: ['Horse chestnut', 'Buckeye'],
  Alnus: ['Alder'],
  Amelanchier: ['Snowy mespilus', 'Juneberry', 'Serviceberry'],
  Arbutus: ['Strawberry tree'],
  Berberis: ['Barberry'],
  Betula: ['Birch'],
  Buxus: ['Box', 'Boxwood'],
  Carpinus: ['Hornbeam'],
  Castanea: ['Chestnut'],
  Catalpa: ['Indian bean tree'],
  Cedrus: ['Cedar'],
  Cercis: ['Redbud'],
  Cornus: ['Dogwood'],
  Corylus: ['Hazel', 'Cobnut'],
  Cotinus: ['Smoke bush', 'Smoke tree'],
  Cotoneaster: ['Cotoneaster'],
  Crataegus: ['Hawthorn'],
  Cydonia: ['Quince'],
  Davidia: ['Handkerchief tree', 'Dove tree'],
  Elaeagnus: ['Oleaster', 'Silverberry'],
  Escallonia: ['Escallonia'],
  Euonymus: ['Spindle'],
  Fagus: ['Beech'],
  Ficus: ['Fig'],
  Frangula: ['Alder buckthorn'],
  Fraxinus: ['Ash'],
  Ginkgo: ['Maidenhair tree'],
  Griselinia: ['New Zealand broadleaf'],
  Hamamelis: ['Witch hazel'],
  Hedera: ['Ivy'],
  Hippophae: ['Sea buckthorn'],
  Ilex: ['Holly'],
  Juglans: ['Walnut'],
  Juniperus: ['Juniper'],
  Larix: ['Larch'],
  Laurus: ['Bay', 'Bay laurel', 'Sweet bay'],
  Lavandula: ['Lavender'],
  Ligustrum: ['Privet'],
  Liquidambar: ['Sweet gum'],
  Liriodendron: ['Tulip tree'],
  Lonicera: ['Honeysuckle'],
  Malus: ['Crab apple', 'Apple'],
  Mespilus: ['Medlar'],
  Metasequoia: ['Dawn redwood'],
  Morus: ['Mulberry'],
  Nothofagus: ['Southern beech'],
  Ostrya: ['Hop hornbeam'],
  Photinia: ['Christmas berry', 'Red robin'],
  Picea: ['Spruce'],
  Pinus: ['Pine'],
  Platanus: ['Plane'],
  Populus: ['Poplar'],
  Prunus: ['Cherry', 'Plum'],
  Pseudotsuga: ['Douglas fir'],
  Pyracantha: ['Firethorn'],
  Pyrus: ['Pear'],
  Quercus: ['Oak'],
  Rhamnus: ['Buckthorn'],
  Ribes: ['Currant'],
  Robinia: ['False acacia', 'Black locust'],
  Rosa: ['Rose'],
  Rubus: ['Bramble'],
  Salix: ['Willow'],
  Sambucus: ['Elder'],
  Sequoiadendron: ['Giant redwood', 'Wellingtonia'],
  Sorbus: ['Rowan', 'Whitebeam'],
  Syringa: ['Lilac'],
  Taxodium: ['Swamp cypress'],
  Taxus: ['Yew'],
  Thuja: ['Arborvitae'],
  Tilia: ['Lime', 'Linden'],
  Ulmus: ['Elm'],
  Vaccinium: ['Blueberry'],
  Viburnum: ['Viburnum'],
};

export const SPECIES_COMMON_NAMES: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  Abies: { alba: ['Silver fir'], koreana: ['Korean fir'], nordmanniana: ['Nordmann fir'] },
  Acer: {
    campestre: ['Field maple'],
    freemanii: ['Freeman maple'],
    griseum: ['Paperbark maple'],
    palmatum: ['Japanese maple'],
    platanoides: ['Norway maple'],
    pseudoplatanus: ['Sycamore'],
    rubrum: ['Red maple'],
    saccharinum: ['Silver maple'],
  },
  Aesculus: { carnea: ['Red horse chestnut'], hippocastanum: ['Common horse chestnut', 'Conker tree'] },
  Alnus: { cordata: ['Italian alder'], glutinosa: ['Common alder', 'Black alder'], incana: ['Grey alder'] },
  Berberis: { darwinii: ["Darwin's barberry"], thunbergii: ['Japanese barberry'] },
  Betula: { nigra: ['River birch'], pendula: ['Silver birch'], pubescens: ['Downy birch'], utilis: ['Himalayan birch'] },
  Buxus: { sempervirens: ['Common box'] },
  Carpinus: { betulus: ['Common hornbeam', 'European hornbeam'] },
  Castanea: { sativa: ['Sweet chestnut', 'Spanish chestnut'] },
  Cedrus: { atlantica: ['Atlas cedar'], deodara: ['Deodar', 'Himalayan cedar'], libani: ['Cedar of Lebanon'] },
  Cercis: { canadensis: ['Eastern redbud'], siliquastrum: ['Judas tree'] },
  Cornus: {
    alba: ['Red-barked dogwood'],
    kousa: ['Kousa dogwood', 'Chinese dogwood'],
    sanguinea: ['Common dogwood'],
    sericea: ['Red osier dogwood'],
  },
  Corylus: { avellana: ['Common hazel'], colurna: ['Turkish hazel'], maxima: ['Filbert'] },
  Crataegus: {
    laevigata: ['Midland hawthorn'],
    monogyna: ['Common hawthorn', 'Quickthorn', 'Whitethorn', 'May'],
  },
  Euonymus: { europaeus: ['Spindle tree', 'Common spindle'], fortunei: ['Wintercreeper'], japonicus: ['Japanese spindle'] },
  Fagus: { sylvatica: ['Common beech', 'European beech'] },
  Ficus: { carica: ['Common fig'] },
  Fraxinus: { excelsior: ['Common ash'], ornus: ['Manna ash'] },
  Hedera: { colchica: ['Persian ivy'], helix: ['Common ivy', 'English ivy'] },
  Ilex: { aquifolium: ['Common holly', 'English holly'], crenata: ['Japanese holly'] },
  Juglans: { nigra: ['Black walnut'], regia: ['Common walnut', 'English walnut'] },
  Juniperus: { communis: ['Common juniper'] },
  Larix: { decidua: ['European larch'], kaempferi: ['Japanese larch'] },
  Lavandula: { angustifolia: ['English lavender'], intermedia: ['Lavandin'], stoechas: ['French lavender'] },
  Ligustrum: {
    japonicum: ['Japanese privet'],
    ovalifolium: ['Oval-leaved privet', 'Garden privet'],
    vulgare: ['Wild privet', 'Common privet'],
  },
  Lonicera: { nitida: ['Box-leaved honeysuckle'], periclymenum: ['Common honeysuckle', 'Woodbine'], purpusii: ['Winter honeysuckle'] },
  Malus: { hupehensis: ['Hupeh crab'], sylvestris: ['Wild crab apple', 'European crab apple'] },
  Morus: { alba: ['White mulberry'], nigra: ['Black mulberry'] },
  Picea: {
    abies: ['Norway spruce'],
    omorika: ['Serbian spruce'],
    pungens: ['Colorado spruce', 'Blue spruce'],
    sitchensis: ['Sitka spruce'],
  },
  Pinus: {
    mugo: ['Mountain pine'],
    nigra: ['Black pine', 'Austrian pine', 'Corsican pine'],
    pinea: ['Stone pine'],
    sylvestris: ['Scots pine'],
  },
  Platanus: { hispanica: ['London plane'], orientalis: ['Oriental plane'] },
  Populus: { alba: ['White poplar'], nigra: ['Black poplar'], tremula: ['Aspen'] },
  Prunus: {
    avium: ['Wild cherry', 'Gean', 'Sweet cherry'],
    cerasifera: ['Cherry plum', 'Myrobalan'],
    cerasus: ['Sour cherry', 'Morello cherry'],
    insititia: ['Damson', 'Bullace'],
    laurocerasus: ['Cherry laurel', 'Common laurel'],
    lusitanica: ['Portugal laurel', 'Portuguese laurel'],
    padus: ['Bird cherry'],
    serrula: ['Tibetan cherry'],
    serrulata: ['Japanese cherry'],
    spinosa: ['Blackthorn', 'Sloe'],
    subhirtella: ['Autumn cherry'],
  },
  Pyrus: { calleryana: ['Callery pear'], communis: ['Common pear', 'Wild pear'], salicifolia: ['Willow-leaved pear'] },
  Quercus: {
    cerris: ['Turkey oak'],
    ilex: ['Holm oak', 'Evergreen oak'],
    palustris: ['Pin oak'],
    petraea: ['Sessile oak'],
    robur: ['English oak', 'Common oak', 'Pedunculate oak'],
    rubra: ['Red oak'],
  },
  Rhamnus: { cathartica: ['Purging buckthorn', 'Common buckthorn'] },
  Ribes: { nigrum: ['Blackcurrant'], rubrum: ['Redcurrant'], sanguineum: ['Flowering currant'], 'uva-crispa': ['Gooseberry'] },
  Rosa: { arvensis: ['Field rose'], canina: ['Dog rose'], rubiginosa: ['Sweet briar'], rugosa: ['Japanese rose', 'Ramanas rose'] },
  Rubus: { fruticosus: ['Blackberry'], idaeus: ['Raspberry'] },
  Salix: {
    alba: ['White willow'],
    babylonica: ['Weeping willow'],
    caprea: ['Goat willow', 'Pussy willow'],
    purpurea: ['Purple willow', 'Purple osier'],
    viminalis: ['Osier', 'Common osier'],
  },
  Sambucus: { nigra: ['Common elder', 'Elderberry'], racemosa: ['Red-berried elder'] },
  Sorbus: {
    aria: ['Common whitebeam'],
    aucuparia: ['Mountain ash', 'Common rowan'],
    domestica: ['True service tree'],
    intermedia: ['Swedish whitebeam'],
    torminalis: ['Wild service tree', 'Chequer tree'],
  },
  Syringa: { vulgaris: ['Common lilac'] },
  Taxus: { baccata: ['English yew', 'Common yew'] },
  Thuja: { occidentalis: ['White cedar'], plicata: ['Western red cedar'] },
  Tilia: {
    cordata: ['Small-leaved lime'],
    europaea: ['Common lime'],
    platyphyllos: ['Large-leaved lime'],
    tomentosa: ['Silver lime'],
  },
  Ulmus: { glabra: ['Wych elm'], minor: ['Field elm'], procera: ['English elm'] },
  Vaccinium: {
    corymbosum: ['Highbush blueberry'],
    macrocarpon: ['Cranberry'],
    myrtillus: ['Bilberry'],
    'vitis-idaea': ['Lingonberry', 'Cowberry'],
  },
  Viburnum: {
    bodnantense: ['Bodnant viburnum'],
    burkwoodii: ['Burkwood viburnum'],
    lantana: ['Wayfaring tree'],
    opulus: ['Guelder rose'],
    plicatum: ['Japanese snowball'],
    tinus: ['Laurustinus'],
  },
};

/** The curated names of a genus (exact genus spelling; none for genera not listed). */
export function genusCommonNames(genus: string): readonly string[] {
  return Object.hasOwn(GENUS_COMMON_NAMES, genus) ? GENUS_COMMON_NAMES[genus]! : [];
}

/** The curated names of one species of a genus, by its epithet (see species-epithet.ts). */
export function speciesCommonNames(genus: string, epithet: string): readonly string[] {
  const species = Object.hasOwn(SPECIES_COMMON_NAMES, genus) ? SPECIES_COMMON_NAMES[genus]! : {};
  return Object.hasOwn(species, epithet) ? species[epithet]! : [];
}

const contains = (needle: string) => (names: readonly string[]) => names.some((name) => name.toLowerCase().includes(needle));

/**
 * Genera one of whose curated names contains `word`, case-insensitively: the same test `ILIKE
 * '%word%'` applies to a line's own fields (a literal substring, no fuzziness).
 */
export function generaNamed(word: string): string[] {
  const named = contains(word.toLowerCase());
  return Object.entries(GENUS_COMMON_NAMES)
    .filter(([, names]) => named(names))
    .map(([genus]) => genus);
}

/** The species one of whose curated names contains `word` (as {@link generaNamed}), as epithets by genus. */
export function speciesNamed(word: string): Map<string, string[]> {
  const named = contains(word.toLowerCase());
  const result = new Map<string, string[]>();
  for (const [genus, species] of Object.entries(SPECIES_COMMON_NAMES)) {
    const epithets = Object.entries(species)
      .filter(([, names]) => named(names))
      .map(([epithet]) => epithet);
    if (epithets.length) result.set(genus, epithets);
  }
  return result;
}

/**
 * The plants a whole name is, when it is one of the curated names ("quickthorn", "Field maple"),
 * case-insensitively: the species it names (genus and epithet), else the genera (epithet null).
 * For reading schedules, where a line's name is the whole cell rather than one search word.
 */
export function plantsCalled(name: string): { genus: string; epithet: string | null }[] {
  return CALLED.get(name.trim().toLowerCase()) ?? [];
}

/** Every curated name, lower case, to the plants it names: species names first, genus names where no species has it. */
const CALLED = (() => {
  const called = new Map<string, { genus: string; epithet: string | null }[]>();
  const add = (name: string, plant: { genus: string; epithet: string | null }) => {
    const key = name.toLowerCase();
    called.set(key, [...(called.get(key) ?? []), plant]);
  };
  for (const [genus, epithets] of Object.entries(SPECIES_COMMON_NAMES))
    for (const [epithet, names] of Object.entries(epithets)) for (const name of names) add(name, { genus, epithet });
  const speciesNames = new Set(called.keys());
  for (const [genus, names] of Object.entries(GENUS_COMMON_NAMES))
    for (const name of names) if (!speciesNames.has(name.toLowerCase())) add(name, { genus, epithet: null });
  return called;
})();
