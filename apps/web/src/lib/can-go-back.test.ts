import { afterEach, describe, expect, it, vi } from "vitest";
import { canGoBackInFlik, canGoBackWithinApp } from "./can-go-back";

/** The Navigation API of a tab whose entries are these (true: of this load of the app), at the last. */
function tabWith(sameDocument: boolean[]) {
  const entries = sameDocument.map((same, index) => ({ index, sameDocument: same }));
  Object.assign(window, {
    navigation: {
      canGoBack: entries.length > 1,
      currentEntry: entries.at(-1) ?? null,
      entries: () => entries,
    },
  });
}

afterEach(() => {
  Reflect.deleteProperty(window, "navigation");
});

describe("going Back", () => {
  it("counts a Flik page from before the app last loaded for Back, but not for a Back with no reload", () => {
    tabWith([false, true]);
    expect(canGoBackInFlik("k-2")).toBe(true);
    expect(canGoBackWithinApp("k-2")).toBe(false);
  });

  it("counts a page of this load for both", () => {
    tabWith([false, true, true]);
    expect(canGoBackInFlik("k-3")).toBe(true);
    expect(canGoBackWithinApp("k-3")).toBe(true);
  });

  it("counts nothing before the tab's first page", () => {
    tabWith([true]);
    expect(canGoBackInFlik("default")).toBe(false);
    expect(canGoBackWithinApp("default")).toBe(false);
  });

  it("without the Navigation API, counts only the router's own entries after its first", () => {
    expect(canGoBackInFlik("default")).toBe(false);
    expect(canGoBackWithinApp("default")).toBe(false);
    expect(canGoBackWithinApp("k-2")).toBe(true);
  });

  it("without the Navigation API, takes the page a reload opened on for this load's first, whatever its key", async () => {
    window.history.replaceState({ key: "k-kept" }, "");
    vi.resetModules();
    const reloaded = await import("./can-go-back");
    expect(reloaded.canGoBackWithinApp("k-kept")).toBe(false);
    expect(reloaded.canGoBackWithinApp("k-next")).toBe(true);
    window.history.replaceState(null, "");
  });
});
