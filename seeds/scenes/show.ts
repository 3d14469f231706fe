import { crownGradients, pottedShrub, standardTree, type Crown } from './plants.ts';
import { BANNER, glow, n, random, svgDocument, vGradient, type Random } from './svg.ts';

/**
 * Trade-show stands: the nursery's display of specimen trees and shrubs, in an exhibition hall,
 * in a marquee and on an outdoor show ground. Each variant has its own colours and layout.
 */

const { width: W, height: H } = BANNER;

export type ShowVariant = 'hall' | 'marquee' | 'outdoor';

const FLOWERS = ['#f4f0f6', '#d85a7f', '#f2c14e', '#8f6bc4', '#ffffff'];
const SHRUBS: Crown[] = ['green', 'deep', 'lime', 'purple', 'silver'];

/** Tiered timber staging filled with pot-grown shrubs. */
function staging(rng: Random, x: number, ground: number, width: number, tiers: number): string {
  let out = '';
  for (let t = tiers - 1; t >= 0; t--) {
    const top = ground - 60 - t * 70;
    const inset = t * 40;
    out += `<rect x="${n(x + inset)}" y="${n(top)}" width="${n(width - inset * 2)}" height="${n(ground - top)}" fill="${t % 2 ? '#a27446' : '#b88655'}"/>`;
    out += `<rect x="${n(x + inset)}" y="${n(top)}" width="${n(width - inset * 2)}" height="10" fill="#d1a06a"/>`;
    for (let px = x + inset + 40; px < x + width - inset - 20; px += rng.range(62, 78)) {
      out += pottedShrub(
        rng,
        px,
        top + 4,
        rng.range(48, 62),
        rng.pick(SHRUBS),
        rng.next() < 0.45 ? [rng.pick(FLOWERS), rng.pick(FLOWERS)] : undefined,
        rng.pick(['#1d1f1c', '#9c5a3c', '#2d3b2f']),
      );
    }
  }
  return out;
}

/** A string of bunting between two points, sagging in the middle. */
function bunting(rng: Random, x1: number, x2: number, y: number, sag: number): string {
  const colours = ['#2f6b3a', '#f4f0e6', '#c8a24a', '#7fa653'];
  let out = `<path d="M${x1} ${y} Q${(x1 + x2) / 2} ${y + sag * 2} ${x2} ${y}" stroke="#6b6b5f" stroke-width="3" fill="none"/>`;
  const count = Math.floor((x2 - x1) / 60);
  for (let i = 0; i < count; i++) {
    const t = (i + 0.5) / count;
    const x = x1 + (x2 - x1) * t;
    const yy = y + sag * 4 * t * (1 - t);
    out += `<path d="M${n(x - 22)} ${n(yy)} h44 l-22 44 Z" fill="${colours[(i + Math.floor(rng.next() * 2)) % colours.length]}"/>`;
  }
  return out;
}

/** A stylised leaf emblem for the stand's back wall (no lettering, so no font is needed). */
const leafEmblem = (x: number, y: number, s: number, fill: string) =>
  `<path d="M${x} ${y + 90 * s} C${x - 80 * s} ${y + 20 * s} ${x - 40 * s} ${y - 70 * s} ${x + 60 * s} ${y - 90 * s} C${x + 70 * s} ${y} ${x + 40 * s} ${y + 70 * s} ${x} ${y + 90 * s} Z" fill="${fill}"/><path d="M${x} ${y + 90 * s} Q${x + 10 * s} ${y} ${x + 55 * s} ${y - 80 * s}" stroke="#ffffff" stroke-opacity="0.6" stroke-width="${6 * s}" fill="none"/>`;

interface StandLayout {
  floorY: number;
  /** A panelled back wall with fascia and emblem; without one the show ground shows through. */
  wall?: { fill: string; accent: string };
  /** A timber pergola framing the display (outdoor stands). */
  pergola?: boolean;
  specimens: [x: number, crown: Crown][];
  staging: { x: number; width: number; tiers: number };
}

/** The stand itself: grass floor, optional wall or pergola, staging and specimen trees in pots. */
function stand(rng: Random, o: StandLayout): string {
  let out = '';
  if (o.wall) {
    out += `<rect x="160" y="170" width="1600" height="${o.floorY - 170}" fill="${o.wall.fill}"/>`;
    out += `<rect x="140" y="130" width="1640" height="70" fill="${o.wall.accent}"/>`;
    out += leafEmblem(960, 330, 1, '#8fbf5a');
  }
  out += `<path d="M100 ${o.floorY} h1720 l80 ${H - o.floorY} h-1880 Z" fill="#5f9a3c"/>`;
  out += `<rect x="100" y="${o.floorY}" width="1720" height="8" fill="#4a7d2e"/>`;
  if (o.pergola) {
    for (const x of [180, 700, 1220, 1740])
      out += `<rect x="${x - 14}" y="220" width="28" height="${o.floorY + 40 - 220}" fill="#8a6240"/>`;
    out += `<rect x="120" y="200" width="1680" height="34" fill="#9c7048"/>`;
    for (let x = 150; x < 1800; x += 70) out += `<rect x="${x}" y="188" width="18" height="58" fill="#7a5436"/>`;
  }
  const { x, width, tiers } = o.staging;
  for (const [sx, crown] of o.specimens) out += standardTree(rng, sx, o.floorY + 200, { crown, pot: true, size: rng.range(540, 640) });
  out += staging(rng, x, o.floorY + 150, width, tiers);
  // A row of low pots along the front edge.
  for (let px = 150; px < 1800; px += 86) out += pottedShrub(rng, px, H - 20, 70, rng.pick(SHRUBS), rng.next() < 0.5 ? FLOWERS : undefined);
  return out;
}

/** One of the three show pictures. */
export function showStand(variant: ShowVariant, seed: number): string {
  const rng = random(seed);
  let defs = crownGradients() + glow('spot', '#fff6dc', 0.55);
  let out = '';
  if (variant === 'hall') {
    defs += vGradient('hall', [
      [0, '#2b2f36'],
      [0.35, '#5a5f66'],
      [1, '#9a9da0'],
    ]);
    out += `<rect width="${W}" height="${H}" fill="url(#hall)"/>`;
    for (let x = 0; x < W; x += 160) out += `<path d="M${x} 0 l80 60 l80 -60" stroke="#3c4047" stroke-width="4" fill="none"/>`;
    out += stand(rng, {
      floorY: 700,
      wall: { fill: '#e9efe4', accent: '#24512f' },
      specimens: [
        [300, 'purple'],
        [440, 'green'],
        [1480, 'silver'],
        [1620, 'deep'],
      ],
      staging: { x: 560, width: 800, tiers: 3 },
    });
    for (const x of [420, 960, 1500]) out += `<circle cx="${x}" cy="260" r="360" fill="url(#spot)"/>`;
  } else if (variant === 'marquee') {
    defs += vGradient('canvas', [
      [0, '#f7f4ec'],
      [1, '#ddd6c6'],
    ]);
    out += `<rect width="${W}" height="${H}" fill="url(#canvas)"/>`;
    for (const x of [0, 640, 1280, 1920])
      out += `<path d="M${x - 320} 260 L${x} 0 L${x + 320} 260" fill="#ebe5d6" stroke="#cfc6b2" stroke-width="3"/>`;
    for (const x of [320, 960, 1600]) out += `<rect x="${x - 9}" y="0" width="18" height="${H}" fill="#c9bfa8"/>`;
    out += stand(rng, {
      floorY: 640,
      specimens: [
        [180, 'amber'],
        [420, 'green'],
        [660, 'gold'],
        [1260, 'red'],
        [1500, 'deep'],
        [1740, 'amber'],
      ],
      staging: { x: 260, width: 1400, tiers: 2 },
    });
    out += bunting(rng, 0, 960, 150, 50) + bunting(rng, 960, W, 150, 50);
  } else {
    defs += vGradient('daysky', [
      [0, '#78aee0'],
      [1, '#e3eef2'],
    ]);
    out += `<rect width="${W}" height="${H}" fill="url(#daysky)"/>`;
    out += `<rect y="560" width="${W}" height="${H - 560}" fill="#76a64a"/>`;
    // Neighbouring marquees and flags across the show ground.
    for (let x = -60; x < W; x += 300) {
      out += `<path d="M${x} 560 v-90 l130 -70 l130 70 v90 Z" fill="#f6f4ee" stroke="#d2cdbf" stroke-width="3"/>`;
      out += `<path d="M${x + 130} 400 v-80" stroke="#8c8778" stroke-width="3"/><path d="M${x + 130} 320 l36 10 l-36 10 Z" fill="${rng.pick(['#2f6b3a', '#c8a24a', '#b5473a'])}"/>`;
    }
    out += `<circle cx="1650" cy="150" r="240" fill="url(#spot)"/>`;
    out += stand(rng, {
      floorY: 690,
      pergola: true,
      specimens: [
        [330, 'silver'],
        [960, 'purple'],
        [1590, 'green'],
      ],
      staging: { x: 420, width: 1080, tiers: 2 },
    });
  }
  return svgDocument(W, H, defs, out);
}
