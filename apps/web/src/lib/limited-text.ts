import { maxLengthFor, typedText } from "@flik/shared";
import type { ChangeEvent } from "react";

/**
 * The `value`, `maxLength` and `onChange` of a text box under one of the shared limits (`max`
 * characters): the browser refuses what does not fit and keeps the caret, and `keep` gets what the box
 * keeps of each edit (no NUL, never over the limit as the server counts it).
 */
export function limitedText(value: string, max: number, keep: (text: string) => void) {
  return {
    value,
    maxLength: maxLengthFor(value, max),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      keep(typedText(event.target.value, max, value)),
  };
}
