import { CATALOGUE_FORMS, CATALOGUE_HEIGHTS, type CatalogueForm, type CatalogueHeight } from '../../src/modules/catalogue/constants.ts';

/**
 * The demo trade catalogue: real plants as UK wholesale nurseries list them. Each entry is
 * genus, species (cultivars in single quotes), common name and the sizes it is offered in, written
 * compactly as "FORM HEIGHT" pairs; `BR` stands for Bare root. Hedging is mostly bare root at
 * 40-60 and 60-90, trees go up to 175-200 in 7L/10L pots, rootstocks are bare root at 'Rootstock'.
 */

/** Which list a line comes from: its trade price is reckoned differently (trade.ts). */
type SeedKind = 'hedging' | 'tree' | 'shrub' | 'fruit' | 'rootstock';

export interface CatalogueSeedRow {
  genus: string;
  species: string;
  common_name: string;
  form: CatalogueForm;
  height: CatalogueHeight;
  kind: SeedKind;
}

type Entry = [genus: string, species: string, common: string, sizes: string];

const HEDGING: Entry[] = [
  ['Acer', 'campestre', 'Field maple', 'BR 40-60, BR 60-90, BR 90-120'],
  ['Berberis', 'darwinii', "Darwin's barberry", '2L 20-40, 3L 40-60'],
  ['Berberis', 'thunbergii f. atropurpurea', 'Purple Japanese barberry', '2L 20-40, 3L 40-60'],
  ['Buxus', 'sempervirens', 'Box', '9cm 10-20, 2L 20-40, 3L 20-40'],
  ['Carpinus', 'betulus', 'Hornbeam', 'BR 40-60, BR 60-90, BR 90-120, BR 120-150, 3L 60-90'],
  ['Cornus', 'sanguinea', 'Common dogwood', 'BR 40-60, BR 60-90'],
  ['Corylus', 'avellana', 'Hazel', 'BR 40-60, BR 60-90, BR 90-120'],
  ['Crataegus', 'monogyna', 'Hawthorn', 'BR 20-40, BR 40-60, BR 60-90, BR 90-120'],
  ['Elaeagnus', '× ebbingei', 'Oleaster', '3L 40-60, 10L 90-120'],
  ['Escallonia', "'Apple Blossom'", 'Escallonia', '2L 20-40, 3L 40-60'],
  ['Escallonia', "rubra var. macrantha 'Red Hedger'", 'Escallonia', '3L 40-60, 10L 90-120'],
  ['Euonymus', 'europaeus', 'Spindle', 'BR 40-60, BR 60-90'],
  ['Fagus', 'sylvatica', 'Beech', 'BR 40-60, BR 60-90, BR 90-120, BR 120-150, 3L 60-90'],
  ['Fagus', "sylvatica 'Purpurea'", 'Purple beech', 'BR 40-60, BR 60-90'],
  ['Frangula', 'alnus', 'Alder buckthorn', 'BR 40-60'],
  ['Griselinia', 'littoralis', 'New Zealand broadleaf', '2L 20-40, 3L 40-60, 10L 90-120'],
  ['Hippophae', 'rhamnoides', 'Sea buckthorn', 'BR 40-60, BR 60-90'],
  ['Ilex', 'aquifolium', 'Holly', '2L 20-40, 3L 40-60, 10L 90-120'],
  ['Ligustrum', 'ovalifolium', 'Oval-leaved privet', 'BR 40-60, BR 60-90, 3L 60-90'],
  ['Ligustrum', "ovalifolium 'Aureum'", 'Golden privet', '3L 40-60'],
  ['Ligustrum', 'vulgare', 'Wild privet', 'BR 40-60, BR 60-90'],
  ['Lonicera', 'nitida', 'Box-leaved honeysuckle', '9cm 10-20, 2L 20-40'],
  ['Malus', 'sylvestris', 'Crab apple', 'BR 40-60, BR 60-90'],
  ['Photinia', "× fraseri 'Red Robin'", 'Christmas berry', '3L 40-60, 10L 90-120, 10L 120-150'],
  ['Prunus', 'cerasifera', 'Cherry plum', 'BR 40-60, BR 60-90'],
  ['Prunus', "laurocerasus 'Rotundifolia'", 'Cherry laurel', 'BR 40-60, BR 60-90, 3L 40-60, 10L 90-120'],
  ['Prunus', 'lusitanica', 'Portugal laurel', '3L 40-60, 10L 90-120'],
  ['Prunus', 'spinosa', 'Blackthorn', 'BR 40-60, BR 60-90'],
  ['Pyracantha', "'Red Column'", 'Firethorn', '3L 60-90'],
  ['Rhamnus', 'cathartica', 'Purging buckthorn', 'BR 40-60'],
  ['Rosa', 'arvensis', 'Field rose', 'BR 40-60'],
  ['Rosa', 'canina', 'Dog rose', 'BR 40-60, BR 60-90'],
  ['Rosa', 'rugosa', 'Japanese rose', 'BR 40-60, 3L 40-60'],
  ['Sambucus', 'nigra', 'Elder', 'BR 40-60, BR 60-90'],
  ['Taxus', 'baccata', 'Yew', 'BR 20-40, BR 40-60, 3L 40-60, 10L 90-120'],
  ['Thuja', "plicata 'Atrovirens'", 'Western red cedar', '3L 60-90, 10L 120-150'],
  ['Viburnum', 'lantana', 'Wayfaring tree', 'BR 40-60, BR 60-90'],
  ['Viburnum', 'opulus', 'Guelder rose', 'BR 40-60, BR 60-90'],
];

const TREES: Entry[] = [
  ['Acer', "campestre 'Elsrijk'", 'Field maple', '7L 150-175, 10L 175-200'],
  ['Acer', "freemanii 'Autumn Blaze'", 'Freeman maple', '10L 175-200'],
  ['Acer', 'griseum', 'Paperbark maple', '7L 120-150, 10L 150-175'],
  ['Acer', 'platanoides', 'Norway maple', 'BR 90-120, 10L 175-200'],
  ['Acer', "platanoides 'Crimson King'", 'Norway maple', '7L 150-175, 10L 175-200'],
  ['Acer', 'pseudoplatanus', 'Sycamore', 'BR 60-90, BR 90-120'],
  ['Acer', "rubrum 'October Glory'", 'Red maple', '10L 175-200'],
  ['Acer', 'saccharinum', 'Silver maple', '10L 175-200'],
  ['Aesculus', 'hippocastanum', 'Horse chestnut', 'BR 90-120, 10L 175-200'],
  ['Alnus', 'cordata', 'Italian alder', 'BR 90-120, 10L 175-200'],
  ['Alnus', 'glutinosa', 'Common alder', 'BR 40-60, BR 60-90, BR 90-120, 10L 175-200'],
  ['Alnus', 'incana', 'Grey alder', 'BR 60-90, BR 90-120'],
  ['Amelanchier', 'lamarckii', 'Snowy mespilus', '7L 120-150, 10L 150-175, 10L 175-200'],
  ['Betula', 'nigra', 'River birch', '10L 175-200'],
  ['Betula', 'pendula', 'Silver birch', 'BR 60-90, BR 90-120, BR 120-150, 10L 175-200'],
  ['Betula', 'pubescens', 'Downy birch', 'BR 60-90, BR 90-120'],
  ['Betula', 'utilis var. jacquemontii', 'Himalayan birch', '7L 150-175, 10L 175-200'],
  ['Carpinus', "betulus 'Fastigiata'", 'Upright hornbeam', '7L 150-175, 10L 175-200'],
  ['Carpinus', "betulus 'Frans Fontaine'", 'Hornbeam', '10L 175-200'],
  ['Castanea', 'sativa', 'Sweet chestnut', 'BR 60-90, BR 90-120'],
  ['Cercis', 'siliquastrum', 'Judas tree', '7L 120-150, 10L 150-175'],
  ['Crataegus', "laevigata 'Paul's Scarlet'", 'Midland hawthorn', '10L 175-200'],
  ['Crataegus', "× lavalleei 'Carrierei'", 'Hybrid cockspur thorn', '10L 175-200'],
  ['Crataegus', "monogyna 'Stricta'", 'Upright hawthorn', '10L 175-200'],
  ['Fagus', "sylvatica 'Dawyck Purple'", 'Upright purple beech', '10L 175-200'],
  ['Ginkgo', 'biloba', 'Maidenhair tree', '7L 120-150, 10L 150-175'],
  ['Gleditsia', "triacanthos 'Sunburst'", 'Honey locust', '10L 175-200'],
  ['Juglans', 'regia', 'Walnut', 'BR 60-90, 10L 150-175'],
  ['Liquidambar', "styraciflua 'Worplesdon'", 'Sweet gum', '10L 175-200'],
  ['Liriodendron', 'tulipifera', 'Tulip tree', '10L 150-175'],
  ['Malus', "'Evereste'", 'Crab apple', '7L 150-175, 10L 175-200'],
  ['Malus', "'John Downie'", 'Crab apple', '10L 175-200'],
  ['Malus', "× robusta 'Red Sentinel'", 'Crab apple', '10L 175-200'],
  ['Malus', 'hupehensis', 'Hupeh crab', '10L 175-200'],
  ['Metasequoia', 'glyptostroboides', 'Dawn redwood', '7L 120-150, 10L 150-175'],
  ['Parrotia', 'persica', 'Persian ironwood', '7L 120-150, 10L 150-175'],
  ['Pinus', 'sylvestris', 'Scots pine', 'BR 20-40, BR 40-60, 3L 40-60'],
  ['Platanus', '× hispanica', 'London plane', '10L 175-200'],
  ['Populus', "nigra 'Italica'", 'Lombardy poplar', 'BR 120-150, 10L 175-200'],
  ['Populus', 'tremula', 'Aspen', 'BR 60-90, BR 90-120'],
  ['Prunus', 'avium', 'Wild cherry', 'BR 60-90, BR 90-120, BR 120-150, 10L 175-200'],
  ['Prunus', "avium 'Plena'", 'Double wild cherry', '10L 175-200'],
  ['Prunus', "cerasifera 'Nigra'", 'Purple cherry plum', '7L 150-175, 10L 175-200'],
  ['Prunus', 'padus', 'Bird cherry', 'BR 60-90, BR 90-120, 10L 175-200'],
  ['Prunus', "'Accolade'", 'Flowering cherry', '10L 175-200'],
  ['Prunus', "'Amanogawa'", 'Flowering cherry', '10L 175-200'],
  ['Prunus', "'Kanzan'", 'Flowering cherry', '10L 175-200'],
  ['Prunus', "'Tai Haku'", 'Great white cherry', '10L 175-200'],
  ['Prunus', "× subhirtella 'Autumnalis'", 'Autumn cherry', '10L 150-175'],
  ['Pyrus', "calleryana 'Chanticleer'", 'Callery pear', '7L 150-175, 10L 175-200'],
  ['Pyrus', 'communis', 'Wild pear', 'BR 60-90, BR 90-120'],
  ['Pyrus', "salicifolia 'Pendula'", 'Weeping willow-leaved pear', '10L 150-175'],
  ['Quercus', 'ilex', 'Holm oak', '3L 40-60, 10L 90-120'],
  ['Quercus', 'palustris', 'Pin oak', '10L 175-200'],
  ['Quercus', 'petraea', 'Sessile oak', 'BR 40-60, BR 60-90'],
  ['Quercus', 'robur', 'English oak', 'BR 40-60, BR 60-90, BR 90-120, 10L 175-200'],
  ['Quercus', "robur 'Fastigiata'", 'Cypress oak', '10L 175-200'],
  ['Quercus', 'rubra', 'Red oak', 'BR 60-90, 10L 175-200'],
  ['Robinia', "pseudoacacia 'Frisia'", 'False acacia', '10L 150-175'],
  ['Salix', 'alba', 'White willow', 'BR 90-120, BR 120-150'],
  ['Salix', 'caprea', 'Goat willow', 'BR 60-90, BR 90-120'],
  ['Salix', 'viminalis', 'Osier', 'BR 90-120'],
  ['Sorbus', 'aria', 'Whitebeam', 'BR 60-90, BR 90-120, 10L 175-200'],
  ['Sorbus', "aria 'Lutescens'", 'Whitebeam', '10L 175-200'],
  ['Sorbus', 'aucuparia', 'Rowan', 'BR 60-90, BR 90-120, BR 120-150, 10L 175-200'],
  ['Sorbus', 'intermedia', 'Swedish whitebeam', '10L 175-200'],
  ['Sorbus', "'Joseph Rock'", 'Rowan', '7L 150-175, 10L 175-200'],
  ['Sorbus', 'torminalis', 'Wild service tree', 'BR 40-60, BR 60-90'],
  ['Taxodium', 'distichum', 'Swamp cypress', '7L 120-150'],
  ['Tilia', 'cordata', 'Small-leaved lime', 'BR 60-90, BR 90-120, 10L 175-200'],
  ['Tilia', "cordata 'Greenspire'", 'Small-leaved lime', '10L 175-200'],
  ['Tilia', 'platyphyllos', 'Large-leaved lime', 'BR 60-90, 10L 175-200'],
  ['Tilia', "tomentosa 'Brabant'", 'Silver lime', '10L 175-200'],
  ['Zelkova', 'serrata', 'Japanese zelkova', '10L 150-175'],
];

const SHRUBS: Entry[] = [
  ['Abelia', '× grandiflora', 'Glossy abelia', '2L 20-40, 3L 40-60'],
  ['Acer', 'palmatum', 'Japanese maple', '3L 40-60, 7.5L 60-90'],
  ['Acer', "palmatum 'Bloodgood'", 'Japanese maple', '3L 40-60, 7.5L 60-90'],
  ['Buddleja', "davidii 'Black Knight'", 'Butterfly bush', '2L 40-60, 3L 60-90'],
  ['Buddleja', "davidii 'Royal Red'", 'Butterfly bush', '2L 40-60, 3L 60-90'],
  ['Buddleja', "davidii 'White Profusion'", 'Butterfly bush', '3L 60-90'],
  ['Ceanothus', "'Concha'", 'Californian lilac', '3L 40-60, 7.5L 60-90'],
  ['Ceanothus', 'thyrsiflorus var. repens', 'Creeping blueblossom', '2L 20-40'],
  ['Chaenomeles', "× superba 'Crimson and Gold'", 'Flowering quince', '3L 40-60'],
  ['Choisya', 'ternata', 'Mexican orange blossom', '2L 20-40, 3L 40-60, 7.5L 60-90'],
  ['Choisya', "ternata 'Sundance'", 'Mexican orange blossom', '3L 20-40'],
  ['Cistus', '× hybridus', 'Rock rose', '2L 20-40'],
  ['Cornus', "alba 'Elegantissima'", 'Variegated dogwood', '2L 40-60, 3L 60-90'],
  ['Cornus', "alba 'Sibirica'", 'Red-barked dogwood', 'BR 40-60, BR 60-90, 2L 40-60, 3L 60-90'],
  ['Cornus', 'kousa var. chinensis', 'Chinese dogwood', '7.5L 90-120, 10L 120-150'],
  ['Cornus', "sanguinea 'Midwinter Fire'", 'Dogwood', '2L 40-60, 3L 40-60'],
  ['Cornus', "sericea 'Flaviramea'", 'Yellow-stemmed dogwood', 'BR 40-60, 2L 40-60, 3L 60-90'],
  ['Cotoneaster', "'Cornubia'", 'Tree cotoneaster', '3L 60-90, 10L 120-150'],
  ['Cotoneaster', 'dammeri', 'Bearberry cotoneaster', '9cm 10-20, 1L 10-20, 2L 20-40'],
  ['Cotoneaster', 'franchetii', "Franchet's cotoneaster", '3L 40-60'],
  ['Cotoneaster', 'horizontalis', 'Wall cotoneaster', '2L 20-40'],
  ['Deutzia', "× hybrida 'Mont Rose'", 'Deutzia', '3L 40-60'],
  ['Euonymus', "fortunei 'Emerald Gaiety'", 'Wintercreeper', '9cm 10-20, 1L 10-20, 2L 20-40'],
  ['Euonymus', "fortunei 'Emerald 'n' Gold'", 'Wintercreeper', '9cm 10-20, 2L 20-40'],
  ['Euonymus', 'japonicus', 'Japanese spindle', '3L 40-60'],
  ['Fatsia', 'japonica', 'Japanese aralia', '3L 40-60, 7.5L 60-90'],
  ['Forsythia', "× intermedia 'Lynwood Variety'", 'Forsythia', 'BR 60-90, 3L 60-90'],
  ['Hamamelis', "× intermedia 'Arnold Promise'", 'Witch hazel', '7.5L 60-90'],
  ['Hebe', "'Autumn Glory'", 'Shrubby veronica', '2L 20-40'],
  ['Hebe', "pinguifolia 'Pagei'", 'Shrubby veronica', '9cm 10-20, 2L 20-40'],
  ['Hebe', 'rakaiensis', 'Shrubby veronica', '2L 20-40'],
  ['Hedera', 'helix', 'Common ivy', '9cm 10-20, 1L 20-40, 2L 40-60'],
  ['Hydrangea', "arborescens 'Annabelle'", 'Smooth hydrangea', '3L 40-60'],
  ['Hydrangea', 'macrophylla', 'Mophead hydrangea', '3L 40-60'],
  ['Hydrangea', "paniculata 'Limelight'", 'Panicle hydrangea', '3L 40-60, 7.5L 60-90'],
  ['Hypericum', "'Hidcote'", "St John's wort", '2L 20-40, 3L 40-60'],
  ['Ilex', 'crenata', 'Japanese holly', '2L 20-40, 3L 20-40'],
  ['Kerria', "japonica 'Pleniflora'", "Jew's mallow", '3L 60-90'],
  ['Lavandula', "angustifolia 'Hidcote'", 'English lavender', '9cm 10-20, 2L 20-40'],
  ['Lavandula', "angustifolia 'Munstead'", 'English lavender', '9cm 10-20, 2L 20-40'],
  ['Lavandula', "× intermedia 'Grosso'", 'Lavandin', '2L 20-40'],
  ['Lavandula', 'stoechas', 'French lavender', '9cm 10-20, 2L 20-40'],
  ['Lonicera', "× purpusii 'Winter Beauty'", 'Winter honeysuckle', '3L 40-60'],
  ['Lonicera', "nitida 'Baggesen's Gold'", 'Box-leaved honeysuckle', '2L 20-40'],
  ['Lonicera', "periclymenum 'Graham Thomas'", 'Honeysuckle', '2L 40-60, 3L 60-90'],
  ['Lonicera', 'periclymenum', 'Honeysuckle', '1L 20-40, 2L 40-60'],
  ['Lonicera', 'pileata', 'Box-leaved honeysuckle', '9cm 10-20, 2L 20-40'],
  ['Mahonia', 'aquifolium', 'Oregon grape', '2L 20-40'],
  ['Mahonia', "× media 'Charity'", 'Mahonia', '3L 40-60'],
  ['Nandina', 'domestica', 'Heavenly bamboo', '3L 40-60'],
  ['Osmanthus', '× burkwoodii', 'Osmanthus', '3L 40-60'],
  ['Philadelphus', "'Belle Etoile'", 'Mock orange', '3L 40-60'],
  ['Philadelphus', 'coronarius', 'Mock orange', 'BR 60-90, 3L 60-90'],
  ['Phormium', 'tenax', 'New Zealand flax', '3L 40-60'],
  ['Photinia', "× fraseri 'Little Red Robin'", 'Christmas berry', '2L 20-40'],
  ['Pieris', "japonica 'Forest Flame'", 'Lily of the valley bush', '3L 40-60'],
  ['Pittosporum', 'tenuifolium', 'Kohuhu', '2L 20-40, 3L 40-60, 10L 90-120'],
  ['Pittosporum', "tenuifolium 'Silver Queen'", 'Kohuhu', '3L 40-60'],
  ['Pittosporum', "tenuifolium 'Tom Thumb'", 'Kohuhu', '2L 20-40'],
  ['Pittosporum', 'tobira', 'Japanese mock orange', '3L 40-60'],
  ['Potentilla', "fruticosa 'Abbotswood'", 'Shrubby cinquefoil', '2L 20-40'],
  ['Potentilla', "fruticosa 'Goldfinger'", 'Shrubby cinquefoil', '2L 20-40'],
  ['Prunus', "laurocerasus 'Otto Luyken'", 'Cherry laurel', '2L 20-40, 3L 40-60'],
  ['Ribes', "sanguineum 'Pulborough Scarlet'", 'Flowering currant', 'BR 40-60, 3L 60-90'],
  ['Salvia', "rosmarinus 'Miss Jessopp's Upright'", 'Rosemary', '9cm 10-20, 2L 20-40'],
  ['Sambucus', "nigra f. porphyrophylla 'Black Lace'", 'Elder', '3L 40-60'],
  ['Sarcococca', 'confusa', 'Sweet box', '2L 20-40'],
  ['Skimmia', "japonica 'Rubella'", 'Skimmia', '2L 20-40'],
  ['Spiraea', "japonica 'Anthony Waterer'", 'Japanese spiraea', '2L 20-40'],
  ['Spiraea', "japonica 'Goldflame'", 'Japanese spiraea', '2L 20-40'],
  ['Symphoricarpos', 'albus', 'Snowberry', 'BR 40-60'],
  ['Syringa', 'vulgaris', 'Lilac', '3L 40-60, 7.5L 60-90'],
  ['Vinca', 'minor', 'Lesser periwinkle', '9cm 10-20, 1L 10-20'],
  ['Viburnum', "× bodnantense 'Dawn'", 'Viburnum', '3L 40-60'],
  ['Viburnum', '× burkwoodii', 'Burkwood viburnum', '3L 40-60'],
  ['Viburnum', 'davidii', "David's viburnum", '2L 20-40'],
  ['Viburnum', "opulus 'Roseum'", 'Snowball tree', '3L 60-90'],
  ['Viburnum', "plicatum f. tomentosum 'Mariesii'", 'Japanese snowball', '3L 40-60'],
  ['Viburnum', 'tinus', 'Laurustinus', '2L 20-40, 3L 40-60, 10L 90-120'],
  ['Viburnum', "tinus 'Eve Price'", 'Laurustinus', '3L 40-60'],
  ['Weigela', "florida 'Foliis Purpureis'", 'Weigela', '3L 40-60'],
];

const FRUIT: Entry[] = [
  ['Corylus', "maxima 'Kentish Cob'", 'Kentish cobnut', 'BR 60-90, 7L 90-120'],
  ['Cydonia', "oblonga 'Meech's Prolific'", 'Quince', 'BR 120-150, 10L 150-175'],
  ['Malus', "domestica 'Bramley's Seedling'", 'Cooking apple', 'BR 120-150, 10L 150-175'],
  ['Malus', "domestica 'Cox's Orange Pippin'", 'Dessert apple', 'BR 120-150, 10L 150-175'],
  ['Malus', "domestica 'Discovery'", 'Dessert apple', 'BR 120-150, 10L 150-175'],
  ['Malus', "domestica 'Egremont Russet'", 'Dessert apple', 'BR 120-150, 10L 150-175'],
  ['Malus', "domestica 'Gascoyne's Scarlet'", 'Dessert apple', 'BR 120-150'],
  ['Malus', "domestica 'James Grieve'", 'Dessert apple', 'BR 120-150'],
  ['Malus', "domestica 'Worcester Pearmain'", 'Dessert apple', 'BR 120-150, 10L 150-175'],
  ['Mespilus', 'germanica', 'Medlar', '10L 150-175'],
  ['Prunus', "avium 'Stella'", 'Sweet cherry', 'BR 120-150, 10L 150-175'],
  ['Prunus', "cerasus 'Morello'", 'Sour cherry', 'BR 120-150'],
  ['Prunus', "domestica 'Czar'", 'Plum', 'BR 120-150'],
  ['Prunus', "domestica 'Victoria'", 'Plum', 'BR 120-150, 10L 150-175'],
  ['Prunus', "insititia 'Merryweather'", 'Damson', 'BR 120-150, 10L 150-175'],
  ['Pyrus', "communis 'Concorde'", 'Pear', 'BR 120-150, 10L 150-175'],
  ['Pyrus', "communis 'Conference'", 'Pear', 'BR 120-150, 10L 150-175'],
  ['Pyrus', "communis 'Doyenné du Comice'", 'Pear', 'BR 120-150'],
];

/** Understocks: one bare-root line each, graded 'Rootstock' rather than by height. */
const ROOTSTOCKS: [genus: string, stock: string, common: string][] = [
  ['Malus', 'M27', 'Apple rootstock, extremely dwarfing'],
  ['Malus', 'M9', 'Apple rootstock, very dwarfing'],
  ['Malus', 'M26', 'Apple rootstock, dwarfing'],
  ['Malus', 'M116', 'Apple rootstock, semi-dwarfing'],
  ['Malus', 'MM106', 'Apple rootstock, semi-vigorous'],
  ['Malus', 'MM111', 'Apple rootstock, vigorous'],
  ['Malus', 'M25', 'Apple rootstock, very vigorous'],
  ['Pyrus', 'Quince C', 'Pear rootstock, semi-dwarfing'],
  ['Pyrus', 'Quince A', 'Pear rootstock, semi-vigorous'],
  ['Pyrus', 'Quince Eline', 'Pear rootstock, semi-dwarfing'],
  ['Pyrus', 'communis seedling', 'Pear rootstock, vigorous'],
  ['Prunus', 'Gisela 5', 'Cherry rootstock, dwarfing'],
  ['Prunus', 'Colt', 'Cherry rootstock, semi-vigorous'],
  ['Prunus', 'avium F12/1', 'Cherry rootstock, vigorous'],
  ['Prunus', 'Pixy', 'Plum rootstock, dwarfing'],
  ['Prunus', 'St Julien A', 'Plum rootstock, semi-vigorous'],
  ['Prunus', 'Myrobalan B', 'Plum rootstock, vigorous'],
  ['Prunus', 'VVA-1', 'Plum rootstock, dwarfing'],
];

const FORM_CODES: Record<string, string> = { BR: 'Bare root' };

function isForm(value: string): value is CatalogueForm {
  return (CATALOGUE_FORMS as readonly string[]).includes(value);
}
function isHeight(value: string): value is CatalogueHeight {
  return (CATALOGUE_HEIGHTS as readonly string[]).includes(value);
}

/** Expands entries into rows; a typo in a size fails at import time rather than in the database. */
function expand(entries: Entry[], kind: SeedKind): CatalogueSeedRow[] {
  return entries.flatMap(([genus, species, common_name, sizes]) =>
    sizes.split(',').map((size) => {
      const [code = '', height = ''] = size.trim().split(/\s+/);
      const form = FORM_CODES[code] ?? code;
      if (!isForm(form) || !isHeight(height)) throw new Error(`Bad catalogue size "${size}" for ${genus} ${species}`);
      return { genus, species, common_name, form, height, kind };
    }),
  );
}

/** Every demo catalogue row, in reading order: genus, species, then the order sizes were listed. */
export const CATALOGUE_ROWS: readonly CatalogueSeedRow[] = [
  ...expand(HEDGING, 'hedging'),
  ...expand(TREES, 'tree'),
  ...expand(SHRUBS, 'shrub'),
  ...expand(FRUIT, 'fruit'),
  ...ROOTSTOCKS.map(([genus, species, common_name]) => ({
    genus,
    species,
    common_name,
    form: 'Bare root' as const,
    height: 'Rootstock' as const,
    kind: 'rootstock' as const,
  })),
].sort((a, b) => a.genus.localeCompare(b.genus) || a.species.localeCompare(b.species));
