import { hasVisibleText, leadingText, withoutDirectionControls } from "@flik/shared";

/**
 * A name taken from an address, as a sentence echoes it ("There is no one called @{name} on Flik.", "No
 * one has tagged a post #{name} yet."):
 * without the characters that set the direction of the text after them (spec §10), one of which would
 * turn the rest of the sentence around, nor control characters (NUL from `%00`, a tab, a line break),
 * which show as nothing or a box; cut after `maxLength`, the longest such a name can be, so an address of
 * thousands of letters does not fill the screen with them. Empty when nothing of it would show (spaces,
 * invisible characters): the sentence then names no one rather than echo a bare "@" or "#".
 */
export function echoedName(name: string, maxLength: number): string {
  const shown = withoutDirectionControls(name.replace(/\p{Cc}/gu, ""));
  if (!hasVisibleText(shown)) return "";
  const cut = leadingText(shown, maxLength);
  return cut === shown ? shown : `${cut}…`;
}
