import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { bareRootBundles } from './scenes/bareroot.ts';
import { BLOSSOM, hedgingFields, polytunnels, treeField } from './scenes/landscape.ts';
import { findMap, MAP } from './scenes/map.ts';
import { showStand } from './scenes/show.ts';

/**
 * The pictures the project ships itself, drawn as SVG and rendered with sharp: banner originals
 * for the three galleries and the "How to find us" map. Deterministic — the same bytes every run
 * with the same sharp build — so a re-seed finds its files where it left them.
 */

/** Every banner scene by name; each returns an SVG document of 1920×1000. */
const SCENES = {
  'container-trees': () => treeField({ seed: 11, sky: 'summer', crowns: ['green', 'deep', 'purple', 'lime', 'silver'], pots: true }),
  'standing-ground': () => treeField({ seed: 19, sky: 'summer', crowns: ['silver', 'purple', 'deep', 'silver'], pots: true }),
  'field-trees-autumn': () => treeField({ seed: 20, sky: 'evening', crowns: ['amber', 'red', 'gold', 'green'], pots: false }),
  'orchard-blossom': () => treeField({ seed: 12, sky: 'spring', crowns: ['green', 'deep'], pots: false, blossom: BLOSSOM }),
  'hedging-fields': () => hedgingFields(13),
  polytunnels: () => polytunnels(14),
  'bare-root-bundles': () => bareRootBundles(15),
  'show-hall': () => showStand('hall', 16),
  'show-marquee': () => showStand('marquee', 17),
  'show-outdoor': () => showStand('outdoor', 18),
} as const;
export type SceneName = keyof typeof SCENES;

/** A banner original: a 1920×1000 JPEG, high quality because the renditions are made from it. */
export async function renderBanner(scene: SceneName): Promise<Buffer> {
  return sharp(Buffer.from(SCENES[scene]())).jpeg({ quality: 88, mozjpeg: true }).toBuffer();
}

/** The find-us map as a palette PNG (flat colours and lettering stay crisp and small). */
export async function renderFindMap(): Promise<{ data: Buffer; width: number; height: number; extension: 'png' }> {
  const data = await sharp(Buffer.from(findMap())).png({ palette: true, quality: 90, effort: 7 }).toBuffer();
  return { data, width: MAP.width, height: MAP.height, extension: 'png' };
}

/** First 8 hex digits of the content's SHA-256: file names change whenever the picture does. */
export function contentTag(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex').slice(0, 8);
}
