/**
 * Tells screen readers what changed where nothing on the screen takes their focus: which screen a
 * navigation led to (as a page load would: the new tab title, once the screen has set it), or that a
 * comment was posted. Loaded when first needed, through lib/announce (a first visit is announced by the
 * browser itself), so it costs the first load nothing.
 */

/**
 * How long the title must stay unchanged before it is read: a screen sets it as it renders (its code is
 * loaded before the address changes), and may set it again as its data arrives ("Post by @maya").
 */
const SETTLED_MS = 250;
/** A title that keeps changing is read anyway by then. */
const AT_MOST_MS = 1500;

let region: HTMLElement | undefined;
let pending: { stop(): void } | undefined;

/** Announces the screen a navigation just led to, once its title settles. */
export function announceScreen(): void {
  pending?.stop();
  // Made now, so that it is in the page before anything is read from it.
  liveRegion();
  const read = () => {
    stop();
    announce(document.title);
  };
  let settled = setTimeout(read, SETTLED_MS);
  const observer = new MutationObserver(() => {
    clearTimeout(settled);
    settled = setTimeout(read, SETTLED_MS);
  });
  const title = document.querySelector("title");
  if (title) observer.observe(title, { childList: true, characterData: true, subtree: true });
  const atMost = setTimeout(read, AT_MOST_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(settled);
    clearTimeout(atMost);
    pending = undefined;
  }
  pending = { stop };
}

const filling = new Set<ReturnType<typeof setTimeout>>();

/** Reads `text` once, politely (after what the reader is saying). */
export function announce(text: string): void {
  const live = liveRegion();
  // Emptied first, so the same words twice (Home, then Home again) are read again; filled a moment
  // later, as a reader may not hear a region that changes in the moment it joins the page.
  live.textContent = "";
  const fill = setTimeout(() => {
    filling.delete(fill);
    live.textContent = text;
  }, 100);
  filling.add(fill);
}

/** Reads nothing more of what was asked (a test's page ends: its timers must not outlive it). */
export function stopAnnouncing(): void {
  pending?.stop();
  for (const fill of filling) clearTimeout(fill);
  filling.clear();
}

/**
 * The one live region, inside the top-most open modal dialog if there is one (a reader hears nothing
 * outside an `aria-modal` dialog: a comment posted in the post dialog), else at the end of the page.
 */
function liveRegion(): HTMLElement {
  const dialogs = document.querySelectorAll('[aria-modal="true"]');
  const host = dialogs[dialogs.length - 1] ?? document.body;
  if (!region) {
    region = document.createElement("div");
    region.setAttribute("aria-live", "polite");
    region.setAttribute("aria-atomic", "true");
    region.setAttribute("data-testid", "announcer");
    region.className = "sr-only";
  }
  if (region.parentElement !== host) host.append(region);
  return region;
}
