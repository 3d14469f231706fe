import { n, type Random } from './svg.ts';

/**
 * Plant shapes the demo scenes share: a standard tree (optionally in a nursery pot, optionally in
 * blossom) and a pot-grown shrub. Sizes are in pixels at the plant's depth; callers scale them.
 */

/** Crown fills; each refers to a radial gradient from `crownGradients()`, lit from the upper left. */
const CROWNS = {
  green: ['#7fb24f', '#3f6d2a'],
  deep: ['#5e9a45', '#24502a'],
  lime: ['#b4cf5a', '#6d8c2c'],
  purple: ['#8a4a5e', '#3d1e2c'],
  silver: ['#a9c29a', '#5f7a5c'],
  amber: ['#e2a33c', '#9a4f1c'],
  red: ['#d0623a', '#7c2a1a'],
  gold: ['#e6c24a', '#9a7a1c'],
} as const;
export type Crown = keyof typeof CROWNS;

/** The `<radialGradient>` definitions behind CROWNS. */
export function crownGradients(): string {
  return Object.entries(CROWNS)
    .map(
      ([name, [light, dark]]) =>
        `<radialGradient id="crown-${name}" cx="0.4" cy="0.35" r="0.7"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></radialGradient>`,
    )
    .join('');
}

export interface TreeOptions {
  crown: Crown;
  /** Grown in a black nursery pot (else planted in the ground). */
  pot?: boolean;
  /** Blossom colours scattered over the crown (an orchard in spring). */
  blossom?: readonly string[];
  /** Total height in pixels from the ground to the top of the crown. */
  size: number;
}

/** A young standard tree: clear stem, rounded crown, shadow, optional pot and cane. */
export function standardTree(rng: Random, x: number, ground: number, o: TreeOptions): string {
  const s = o.size;
  const crownR = s * rng.range(0.2, 0.26);
  const crownY = ground - s + crownR;
  const potH = o.pot ? s * 0.12 : 0;
  const potW = s * 0.17;
  let out = `<ellipse cx="${n(x + s * 0.06)}" cy="${n(ground)}" rx="${n(s * 0.2)}" ry="${n(s * 0.03)}" fill="#000" fill-opacity="0.22"/>`;
  out += `<rect x="${n(x - s * 0.014)}" y="${n(crownY)}" width="${n(s * 0.028)}" height="${n(ground - potH - crownY)}" fill="#6b4a32"/>`;
  if (o.pot) {
    out += `<path d="M${n(x - potW / 2)} ${n(ground - potH)} h${n(potW)} l${n(-potW * 0.1)} ${n(potH)} h${n(-potW * 0.8)} Z" fill="#1d1f1c"/>`;
    out += `<rect x="${n(x - potW / 2)} " y="${n(ground - potH)}" width="${n(potW)}" height="${n(potH * 0.15)}" fill="#33362f"/>`;
  }
  // The crown is three overlapping lobes, so it reads as foliage rather than a ball.
  const lobes: [number, number, number][] = [
    [0, 0, 1],
    [-0.45, 0.25, 0.72],
    [0.45, 0.2, 0.75],
  ];
  for (const [dx, dy, r] of lobes) {
    out += `<ellipse cx="${n(x + dx * crownR)}" cy="${n(crownY + dy * crownR)}" rx="${n(crownR * r)}" ry="${n(crownR * r * 0.92)}" fill="url(#crown-${o.crown})"/>`;
  }
  if (o.blossom && crownR > 3) {
    let dots = '';
    for (let i = 0; i < 60; i++) {
      const a = rng.range(0, Math.PI * 2);
      const d = Math.sqrt(rng.next()) * crownR * 1.05;
      dots += `<circle cx="${n(x + Math.cos(a) * d * 1.2)}" cy="${n(crownY + Math.sin(a) * d * 0.85)}" r="${n(crownR * rng.range(0.035, 0.07))}" fill="${rng.pick(o.blossom)}"/>`;
    }
    out += dots;
  }
  return out;
}

/** A pot-grown shrub: a pot and a bushy mound of leaves, with optional flowers. */
export function pottedShrub(
  rng: Random,
  x: number,
  ground: number,
  size: number,
  crown: Crown,
  flowers?: readonly string[],
  potColour = '#1d1f1c',
): string {
  const potW = size * 0.7;
  const potH = size * 0.55;
  let out = `<path d="M${n(x - potW / 2)} ${n(ground - potH)} h${n(potW)} l${n(-potW * 0.12)} ${n(potH)} h${n(-potW * 0.76)} Z" fill="${potColour}"/>`;
  const top = ground - potH;
  for (let i = 0; i < 5; i++) {
    const r = size * rng.range(0.28, 0.4);
    out += `<circle cx="${n(x + rng.range(-0.35, 0.35) * size)}" cy="${n(top - rng.range(0.1, 0.55) * size)}" r="${n(r)}" fill="url(#crown-${crown})"/>`;
  }
  if (flowers) {
    for (let i = 0; i < 9; i++) {
      out += `<circle cx="${n(x + rng.range(-0.55, 0.55) * size)}" cy="${n(top - rng.range(0.15, 0.85) * size)}" r="${n(size * 0.07)}" fill="${rng.pick(flowers)}"/>`;
    }
  }
  return out;
}

/** A young hedging plant lined out in a field: a small upright clump. */
export function hedgingPlant(rng: Random, x: number, ground: number, size: number, crown: Crown): string {
  let out = `<ellipse cx="${n(x)}" cy="${n(ground)}" rx="${n(size * 0.45)}" ry="${n(size * 0.08)}" fill="#000" fill-opacity="0.18"/>`;
  for (let i = 0; i < 4; i++) {
    const r = size * rng.range(0.2, 0.3);
    out += `<ellipse cx="${n(x + rng.range(-0.2, 0.2) * size)}" cy="${n(ground - r - rng.range(0, 0.6) * size)}" rx="${n(r * 0.8)}" ry="${n(r)}" fill="url(#crown-${crown})"/>`;
  }
  return out;
}
