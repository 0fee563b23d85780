/**
 * What screen readers are told where nothing on the screen takes their focus (lib/announcer, whose code
 * loads when first needed). Its code failing to download costs an announcement, never the screen.
 */
const announcer = () => import("./announcer");

/** Reads `text` once, politely: "Comment posted". */
export function announce(text: string): void {
  announcer().then(
    (loaded) => loaded.announce(text),
    () => {},
  );
}

/** Reads the title of the screen a navigation just led to, once the screen has set it. */
export function announceScreen(): void {
  announcer().then(
    (loaded) => loaded.announceScreen(),
    () => {},
  );
}
