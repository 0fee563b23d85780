import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";

/** The impacts that fail a screen: axe's "serious" and "critical" (issue 14). */
const FAILING = new Set(["serious", "critical"]);

export interface AxeFinding {
  rule: string;
  impact: string;
  /** Up to three of the offending elements, as axe's selectors with its summary of what is wrong. */
  where: string[];
}

/**
 * Runs axe on the page as it is now; returns the serious and critical violations, readable in a diff,
 * and any rule axe could not run: a rule that fails on the page (as the contrast check did on a colour
 * it could not parse) reports nothing, which must not pass for "no violations".
 */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  const { violations, incomplete } = await new AxeBuilder({ page })
    // Off by default in axe (experimental) but part of Lighthouse's audit: a control's accessible name
    // must contain its visible text (WCAG 2.5.3), e.g. a Like button that shows its count.
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .analyze();
  const broken = incomplete.flatMap((result) =>
    result.nodes
      .flatMap((node) => [...node.any, ...node.all, ...node.none])
      .filter(
        (check) =>
          (check.message ?? "").startsWith("Axe encountered an error") ||
          (check.data as { messageKey?: string } | null)?.messageKey === "colorParse",
      )
      .slice(0, 1)
      .map((check) => ({
        rule: result.id,
        impact: "rule could not run",
        where: [`${(check.data as { message?: string } | null)?.message ?? check.message}`],
      })),
  );
  const failing = violations
    .filter((violation) => FAILING.has(violation.impact ?? ""))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? "",
      where: violation.nodes
        .slice(0, 3)
        .map(
          (node) => `${node.target.join(" ")}: ${node.failureSummary?.split("\n").slice(1).join(" ").trim()}`,
        ),
    }));
  return [...failing, ...broken, ...(await faintPlaceholders(page))];
}

/** WCAG AA's least contrast for text of a normal size. */
const AA_CONTRAST = 4.5;

/**
 * The shown placeholders (of empty boxes) fainter than WCAG AA's 4.5:1 against the box, which axe's
 * contrast rule leaves out (it reads text nodes). Colours are read back through a canvas, which turns
 * Tailwind's oklch into sRGB.
 */
async function faintPlaceholders(page: Page): Promise<AxeFinding[]> {
  const faint = await page.evaluate((least) => {
    const pixel = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
    if (!pixel) return [];
    const rgba = (color: string) => {
      pixel.clearRect(0, 0, 1, 1);
      pixel.fillStyle = color;
      pixel.fillRect(0, 0, 1, 1);
      const [r = 0, g = 0, b = 0, a = 0] = pixel.getImageData(0, 0, 1, 1).data;
      return { r, g, b, a: a / 255 };
    };
    const luminance = ({ r, g, b }: { r: number; g: number; b: number }) => {
      const [lr = 0, lg = 0, lb = 0] = [r, g, b].map((v) =>
        v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4,
      );
      return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
    };
    const backgroundOf = (element: Element) => {
      for (let at: Element | null = element; at; at = at.parentElement) {
        const color = rgba(getComputedStyle(at).backgroundColor);
        if (color.a > 0.5) return color;
      }
      return { r: 255, g: 255, b: 255, a: 1 };
    };
    const boxes = [
      ...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
        "input[placeholder]:placeholder-shown, textarea[placeholder]:placeholder-shown",
      ),
    ].filter((box) => box.checkVisibility());
    return boxes.flatMap((box) => {
      const text = rgba(getComputedStyle(box, "::placeholder").color);
      const back = backgroundOf(box);
      const seen = {
        r: text.r * text.a + back.r * (1 - text.a),
        g: text.g * text.a + back.g * (1 - text.a),
        b: text.b * text.a + back.b * (1 - text.a),
      };
      const [light, dark] = [luminance(seen), luminance(back)].sort((x, y) => y - x);
      const ratio = ((light ?? 1) + 0.05) / ((dark ?? 0) + 0.05);
      return ratio < least ? [`"${box.placeholder}": ${ratio.toFixed(2)}:1`] : [];
    });
  }, AA_CONTRAST);
  return faint.length > 0
    ? [{ rule: "placeholder-contrast", impact: "serious", where: faint.slice(0, 3) }]
    : [];
}

/**
 * Waits until every finite animation on the page has ended, so axe measures colours as they settle
 * (a dialog fading in is half transparent) and a screenshot shows the screen at rest.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Closes the toast with `text` (a click closes it) and waits until it has gone: a toast that fades out
 * on its own while axe measures would be measured half transparent.
 */
export async function dismissToast(page: Page, text: string): Promise<void> {
  const toast = page.locator(".Toastify__toast").filter({ hasText: text });
  await toast.click();
  await toast.waitFor({ state: "detached" });
}
