import { onTestFinished } from "vitest";

/**
 * Sets browser abilities (the share sheet, the clipboard) for one test, after userEvent has installed its
 * own clipboard; each is put back as it was when the test ends.
 */
export function stubNavigator(abilities: { share?: unknown; clipboard?: unknown }) {
  for (const [name, value] of Object.entries(abilities)) {
    const before = Object.getOwnPropertyDescriptor(navigator, name);
    Object.defineProperty(navigator, name, { value, configurable: true, writable: true });
    onTestFinished(() => {
      if (before) Object.defineProperty(navigator, name, before);
      else Reflect.deleteProperty(navigator, name);
    });
  }
}
