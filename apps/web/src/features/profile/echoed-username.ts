import { leadingText, USERNAME_MAX_LENGTH, withoutDirectionControls } from "@flik/shared";

/**
 * A username taken from an address, as a sentence echoes it ("There is no one called @{name} on Flik."):
 * without the characters that set the direction of the text after them (spec §10), one of which would
 * turn the rest of the sentence around, and cut after the longest a username can be, so an address of
 * thousands of letters does not fill the screen with them.
 */
export function echoedUsername(name: string): string {
  const shown = withoutDirectionControls(name);
  const cut = leadingText(shown, USERNAME_MAX_LENGTH);
  return cut === shown ? shown : `${cut}…`;
}
