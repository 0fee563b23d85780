import { hasVisibleText, leadingText, USERNAME_MAX_LENGTH, withoutDirectionControls } from "@flik/shared";

/**
 * A username taken from an address, as a sentence echoes it ("There is no one called @{name} on Flik."):
 * without the characters that set the direction of the text after them (spec §10), one of which would
 * turn the rest of the sentence around, nor control characters (NUL from `%00`, a tab, a line break),
 * which show as nothing or a box; cut after the longest a username can be, so an address of thousands
 * of letters does not fill the screen with them. Empty when nothing of it would show (spaces, invisible
 * characters): the sentence then names no one rather than echo a bare "@".
 */
export function echoedUsername(name: string): string {
  const shown = withoutDirectionControls(name.replace(/\p{Cc}/gu, ""));
  if (!hasVisibleText(shown)) return "";
  const cut = leadingText(shown, USERNAME_MAX_LENGTH);
  return cut === shown ? shown : `${cut}…`;
}
