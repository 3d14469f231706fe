import type { SceneName } from '../images.ts';

/**
 * The three banner galleries that always exist (CONTRACT: 1 about, 2 shows, 3 home) and their demo
 * slides. Each slide's picture is drawn by a scene in seeds/images.ts; `link` is where its
 * "Find Out More" button goes.
 */

interface SlideSeed {
  scene: SceneName;
  alt: string;
  caption: string;
  caption_sub: string;
  link: string;
}

export interface GallerySeed {
  id: 1 | 2 | 3;
  name: string;
  slides: SlideSeed[];
}

export const GALLERIES: readonly GallerySeed[] = [
  {
    id: 1,
    name: 'About banner',
    slides: [
      {
        scene: 'polytunnels',
        alt: 'A row of polytunnels behind a standing bed of young pot-grown shrubs on a sunny day',
        caption: 'Grown in Hothfield, Kent',
        caption_sub: 'Polytunnels, open fields and standing ground between Ashford and Charing',
        link: '/find',
      },
      {
        scene: 'field-trees-autumn',
        alt: 'Rows of young field-grown trees in amber, red and gold autumn colour at the end of the day',
        caption: 'Field-grown trees',
        caption_sub: 'Native and ornamental trees grown on for landscape schemes and public planting',
        link: '/catalogue',
      },
      {
        scene: 'standing-ground',
        alt: 'Container-grown standard trees with silver, purple and green foliage standing in rows on black ground cover',
        caption: 'Working with the trade',
        caption_sub: 'Landscapers, local authorities and garden centres across the South East',
        link: '/contact',
      },
    ],
  },
  {
    id: 2,
    name: 'Shows banner',
    slides: [
      {
        scene: 'show-hall',
        alt: 'A nursery trade stand in an exhibition hall, with specimen trees in pots either side of tiered staging of flowering shrubs',
        caption: 'Meet us at the trade shows',
        caption_sub: 'See the stock and talk through your plant lists with the people who grow them',
        link: '/contact',
      },
      {
        scene: 'show-marquee',
        alt: 'A plant display inside a show marquee hung with bunting, with autumn-coloured trees behind staging of shrubs',
        caption: 'Specimen trees on show',
        caption_sub: 'Autumn colour and pot-grown shrubs from our nursery in Kent',
        link: '/catalogue',
      },
      {
        scene: 'show-outdoor',
        alt: 'An outdoor show stand framed by a timber pergola, with standard trees and shrubs in front of a row of white marquees',
        caption: 'Visit us after the show',
        caption_sub: 'Trade buyers are welcome to see the stock at the nursery by appointment',
        link: '/contact',
      },
    ],
  },
  {
    id: 3,
    name: 'Home banner',
    slides: [
      {
        scene: 'container-trees',
        alt: 'Rows of young standard trees in black nursery pots stretching towards the horizon under a summer sky',
        caption: 'Trees for landscape schemes',
        caption_sub: 'Standard and feathered trees in 7, 7.5 and 10 litre pots, ready to plant all year round',
        link: '/catalogue',
      },
      {
        scene: 'hedging-fields',
        alt: 'Rows of young hedging plants lined out in a field on a summer evening, with a Kentish oast house beyond',
        caption: 'Native hedging by the thousand',
        caption_sub: 'Hawthorn, beech, hornbeam, hazel and mixed native whips from our own fields',
        link: '/catalogue',
      },
      {
        scene: 'orchard-blossom',
        alt: 'Young fruit trees in spring blossom planted in rows in mown grass',
        caption: 'Fruit trees and rootstocks',
        caption_sub: 'Apple, pear, plum and cherry, and rootstocks from M9 and MM106 to Quince A and Colt',
        link: '/catalogue',
      },
      {
        scene: 'bare-root-bundles',
        alt: 'Bundles of freshly lifted bare-root whips tied with orange twine on a pallet in a frosty field at dawn',
        caption: 'Bare-root season: November to March',
        caption_sub: 'Lifted fresh to order for collection or delivery. Ask us for a quotation',
        link: '/contact',
      },
    ],
  },
];
