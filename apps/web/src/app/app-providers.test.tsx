/// <reference types="node" />
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { QueryClient } from "@tanstack/react-query";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { toast } from "../lib/toast";
import { colourClass, contrastOf } from "../test/contrast";
import { shownToasts } from "../test/toasts";
import { AppProviders } from "./app-providers";

/** A window as narrow as a phone's: every width query that asks for at most some width matches. */
function phoneWidth() {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: /max-width/.test(query),
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

function showToast() {
  render(
    <AppProviders queryClient={new QueryClient()}>
      <button type="button">Screen</button>
    </AppProviders>,
  );
  act(() => void toast.success("Profile updated successfully!"));
}

/** The container of a toast on screen, named by where it sits. */
async function toastContainer(text = "Profile updated successfully!") {
  const shown = await screen.findByText(text);
  return shown.closest(".Toastify__toast-container");
}

afterEach(() => {
  act(() => toast.dismiss());
  vi.unstubAllGlobals();
});

describe("Where toasts show", () => {
  it("puts them at the top on a phone, as on wider screens: a panel's or sheet's own actions are at the bottom", async () => {
    phoneWidth();
    showToast();
    expect(await toastContainer()).toHaveClass("Toastify__toast-container--top-center");
    act(() => void toast.error("Couldn't save your changes"));
    expect(await toastContainer("Couldn't save your changes")).toHaveClass(
      "Toastify__toast-container--top-center",
    );
  });
});

/**
 * The classes index.css gives a toast's Close (its `toast-close` utility), on an element for
 * `colourClass`: read as a file, as brand-contrast.test.ts does, for the tests' Vite drops CSS imports.
 */
function toastCloseLook(): Element {
  const css = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "index.css"), "utf8");
  const applied = /@utility toast-close \{\s*@apply ([^;]+);/.exec(css)?.[1];
  if (!applied) throw new Error("index.css has no toast-close utility");
  const look = document.createElement("span");
  look.className = applied;
  return look;
}

describe("A toast's Close", () => {
  it("says what it closes and stands out from the white toast at 3:1 and more, opaque", async () => {
    showToast();
    const close = await screen.findByRole("button", { name: "Close notification" });
    // Not react-toastify's class, whose look is black at 30% opacity (2.1:1).
    expect(close).not.toHaveClass("Toastify__close-button");
    expect(close).toHaveClass("toast-close");
    const look = toastCloseLook();
    expect(contrastOf(colourClass(look, "text"), "white")).toBeGreaterThanOrEqual(3);
    expect(look.className).not.toMatch(/(^|\s)opacity-/);
  });

  it("is the toast's one tab stop, and Enter on it closes the toast", async () => {
    const user = userEvent.setup();
    showToast();
    const close = await screen.findByRole("button", { name: "Close notification" });
    screen.getByRole("button", { name: "Screen" }).focus();

    await user.tab();
    expect(close).toHaveFocus();
    expect(close.closest(".Toastify__toast")).toHaveAttribute("tabindex", "-1");

    await user.keyboard("{Enter}");
    await waitFor(() => expect(shownToasts()).toEqual([]));
  });

  it("is where react-toastify's Alt+T takes the focus", async () => {
    const user = userEvent.setup();
    showToast();
    const close = await screen.findByRole("button", { name: "Close notification" });

    await user.keyboard("{Alt>}t{/Alt}");
    expect(close).toHaveFocus();
  });
});
