/**
 * Small helpers for the generated demo pictures: a seeded random source (so every run draws the
 * same picture, byte for byte) and a few SVG fragments the scenes share.
 */

/** Banner size of the shipped demo pictures; the renditions worker makes the smaller widths. */
export const BANNER = { width: 1920, height: 1000 } as const;

/** A deterministic random source (mulberry32): the same seed always draws the same scene. */
export function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** A number in [min, max). */
    range: (min: number, max: number) => min + (max - min) * next(),
    /** One element of a non-empty list. */
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}
export type Random = ReturnType<typeof random>;

/** Numbers rounded to one decimal keep the SVG small and the output stable. */
export const n = (value: number) => (Math.round(value * 10) / 10).toString();

/** Mixes two #rrggbb colours; t = 0 gives a, t = 1 gives b. Used for depth haze. */
export function mix(a: string, b: string, t: number): string {
  const pa = parseInt(a.slice(1), 16);
  const pb = parseInt(b.slice(1), 16);
  const channel = (shift: number) => Math.round(((pa >> shift) & 255) * (1 - t) + ((pb >> shift) & 255) * t);
  return `#${((channel(16) << 16) | (channel(8) << 8) | channel(0)).toString(16).padStart(6, '0')}`;
}

/** A vertical linear gradient definition. */
export function vGradient(id: string, stops: [offset: number, colour: string][]): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${stops
    .map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`)
    .join('')}</linearGradient>`;
}

/** A soft radial glow (sun, spotlights), transparent at the edge. */
export function glow(id: string, colour: string, opacity = 0.9): string {
  return `<radialGradient id="${id}"><stop offset="0" stop-color="${colour}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>`;
}

/**
 * A closed ridge line across the picture: a smooth, bumpy horizon from y ≈ base, filled down to the
 * bottom edge. Layered ridges in hazier colours make distance.
 */
export function ridge(
  rng: Random,
  base: number,
  amplitude: number,
  fill: string,
  width: number = BANNER.width,
  height: number = BANNER.height,
): string {
  const points: [number, number][] = [];
  const steps = 8;
  for (let i = 0; i <= steps; i++) points.push([(width * i) / steps, base - rng.range(0, amplitude)]);
  let d = `M0 ${n(height)} L0 ${n(points[0]![1])}`;
  for (let i = 1; i < points.length; i++) {
    const [x0, y0] = points[i - 1]!;
    const [x1, y1] = points[i]!;
    const mid = (x0 + x1) / 2;
    d += ` C${n(mid)} ${n(y0)} ${n(mid)} ${n(y1)} ${n(x1)} ${n(y1)}`;
  }
  return `<path d="${d} L${n(width)} ${n(height)} Z" fill="${fill}"/>`;
}

/** A line of distant woodland: overlapping circles along a line, in one colour. */
export function treeLine(rng: Random, y: number, size: number, fill: string, width: number = BANNER.width): string {
  let out = '';
  for (let x = -size; x < width + size; x += size * rng.range(0.5, 0.9)) {
    const r = size * rng.range(0.6, 1.1);
    out += `<circle cx="${n(x)}" cy="${n(y - r * 0.6)}" r="${n(r)}"/>`;
  }
  return `<g fill="${fill}">${out}<rect x="0" y="${n(y - 2)}" width="${width}" height="${n(size)}"/></g>`;
}

/** Wraps the parts into a complete SVG document of the given size. */
export function svgDocument(width: number, height: number, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><defs>${defs}</defs>${body}</svg>`;
}
