import { crownGradients, hedgingPlant, standardTree, type Crown } from './plants.ts';
import { BANNER, glow, mix, n, random, ridge, svgDocument, treeLine, vGradient, type Random } from './svg.ts';

/**
 * Outdoor nursery scenes drawn in simple perspective: a sky, hazy ridges (the North Downs), a
 * woodland edge at the horizon and rows of plants running towards it.
 */

const { width: W, height: H } = BANNER;

interface Sky {
  top: string;
  horizon: string;
  sun: string;
  sunX: number;
  sunY: number;
}

const SKIES = {
  summer: { top: '#7fb6e0', horizon: '#e9f1ea', sun: '#fff6d8', sunX: 1480, sunY: 230 },
  evening: { top: '#6f93c2', horizon: '#f6d9a8', sun: '#ffe3a6', sunX: 420, sunY: 420 },
  spring: { top: '#9cc7ea', horizon: '#f1f4ec', sun: '#fffbe8', sunX: 1600, sunY: 180 },
} satisfies Record<string, Sky>;

/** Ground projection: world depth d (≥ 1) → screen y; world x offset → screen x. */
function projector(horizon: number, vanishX: number) {
  const k = H - horizon; // d = 1 lands on the bottom edge
  return {
    y: (d: number) => horizon + k / d,
    x: (worldX: number, d: number) => vanishX + (worldX * k) / d,
    scale: (d: number) => k / d,
  };
}

/** Sky, sun, two ridges and the woodland edge; returns the SVG and its gradient defs. */
function backdrop(rng: Random, sky: Sky, horizon: number, groundTop: string, groundBottom: string) {
  const defs =
    vGradient('sky', [
      [0, sky.top],
      [1, sky.horizon],
    ]) +
    vGradient('ground', [
      [0, groundTop],
      [1, groundBottom],
    ]) +
    `<linearGradient id="haze" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky.horizon}" stop-opacity="0"/><stop offset="0.6" stop-color="${sky.horizon}"/><stop offset="1" stop-color="${sky.horizon}" stop-opacity="0"/></linearGradient>` +
    glow('sun', sky.sun) +
    crownGradients();
  const body =
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>` +
    `<circle cx="${sky.sunX}" cy="${sky.sunY}" r="260" fill="url(#sun)"/>` +
    ridge(rng, horizon - 70, 70, mix('#8fb0a0', sky.horizon, 0.45)) +
    ridge(rng, horizon - 18, 40, mix('#6f9a6c', sky.horizon, 0.25)) +
    treeLine(rng, horizon + 4, 20, '#4f7347') +
    `<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#ground)"/>`;
  return { defs, body };
}

/** A translucent band of sky colour over the horizon: distance haze without per-shape colours. */
const haze = (horizon: number) => `<rect y="${horizon - 120}" width="${W}" height="200" fill="url(#haze)" opacity="0.55"/>`;

export interface TreeFieldOptions {
  seed: number;
  sky: keyof typeof SKIES;
  crowns: readonly Crown[];
  /** Container-grown (on black standing beds) or field-grown/orchard (in grass). */
  pots: boolean;
  blossom?: readonly string[];
}

/** Rows of standard trees running to the horizon: a container bed or an orchard in blossom. */
export function treeField(o: TreeFieldOptions): string {
  const rng = random(o.seed);
  const horizon = 480;
  const p = projector(horizon, W * 0.55);
  const { defs, body } = backdrop(rng, SKIES[o.sky], horizon, o.pots ? '#9cbf72' : '#a9cc6e', o.pots ? '#5c8a3c' : '#6d9d3e');
  let out = body;

  const rows = [-7, -4.6, -2.2, 1.4, 3.8, 6.2];
  // Beds under each row (black ground-cover fabric in a container yard; mown strips in an orchard).
  for (const x of rows) {
    const half = 0.9;
    const bed = o.pots ? '#34372f' : '#8fb85a';
    out += `<path d="M${n(p.x(x - half, 1))} ${H} L${n(p.x(x - half, 60))} ${n(p.y(60))} L${n(p.x(x + half, 60))} ${n(p.y(60))} L${n(p.x(x + half, 1))} ${H} Z" fill="${bed}"/>`;
  }
  const trees: { d: number; svg: () => string }[] = [];
  for (const x of rows) {
    for (let d = 1.4; d < 40; d *= 1.16) {
      const depth = d * rng.range(0.98, 1.02);
      const crown = rng.pick(o.crowns);
      trees.push({
        d: depth,
        svg: () =>
          standardTree(rng, p.x(x + rng.range(-0.12, 0.12), depth), p.y(depth), {
            crown,
            pot: o.pots,
            size: p.scale(depth) * 1.6,
            ...(o.blossom ? { blossom: o.blossom } : {}),
          }),
      });
    }
  }
  trees.sort((a, b) => b.d - a.d);
  const far = trees.filter((t) => t.d >= 6);
  const near = trees.filter((t) => t.d < 6);
  out += far.map((t) => t.svg()).join('') + haze(horizon) + near.map((t) => t.svg()).join('');
  return svgDocument(W, H, defs, out);
}

/** A Kentish oast house: round brick kiln, conical roof, white cowl, and its barn. */
function oastHouse(x: number, ground: number, s: number): string {
  const kilnW = 90 * s;
  const kilnH = 110 * s;
  const roofH = 120 * s;
  const top = ground - kilnH;
  return (
    `<rect x="${n(x + kilnW * 0.6)}" y="${n(ground - 80 * s)}" width="${n(200 * s)}" height="${n(80 * s)}" fill="#c7b79b"/>` +
    `<path d="M${n(x + kilnW * 0.5)} ${n(ground - 80 * s)} L${n(x + kilnW * 0.9)} ${n(ground - 125 * s)} L${n(x + kilnW * 0.6 + 200 * s)} ${n(ground - 125 * s)} L${n(x + kilnW * 0.7 + 205 * s)} ${n(ground - 80 * s)} Z" fill="#7d3f2c"/>` +
    `<rect x="${n(x)}" y="${n(top)}" width="${n(kilnW)}" height="${n(kilnH)}" fill="#a8553a"/>` +
    `<rect x="${n(x + kilnW * 0.55)}" y="${n(top)}" width="${n(kilnW * 0.45)}" height="${n(kilnH)}" fill="#8e4430"/>` +
    `<path d="M${n(x - 4 * s)} ${n(top)} L${n(x + kilnW / 2)} ${n(top - roofH)} L${n(x + kilnW + 4 * s)} ${n(top)} Z" fill="#6e3324"/>` +
    `<path d="M${n(x + kilnW / 2 - 12 * s)} ${n(top - roofH + 6 * s)} h${n(24 * s)} v${n(-26 * s)} l${n(-18 * s)} ${n(-10 * s)} h${n(-6 * s)} Z" fill="#f4f1ea"/>`
  );
}

/** Fields of lined-out hedging on a summer evening, patchwork hills and an oast house beyond. */
export function hedgingFields(seed: number): string {
  const rng = random(seed);
  const horizon = 470;
  const sky = SKIES.evening;
  const { defs, body } = backdrop(rng, sky, horizon, '#a7b86a', '#6e8f3a');
  let out = body;
  // Patchwork of fields on the far slope, each edged by a dark hedgerow.
  const colours = ['#b9c46e', '#9fb562', '#d2c78a', '#8fae5a', '#c4b46a'];
  let x = -40;
  while (x < W) {
    const w = rng.range(180, 340);
    const top = horizon + rng.range(2, 10);
    out += `<path d="M${n(x)} ${n(top)} L${n(x + w)} ${n(top + rng.range(-4, 4))} L${n(x + w + 30)} ${n(horizon + 60)} L${n(x - 20)} ${n(horizon + 60)} Z" fill="${mix(rng.pick(colours), sky.horizon, 0.3)}" stroke="#4d6a3a" stroke-width="5"/>`;
    x += w;
  }
  out += oastHouse(360, horizon + 34, 0.75);
  out += `<rect y="${horizon + 58}" width="${W}" height="${H - horizon - 58}" fill="url(#ground)"/>`;
  const p = projector(horizon + 58, W * 0.42);
  const crowns: Crown[] = ['green', 'deep', 'purple', 'green', 'lime'];
  const plants: { d: number; svg: string }[] = [];
  for (let row = -16; row <= 16; row += 0.95) {
    const crown = rng.pick(crowns); // one variety per row, as a field is lined out
    for (let d = 1.3; d < 30; d *= 1.08) {
      const depth = d * rng.range(0.99, 1.01);
      plants.push({ d: depth, svg: hedgingPlant(rng, p.x(row, depth), p.y(depth), p.scale(depth) * 0.42, crown) });
    }
  }
  plants.sort((a, b) => b.d - a.d);
  out += plants.map((pl) => pl.svg).join('');
  return svgDocument(W, H, defs, out);
}

/** A bank of polytunnels with a container bed of young plants in front. */
export function polytunnels(seed: number): string {
  const rng = random(seed);
  const horizon = 540;
  const { defs: baseDefs, body } = backdrop(rng, SKIES.summer, horizon, '#94b86a', '#557f37');
  const defs =
    baseDefs +
    vGradient('film', [
      [0, '#ffffff'],
      [1, '#cfdad6'],
    ]);
  let out = body;
  // Two ranks of tunnels: the far rank smaller and hazier.
  for (const [y, s, count, offset] of [
    [horizon + 40, 0.6, 9, 30],
    [horizon + 150, 1, 6, -60],
  ] as const) {
    const tw = 330 * s;
    const th = 150 * s;
    for (let i = 0; i < count; i++) {
      const x = offset + i * (tw + 26 * s);
      out += `<path d="M${n(x)} ${n(y)} v${n(-th * 0.45)} q0 ${n(-th * 0.55)} ${n(th * 0.55)} ${n(-th * 0.55)} h${n(tw - th * 1.1)} q${n(th * 0.55)} 0 ${n(th * 0.55)} ${n(th * 0.55)} v${n(th * 0.45)} Z" fill="url(#film)" stroke="#9fb0aa" stroke-width="${n(2 * s)}"/>`;
      for (let r = x + tw / 8; r < x + tw; r += tw / 8) {
        out += `<line x1="${n(r)}" y1="${n(y)}" x2="${n(r)}" y2="${n(y - th * 0.98)}" stroke="#b3c0bb" stroke-width="${n(2 * s)}"/>`;
      }
      out += `<rect x="${n(x)}" y="${n(y - 10 * s)}" width="${n(tw)}" height="${n(10 * s)}" fill="#6e8a64" opacity="0.5"/>`;
    }
    if (s < 1) out += haze(horizon + 40);
  }
  // Foreground standing bed of pot-grown shrubs.
  out += `<rect y="${horizon + 200}" width="${W}" height="${H - horizon - 200}" fill="#3a3d35"/>`;
  const p = projector(horizon + 200, W * 0.5);
  const rows: string[] = [];
  for (let d = 6; d >= 1.05; d /= 1.12) {
    let row = '';
    for (let col = -30; col <= 30; col += 0.7) {
      const size = p.scale(d) * 0.3;
      const crown: Crown = rng.next() < 0.2 ? 'purple' : rng.next() < 0.5 ? 'green' : 'deep';
      row += `<circle cx="${n(p.x(col * 0.5, d))}" cy="${n(p.y(d) - size * 0.6)}" r="${n(size * 0.55)}" fill="url(#crown-${crown})"/>`;
    }
    rows.push(row);
  }
  out += rows.join('');
  return svgDocument(W, H, defs, out);
}

/** Blossom colours of apples and pears. */
export const BLOSSOM = ['#ffffff', '#fde7ee', '#f7c6d6', '#ffffff'] as const;
