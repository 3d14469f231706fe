import { BANNER, glow, n, random, ridge, svgDocument, treeLine, vGradient, type Random } from './svg.ts';

/**
 * Bare-root season: bundles of freshly lifted whips, tied with orange twine, stood on a pallet in
 * a frosty field at dawn. The picture buyers associate with November to March.
 */

const { width: W, height: H } = BANNER;

/** Bark colours of common whips: hawthorn, hazel, dogwood, beech, willow. */
const BARK = ['#6d4c3b', '#7b5a44', '#8a3b2e', '#5e4a3f', '#8b6a3a', '#4f3a30'];

/** One upright bundle: 40-odd stems fanning slightly, roots below, two twine ties and a label. */
function bundle(rng: Random, x: number, ground: number, height: number, width: number): string {
  const bark = rng.pick(BARK);
  let stems = '';
  for (let i = 0; i < 42; i++) {
    const bx = x + rng.range(-width / 2, width / 2) * 0.5;
    const top = ground - height * rng.range(0.78, 1);
    const tx = bx + (bx - x) * rng.range(0.6, 1.6) + rng.range(-width * 0.25, width * 0.25);
    stems += `<path d="M${n(bx)} ${n(ground - height * 0.12)} Q${n(bx + rng.range(-4, 4))} ${n((ground + top) / 2)} ${n(tx)} ${n(top)}" stroke="${rng.next() < 0.3 ? '#3f2d24' : bark}" stroke-width="${n(rng.range(1.6, 3.4))}" fill="none"/>`;
    // A side shoot on some stems, so they read as feathered whips.
    if (rng.next() < 0.4) {
      const sy = ground - height * rng.range(0.45, 0.8);
      stems += `<path d="M${n(bx + (tx - bx) * 0.6)} ${n(sy)} l${n(rng.range(-18, 18))} ${n(-rng.range(14, 30))}" stroke="${bark}" stroke-width="1.4"/>`;
    }
  }
  let roots = '';
  for (let i = 0; i < 26; i++) {
    const rx = x + rng.range(-width * 0.3, width * 0.3);
    roots += `<path d="M${n(rx)} ${n(ground - height * 0.13)} q${n(rng.range(-20, 20))} ${n(height * 0.06)} ${n(rng.range(-34, 34))} ${n(height * rng.range(0.1, 0.14))}" stroke="#5a4030" stroke-width="${n(rng.range(1.2, 2.6))}" fill="none"/>`;
  }
  const tie = (y: number) => `<rect x="${n(x - width * 0.3)}" y="${n(y)}" width="${n(width * 0.6)}" height="7" rx="3" fill="#e8742a"/>`;
  const label = `<rect x="${n(x + width * 0.22)}" y="${n(ground - height * 0.33)}" width="26" height="40" rx="3" fill="#f6f1dc" transform="rotate(8 ${n(x + width * 0.22)} ${n(ground - height * 0.33)})"/>`;
  return roots + stems + tie(ground - height * 0.22) + tie(ground - height * 0.55) + label;
}

/** A timber pallet, seen a little from above. */
function pallet(x: number, y: number, w: number): string {
  let out = `<path d="M${n(x)} ${n(y)} h${n(w)} l60 -70 h${n(-w)} Z" fill="#b98b58"/>`;
  for (let i = 0; i < 7; i++) out += `<path d="M${n(x + (i * w) / 7 + 8)} ${n(y)} l60 -70" stroke="#8c6338" stroke-width="6"/>`;
  out += `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="34" fill="#9a6f42"/>`;
  for (const f of [0.02, 0.47, 0.92])
    out += `<rect x="${n(x + w * f)}" y="${n(y + 4)}" width="${n(w * 0.06)}" height="26" fill="#6d4c2c"/>`;
  return out;
}

/** Dawn over a frosty field, with bundles of bare-root whips on a pallet. */
export function bareRootBundles(seed: number): string {
  const rng = random(seed);
  const horizon = 560;
  const defs =
    vGradient('dawn', [
      [0, '#5d7496'],
      [0.55, '#c9a7b4'],
      [1, '#f3c89b'],
    ]) +
    vGradient('frost', [
      [0, '#c9d3cf'],
      [1, '#8f9f92'],
    ]) +
    glow('sunrise', '#ffd9a0', 0.95);
  let out = `<rect width="${W}" height="${H}" fill="url(#dawn)"/>`;
  out += `<circle cx="1520" cy="${horizon - 10}" r="340" fill="url(#sunrise)"/>`;
  out += ridge(rng, horizon - 50, 60, '#8e8aa0');
  out += treeLine(rng, horizon, 18, '#5b5566');
  // Bare winter trees on the field edge: a trunk and a fan of branches.
  for (let i = 0; i < 7; i++) {
    const x = rng.range(60, W - 60);
    const h = rng.range(120, 220);
    let t = `<path d="M${n(x)} ${horizon} v${n(-h * 0.45)}" stroke="#4a4452" stroke-width="6"/>`;
    for (let b = 0; b < 9; b++) {
      t += `<path d="M${n(x)} ${n(horizon - h * 0.4)} q${n(rng.range(-40, 40))} ${n(-h * 0.3)} ${n(rng.range(-80, 80))} ${n(-h * rng.range(0.45, 0.6))}" stroke="#4a4452" stroke-width="${n(rng.range(1.5, 3.5))}" fill="none"/>`;
    }
    out += t;
  }
  out += `<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#frost)"/>`;
  // Furrows of the lifted field converge towards the sunrise.
  for (let i = -12; i <= 12; i++) {
    out += `<path d="M${n(1520 + i * 12)} ${horizon} L${n(1520 + i * 260)} ${H}" stroke="#7b6a5a" stroke-opacity="0.35" stroke-width="10"/>`;
  }
  out += pallet(240, 900, 1100);
  const bundles: [number, number][] = [];
  for (let i = 0; i < 9; i++) bundles.push([330 + i * 118 + rng.range(-10, 10), rng.range(440, 560)]);
  for (const [x, h] of bundles) out += bundle(rng, x + 30, 870, h, 150);
  // Two bundles laid on the ground in front, ready for the lorry.
  for (const [x, y] of [
    [1480, 950],
    [1560, 900],
  ] as const) {
    out += `<g transform="rotate(-84 ${x} ${y})">${bundle(rng, x, y, 420, 120)}</g>`;
  }
  return svgDocument(W, H, defs, out);
}
