import { n, random, svgDocument } from './svg.ts';

/**
 * The "How to find us" map: a simplified, not-to-scale sketch of the lanes between Ashford and
 * Charing — M20 junction 9, the A20 west through Hothfield, and Station Road to the nursery.
 * Labels use DejaVu/Liberation Sans (Debian's defaults); the widget's alt text carries the same
 * directions for anyone who cannot see the picture.
 */

export const MAP = { width: 1200, height: 800 } as const;
const { width: W, height: H } = MAP;

const FONT = `font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif"`;

/** A road drawn as a casing plus a fill, so crossings stay readable. */
const road = (d: string, fill: string, width: number, casing = '#ffffff') =>
  `<path d="${d}" stroke="${casing}" stroke-width="${width + 6}" fill="none" stroke-linecap="round" stroke-linejoin="round"/>` +
  `<path d="${d}" stroke="${fill}" stroke-width="${width}" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`;

/** A road-number shield in the British style: blue for motorways, green with yellow for primary routes. */
function shield(x: number, y: number, text: string, kind: 'motorway' | 'primary'): string {
  const fill = kind === 'motorway' ? '#1d5fa8' : '#1f6b3a';
  const colour = kind === 'motorway' ? '#ffffff' : '#ffd200';
  const w = 22 + text.length * 15;
  return (
    `<rect x="${n(x - w / 2)}" y="${y - 18}" width="${n(w)}" height="36" rx="5" fill="${fill}" stroke="#ffffff" stroke-width="3"/>` +
    `<text x="${x}" y="${y + 8}" ${FONT} font-size="22" font-weight="bold" fill="${colour}" text-anchor="middle">${text}</text>`
  );
}

/** A place name with a pale halo so it reads over roads and fields. */
const label = (x: number, y: number, text: string, size = 24, weight = 'bold', colour = '#2d3a2a', anchor = 'middle') =>
  `<text x="${x}" y="${y}" ${FONT} font-size="${size}" font-weight="${weight}" fill="${colour}" text-anchor="${anchor}" stroke="#f4f7ee" stroke-width="5" paint-order="stroke">${text}</text>`;

/** A blob outline around a centre, for towns and woods. */
function blob(seed: number, cx: number, cy: number, rx: number, ry: number, fill: string): string {
  const rng = random(seed);
  const points = Array.from({ length: 10 }, (_, i) => {
    const a = (i / 10) * Math.PI * 2;
    const k = rng.range(0.8, 1.12);
    return [cx + Math.cos(a) * rx * k, cy + Math.sin(a) * ry * k] as const;
  });
  const mid = (a: readonly [number, number], b: readonly [number, number]) => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] as const;
  const start = mid(points[9]!, points[0]!);
  let d = `M${n(start[0])} ${n(start[1])}`;
  points.forEach((p, i) => {
    const m = mid(p, points[(i + 1) % 10]!);
    d += ` Q${n(p[0])} ${n(p[1])} ${n(m[0])} ${n(m[1])}`;
  });
  return `<path d="${d} Z" fill="${fill}"/>`;
}

/** The whole map as an SVG document. */
export function findMap(): string {
  const rng = random(2026);
  let out = `<rect width="${W}" height="${H}" fill="#e3edd5"/>`;
  // Field pattern: a loose grid of slightly different greens with hedgerow edges.
  for (let y = 0; y < H; y += 100) {
    for (let x = 0; x < W; x += 120) {
      const dx = rng.range(-15, 15);
      out += `<rect x="${n(x + dx)}" y="${y}" width="120" height="100" fill="${rng.pick(['#dde9cd', '#e6efd9', '#d6e5c4', '#e9eedc'])}" stroke="#c3d6ad" stroke-width="3"/>`;
    }
  }
  // Towns, villages and the heath.
  out += blob(1, 1080, 690, 230, 170, '#eadfcc');
  out += blob(2, 150, 140, 110, 70, '#eadfcc');
  out += blob(3, 520, 330, 70, 44, '#eadfcc');
  out += blob(4, 660, 230, 120, 70, '#b9d3a0');
  for (let i = 0; i < 40; i++)
    out += `<circle cx="${n(rng.range(570, 750))}" cy="${n(rng.range(185, 275))}" r="${n(rng.range(6, 11))}" fill="#8fb77a"/>`;

  // Railway (Maidstone East line): dashed black and white.
  const rail = 'M0 330 C300 380 600 420 900 470 S1150 560 1200 590';
  out += `<path d="${rail}" stroke="#555" stroke-width="8" fill="none"/><path d="${rail}" stroke="#fff" stroke-width="4" stroke-dasharray="16 16" fill="none"/>`;

  // Roads: M20 (blue), A20 (green), Station Road (minor, yellow) and the J9 link.
  const m20 = 'M0 520 C300 560 600 600 850 640 S1100 720 1200 760';
  const a20 = 'M0 95 C120 120 250 190 380 260 S560 350 700 420 S860 520 930 560 S1060 620 1120 650';
  const station = 'M512 336 C522 400 532 470 540 560';
  out += road(m20, '#1d5fa8', 16);
  out += road(a20, '#2f8a4a', 12);
  out += road('M850 640 C880 610 910 585 930 560', '#2f8a4a', 10);
  out += road(station, '#f2c14e', 9, '#8a7a4a');
  out += `<circle cx="850" cy="640" r="22" fill="#ffffff" stroke="#1d5fa8" stroke-width="8"/>`;

  // The nursery: a pin with a leaf at the end of Station Road, and its label.
  const [px, py] = [540, 560];
  out += `<path d="M${px} ${py} c-26 -30 -40 -52 -40 -72 a40 40 0 1 1 80 0 c0 20 -14 42 -40 72 Z" fill="#24512f" stroke="#ffffff" stroke-width="4"/>`;
  out += `<path d="M${px} ${py - 50} c-16 -14 -12 -34 12 -40 c4 22 -2 34 -12 40 Z" fill="#9bd36a"/>`;
  out += `<rect x="${px + 32}" y="${py - 100}" width="330" height="66" rx="8" fill="#24512f" stroke="#ffffff" stroke-width="3"/>`;
  out += `<text x="${px + 48}" y="${py - 71}" ${FONT} font-size="23" font-weight="bold" fill="#ffffff">Hothfield Nurseries</text>`;
  out += `<text x="${px + 48}" y="${py - 46}" ${FONT} font-size="17" fill="#d9ecc8">Trade entrance, Station Road</text>`;

  // Names, shields and directions.
  out += label(1080, 720, 'Ashford', 34);
  out += label(150, 150, 'Charing', 28);
  out += label(470, 318, 'Hothfield', 24, 'bold', '#2d3a2a', 'end');
  out += label(660, 205, 'Hothfield Heathlands', 18, 'normal', '#3d5a30');
  out += label(508, 455, 'Station Road', 17, 'normal', '#5a4a20', 'end');
  out += shield(300, 585, 'M20', 'motorway');
  out += shield(300, 190, 'A20', 'primary');
  out += shield(790, 690, 'J9', 'motorway');
  out += label(20, 495, '← Maidstone, London', 18, 'normal', '#2d3a2a', 'start');
  out += label(20, 70, '← Maidstone', 18, 'normal', '#2d3a2a', 'start');
  out += label(1180, 790, 'Folkestone, Dover →', 18, 'normal', '#2d3a2a', 'end');

  // North arrow and a note that this is a sketch.
  out += `<g transform="translate(1130 80)"><circle r="40" fill="#ffffff" fill-opacity="0.85" stroke="#2d3a2a" stroke-width="3"/><path d="M0 -30 L14 12 L0 4 L-14 12 Z" fill="#2d3a2a"/><text y="30" ${FONT} font-size="18" font-weight="bold" fill="#2d3a2a" text-anchor="middle">N</text></g>`;
  out += label(20, 785, 'Not to scale', 16, 'normal', '#5a6a55', 'start');
  return svgDocument(W, H, '', out);
}
