/**
 * WCAG 2.1 contrast of the console's colours (1.4.3: text at ≥ 4.5:1). The themes and the primary colour a user picks
 * go through here, so every look the top bar offers keeps its text readable.
 */

/** AA for normal text. */
export const AA_TEXT = 4.5;

type Rgba = [number, number, number, number];

/** `#rgb`, `#rrggbb`, `rgb()` or `rgba()` → channels (alpha 0–1); undefined for anything else (gradients). */
export function parseColor(value: string): Rgba | undefined {
  const v = value.trim().toLowerCase();
  let m = /^#([0-9a-f]{3})$/.exec(v);
  if (m) {
    const [r, g, b] = m[1]!.split('').map((c) => Number.parseInt(c + c, 16)) as [number, number, number];
    return [r, g, b, 1];
  }
  m = /^#([0-9a-f]{6})$/.exec(v);
  if (m) {
    const n = Number.parseInt(m[1]!, 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255, 1];
  }
  m = /^rgba?\(([^)]+)\)$/.exec(v);
  if (m) {
    const parts = m[1]!.split(',').map((p) => Number.parseFloat(p));
    if (parts.length < 3 || parts.some(Number.isNaN)) return undefined;
    return [parts[0]!, parts[1]!, parts[2]!, parts[3] ?? 1];
  }
  return undefined;
}

/** `colour` drawn over `base` (which is opaque). */
export function over(colour: string, base: string): string {
  const c = parseColor(colour);
  const b = parseColor(base);
  if (!c || !b) return colour;
  const mix = (i: number) => Math.round(c[i]! * c[3] + b[i]! * (1 - c[3]));
  return toHex([mix(0), mix(1), mix(2)]);
}

function toHex(rgb: number[]): string {
  return `#${rgb.map((v) => Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, '0')).join('')}`;
}

function luminance(colour: string): number {
  const c = parseColor(colour) ?? [0, 0, 0, 1];
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]);
}

/** Contrast ratio of two opaque colours (1–21). */
export function contrast(a: string, b: string): number {
  const x = luminance(a);
  const y = luminance(b);
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/**
 * `colour`, or the nearest shade of it (darker on a light background, lighter on a dark one) that reads at `min`
 * against `background`. A colour that cannot meet AA for text is never used for text as it is.
 */
export function readableOn(colour: string, background: string, min = AA_TEXT): string {
  const c = parseColor(colour);
  if (!c) return colour;
  if (contrast(toHex(c.slice(0, 3)), background) >= min) return toHex(c.slice(0, 3));
  const target = luminance(background) > 0.18 ? 0 : 255;
  for (let step = 1; step <= 50; step++) {
    const f = step / 50;
    const next = toHex(c.slice(0, 3).map((v) => v + (target - v) * f));
    if (contrast(next, background) >= min) return next;
  }
  return target === 0 ? '#000000' : '#ffffff';
}

/** Above AA on white, so the primary colour also reads on its own light tints (the active tab, a selected item). */
const PRIMARY_ON_WHITE = 5.1;

/**
 * The primary colour as the console uses it: white words on it (primary buttons, the selected menu item) and it on
 * white (links, the active tab) both read at AA. Idempotent: a readable colour comes back as it is.
 */
export function readablePrimary(colour: string): string {
  return readableOn(colour, '#ffffff', PRIMARY_ON_WHITE).toUpperCase();
}
