/// <reference types="node" />
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import colors from "tailwindcss/colors";

/**
 * WCAG contrast of Tailwind colours as the app draws them, for tests that pin a control's colour classes
 * (WCAG 1.4.11: a control's boundary or state needs 3:1 against what it sits on).
 */

// Read as a file, as brand-contrast.test.ts does: the tests' Vite turns CSS imports into nothing.
const appCss = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "../app/index.css"), "utf8");

type Rgb = [number, number, number];

/** Linear sRGB (0..1 each) of `#rrggbb` or `oklch(L% C H)`, the two forms Tailwind's and our theme use. */
function linearRgb(colour: string): Rgb {
  const hex = /^#([0-9a-f]{6})$/i.exec(colour.trim())?.[1];
  if (hex) {
    const channel = (at: number) => {
      const c = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return [channel(0), channel(2), channel(4)];
  }
  const oklch = /^oklch\(\s*([\d.]+)%\s+([\d.]+)\s+([\d.]+)\s*\)$/.exec(colour.trim());
  if (!oklch) throw new Error(`${colour} is neither #rrggbb nor oklch(L% C H)`);
  const [lightness, chroma, hue] = oklch.slice(1).map(Number) as [number, number, number];
  // OKLCH → OKLab → LMS → linear sRGB (Björn Ottosson's matrices).
  const L = lightness / 100;
  const a = chroma * Math.cos((hue * Math.PI) / 180);
  const b = chroma * Math.sin((hue * Math.PI) / 180);
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const clamp = (c: number) => Math.min(1, Math.max(0, c));
  return [
    clamp(4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s),
    clamp(-1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s),
    clamp(-0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s),
  ];
}

/** The colour a Tailwind name ("zinc-500", "white") stands for: the app's own @theme first, then Tailwind's. */
export function tailwindColour(name: string): string {
  const own = new RegExp(`--color-${name}:\\s*([^;]+);`).exec(appCss)?.[1];
  if (own) return own.trim();
  const [family, shade] = name.split("-") as [string, string | undefined];
  const palette = (colors as unknown as Record<string, string | Record<string, string>>)[family];
  const value = typeof palette === "string" ? palette : shade ? palette?.[shade] : undefined;
  if (!value) throw new Error(`No Tailwind colour ${name}`);
  return value === "#fff" ? "#ffffff" : value;
}

function luminance(colour: string): number {
  const [r, g, b] = linearRgb(colour);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2's contrast ratio of two Tailwind colour names ("zinc-500" against "white"). */
export function contrastOf(name: string, against: string): number {
  const [lighter, darker] = [luminance(tailwindColour(name)), luminance(tailwindColour(against))].sort(
    (x, y) => y - x,
  ) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** The colour name of an element's class `prefix-<colour>` drawn in its resting state (no hover: etc.). */
export function colourClass(element: Element, prefix: "bg" | "border" | "text"): string {
  const pattern = new RegExp(`^${prefix}-([a-z]+(?:-\\d{2,3})?)$`);
  // Not "border-2" (a width), nor "hover:bg-…" (another state).
  const colour = [...element.classList].map((name) => pattern.exec(name)?.[1]).find(Boolean);
  if (!colour) throw new Error(`${element.className} has no ${prefix} colour`);
  return colour;
}
