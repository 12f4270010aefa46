/**
 * WCAG 2.x contrast arithmetic for the theme's colours: relative luminance, the contrast ratio of two
 * colours (a translucent one laid over its background first), and the shade of a colour that reads on
 * given backgrounds. The theme derives its text colours with it, and its tests check every pair.
 */

export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

/** AA for normal text (WCAG 1.4.3); the theme aims a little above it so that rounding never drops below. */
export const AA_TEXT = 4.5;
const AIM = 4.6;

/** Parses `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb(...)` and `rgba(...)`. */
export function parseColor(text: string): Rgba {
  const value = text.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3,8})$/.exec(value);
  if (hex) {
    let digits = hex[1];
    if (digits.length === 3 || digits.length === 4) digits = [...digits].map((d) => d + d).join('');
    if (digits.length !== 6 && digits.length !== 8) throw new Error(`Not a colour: ${text}`);
    const channel = (i: number) => parseInt(digits.slice(i, i + 2), 16);
    return { r: channel(0), g: channel(2), b: channel(4), a: digits.length === 8 ? channel(6) / 255 : 1 };
  }
  const fn = /^rgba?\(([^)]+)\)$/.exec(value);
  if (fn) {
    const parts = fn[1]
      .split(/[\s,/]+/)
      .filter(Boolean)
      .map(Number);
    if (parts.length < 3 || parts.some((n) => Number.isNaN(n))) throw new Error(`Not a colour: ${text}`);
    return { r: parts[0], g: parts[1], b: parts[2], a: parts[3] ?? 1 };
  }
  throw new Error(`Not a colour: ${text}`);
}

export function toHex({ r, g, b }: Rgba): string {
  const part = (n: number) =>
    Math.round(Math.min(255, Math.max(0, n)))
      .toString(16)
      .padStart(2, '0');
  return `#${part(r)}${part(g)}${part(b)}`;
}

/** `color` laid over `background` (itself laid over `under` when translucent): the colour one sees. */
export function over(color: string, background: string, under = '#ffffff'): string {
  const top = parseColor(color);
  const bottom = parseColor(background);
  const base = bottom.a < 1 ? parseColor(over(background, under)) : bottom;
  const mix = (a: number, b: number) => a * top.a + b * (1 - top.a);
  return toHex({ r: mix(top.r, base.r), g: mix(top.g, base.g), b: mix(top.b, base.b), a: 1 });
}

function luminance(color: string): number {
  const { r, g, b } = parseColor(color);
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The contrast ratio (1 to 21) of opaque colours; a translucent foreground is laid over the background. */
export function contrastRatio(foreground: string, background: string): number {
  const seen = over(foreground, background);
  const [hi, lo] = [luminance(seen), luminance(over(background, '#ffffff'))].sort((a, b) => b - a);
  return (hi + 0.05) / (lo + 0.05);
}

function mixWith(color: string, target: string, amount: number): string {
  const a = parseColor(color);
  const b = parseColor(target);
  const mix = (x: number, y: number) => x + (y - x) * amount;
  return toHex({ r: mix(a.r, b.r), g: mix(a.g, b.g), b: mix(a.b, b.b), a: 1 });
}

/**
 * The shade of `color` that reads as text on every one of `backgrounds` (at least 4.5:1): the colour
 * itself when it does, else mixed towards black on light backgrounds (towards white on dark ones),
 * in small steps, so that it keeps its hue as far as it can.
 */
export function readableOn(color: string, backgrounds: readonly string[], aim = AIM): string {
  const opaque = backgrounds.map((bg) => over(bg, '#ffffff'));
  const darkBackground = opaque.every((bg) => luminance(bg) < 0.18);
  const target = darkBackground ? '#ffffff' : '#000000';
  const base = toHex(parseColor(over(color, opaque[0])));
  for (let step = 0; step <= 50; step++) {
    const candidate = step === 0 ? base : mixWith(base, target, step / 50);
    if (opaque.every((bg) => contrastRatio(candidate, bg) >= aim)) return candidate;
  }
  return target;
}
