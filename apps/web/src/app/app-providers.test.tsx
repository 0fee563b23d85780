import { QueryClient } from "@tanstack/react-query";
import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { toast } from "../lib/toast";
import { AppProviders, PHONE_TOASTS_QUERY } from "./app-providers";

/** A window whose width matches the phone query or not; `resize` changes it later. */
function windowWidth(isPhone: boolean) {
  const listeners = new Set<() => void>();
  let matches = isPhone;
  vi.stubGlobal("matchMedia", (query: string) => ({
    get matches() {
      return query === PHONE_TOASTS_QUERY && matches;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  }));
  return {
    resize(toPhone: boolean) {
      matches = toPhone;
      for (const listener of listeners) listener();
    },
  };
}

function showToast() {
  render(
    <AppProviders queryClient={new QueryClient()}>
      <p>Screen</p>
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
  it("floats them at the bottom on a phone, clear of the header's Back and a panel's Close", async () => {
    windowWidth(true);
    showToast();
    expect(await toastContainer()).toHaveClass("Toastify__toast-container--bottom-center");
  });

  it("keeps them at the top centre on wider screens; the next one follows the window as it narrows", async () => {
    const window = windowWidth(false);
    showToast();
    expect(await toastContainer()).toHaveClass("Toastify__toast-container--top-center");
    act(() => window.resize(true));
    act(() => void toast.error("Couldn't save your changes"));
    expect(await toastContainer("Couldn't save your changes")).toHaveClass(
      "Toastify__toast-container--bottom-center",
    );
  });
});
