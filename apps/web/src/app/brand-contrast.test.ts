/// <reference types="node" />
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Read as a file: the tests' Vite turns CSS imports (even `?raw`) into nothing, and jsdom's `URL` is not
// one node:fs takes.
const css = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "index.css"), "utf8");

type Colour = [number, number, number];

function stop(name: string): Colour {
  const hex = new RegExp(`--color-brand-${name}:\\s*#([0-9a-f]{6})`, "i").exec(css)?.[1];
  if (!hex) throw new Error(`--color-brand-${name} is not a #rrggbb colour`);
  const channel = (at: number) => Number.parseInt(hex.slice(at, at + 2), 16) / 255;
  return [channel(0), channel(2), channel(4)];
}

/** WCAG 2's relative luminance of an sRGB colour (channels 0..1). */
function luminance([r, g, b]: Colour): number {
  const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

const againstWhite = (colour: Colour) => 1.05 / (luminance(colour) + 0.05);

describe("the brand gradient", () => {
  it("holds white text at WCAG AA at every point between its stops", () => {
    const [from, via, to] = [stop("from"), stop("via"), stop("to")];
    const pairs: [Colour, Colour][] = [
      [from, via],
      [via, to],
    ];
    for (const [start, end] of pairs) {
      for (let step = 0; step <= 20; step++) {
        const mix = (i: 0 | 1 | 2) => start[i] + (end[i] - start[i]) * (step / 20);
        expect(againstWhite([mix(0), mix(1), mix(2)])).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});
