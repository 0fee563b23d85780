import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { stopAnnouncing } from "../lib/announcer";
import { ASYNC_UTIL_TIMEOUT_MS } from "./wait";

configure({ asyncUtilTimeout: ASYNC_UTIL_TIMEOUT_MS });

// jsdom does not implement scrolling; the router's ScrollRestoration calls it on every navigation.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  // A screen announced late would read the page after jsdom has gone.
  stopAnnouncing();
  window.localStorage.clear();
  window.sessionStorage.clear();
  // restoreMocks keeps a module mock's history (since Vitest 3): without this, the next test could read the
  // socket or the calls of the one before.
  vi.clearAllMocks();
});

// jsdom has no blob: URLs; previews of chosen files only need a string.
URL.createObjectURL ??= () => "blob:preview";
URL.revokeObjectURL ??= () => {};

// jsdom's Blob cannot be read as a promise (every browser's can); read through its FileReader instead.
Blob.prototype.arrayBuffer ??= function arrayBuffer(this: Blob) {
  return new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(this);
  });
};
