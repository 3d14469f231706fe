/**
 * What buyers call the genera UK trade nurseries sell. A line's own common name is often specific
 * ("Upright hornbeam") or blank (imports), yet a buyer types "hornbeam" and expects every Carpinus
 * line: search treats these names as belonging to every line of the genus, the "did you mean"
 * fallback ranks genera by them, and the genus page shows them. Curated by hand, sentence case.
 */
export const GENUS_COMMON_NAMES: Readonly<Record<string, readonly string[]>> = {
  Abies: ['Fir', 'Silver fir'],
  Acer: ['Maple', 'Sycamore'],
  Aesculus: ['Horse chestnut', 'Conker tree'],
  Alnus: ['Alder'],
  Amelanchier: ['Snowy mespilus', 'Juneberry'],
  Arbutus: ['Strawberry tree'],
  Berberis: ['Barberry'],
  Betula: ['Birch'],
  Buxus: ['Box', 'Boxwood'],
  Carpinus: ['Hornbeam'],
  Castanea: ['Sweet chestnut'],
  Catalpa: ['Indian bean tree'],
  Cedrus: ['Cedar'],
  Cercis: ['Judas tree', 'Redbud'],
  Cornus: ['Dogwood'],
  Corylus: ['Hazel', 'Cobnut', 'Filbert'],
  Cotinus: ['Smoke bush'],
  Cotoneaster: ['Cotoneaster'],
  Crataegus: ['Hawthorn', 'Quickthorn', 'May'],
  Cydonia: ['Quince'],
  Davidia: ['Handkerchief tree', 'Dove tree'],
  Elaeagnus: ['Oleaster'],
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
  Platanus: ['Plane', 'London plane'],
  Populus: ['Poplar', 'Aspen'],
  Prunus: ['Cherry', 'Cherry laurel', 'Laurel', 'Blackthorn', 'Sloe', 'Plum'],
  Pseudotsuga: ['Douglas fir'],
  Pyracantha: ['Firethorn'],
  Pyrus: ['Pear'],
  Quercus: ['Oak'],
  Rhamnus: ['Buckthorn', 'Purging buckthorn'],
  Ribes: ['Currant', 'Flowering currant'],
  Robinia: ['False acacia', 'Black locust'],
  Rosa: ['Rose'],
  Rubus: ['Bramble', 'Blackberry', 'Raspberry'],
  Salix: ['Willow', 'Osier'],
  Sambucus: ['Elder'],
  Sequoiadendron: ['Giant redwood', 'Wellingtonia'],
  Sorbus: ['Rowan', 'Whitebeam', 'Mountain ash', 'Service tree'],
  Syringa: ['Lilac'],
  Taxodium: ['Swamp cypress'],
  Taxus: ['Yew'],
  Thuja: ['Western red cedar', 'Arborvitae'],
  Tilia: ['Lime', 'Linden'],
  Ulmus: ['Elm'],
  Vaccinium: ['Blueberry', 'Bilberry'],
  Viburnum: ['Guelder rose', 'Wayfaring tree', 'Laurustinus'],
};

/** The curated names of a genus (exact genus spelling; none for genera not listed). */
export function genusCommonNames(genus: string): readonly string[] {
  return Object.hasOwn(GENUS_COMMON_NAMES, genus) ? GENUS_COMMON_NAMES[genus]! : [];
}

/**
 * Genera one of whose curated names contains `word`, case-insensitively: the same test `ILIKE
 * '%word%'` applies to a line's own fields (a literal substring, no fuzziness).
 */
export function generaNamed(word: string): string[] {
  const needle = word.toLowerCase();
  return Object.entries(GENUS_COMMON_NAMES)
    .filter(([, names]) => names.some((name) => name.toLowerCase().includes(needle)))
    .map(([genus]) => genus);
}

