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
  return [...failing, ...broken];
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
