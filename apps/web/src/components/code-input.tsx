import { OTP_LENGTH } from "@flik/shared";
import { type ClipboardEvent, type KeyboardEvent, type Ref, useId, useImperativeHandle, useRef } from "react";
import { fieldErrorClass, labelClass } from "./field-styles";

/** The boxes' positions; a code never reorders, so a position is its box's identity. */
const POSITIONS = Array.from({ length: OTP_LENGTH }, (_, index) => index);

/** A code with every box empty. */
export function emptyCode(): string[] {
  return POSITIONS.map(() => "");
}

/** Whether every box holds a digit. */
export function isCodeComplete(code: readonly string[]): boolean {
  return code.every((digit) => /^\d$/.test(digit));
}

/** Focuses box `index` (kept within the boxes) with its digit selected, so typing replaces it. */
function focusIn(boxes: (HTMLInputElement | null)[], index: number): void {
  const box = boxes[Math.max(0, Math.min(OTP_LENGTH - 1, index))];
  box?.focus();
  box?.select();
}

export interface CodeInputHandle {
  /** Focuses a box: the first by default. */
  focus: (index?: number) => void;
}

interface CodeInputProps {
  /** One entry per box: "" or a single digit. */
  value: readonly string[];
  onChange: (code: string[]) => void;
  /** Called when the member's typing or paste leaves every box filled (spec §5: auto-submit). */
  onComplete?: (code: string) => void;
  label?: string;
  error?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  ref?: Ref<CodeInputHandle>;
}

const boxClass =
  "h-12 w-full min-w-0 rounded-xl border border-zinc-300 bg-white text-center text-xl font-semibold text-zinc-900 tabular-nums shadow-sm transition caret-fuchsia-600 hover:border-zinc-400 focus:border-fuchsia-500 focus:ring-4 focus:ring-fuchsia-500/15 focus:outline-none disabled:bg-zinc-50 disabled:text-zinc-500 aria-invalid:border-red-500 aria-invalid:focus:ring-red-500/15 sm:h-14 sm:text-2xl";

/**
 * Spec §5's code entry: six boxes, one digit each, digits only. Focus moves forward on entry and back on
 * Backspace in an empty box; a pasted (or autofilled) code fills the boxes from the first.
 */
export function CodeInput({
  value,
  onChange,
  onComplete,
  label = "Verification code",
  error,
  disabled = false,
  autoFocus = false,
  ref,
}: CodeInputProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const boxes = useRef<(HTMLInputElement | null)[]>([]);

  const focusBox = (index: number) => focusIn(boxes.current, index);
  useImperativeHandle(ref, () => ({ focus: (index = 0) => focusIn(boxes.current, index) }), []);

  function commit(next: string[], focusIndex?: number) {
    onChange(next);
    if (focusIndex !== undefined) focusBox(focusIndex);
    if (isCodeComplete(next)) onComplete?.(next.join(""));
  }

  /** Writes `digits` into the boxes from `start` on, then focuses the box after the last one written. */
  function fill(start: number, digits: string) {
    const next = [...value];
    const written = digits.slice(0, OTP_LENGTH - start);
    for (const [offset, digit] of [...written].entries()) next[start + offset] = digit;
    commit(next, start + written.length);
  }

  function set(index: number, digit: string, advance: boolean) {
    const next = [...value];
    next[index] = digit;
    commit(next, advance ? index + 1 : undefined);
  }

  function handleKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.metaKey || event.ctrlKey || event.altKey) return;
    const { key } = event;
    if (/^\d$/.test(key)) {
      event.preventDefault();
      set(index, key, true);
    } else if (key === "Backspace") {
      event.preventDefault();
      if (value[index]) set(index, "", false);
      else if (index > 0) focusBox(index - 1);
    } else if (key === "Delete") {
      event.preventDefault();
      if (value[index]) set(index, "", false);
    } else if (key === "ArrowLeft") {
      event.preventDefault();
      focusBox(index - 1);
    } else if (key === "ArrowRight") {
      event.preventDefault();
      focusBox(index + 1);
    } else if (key.length === 1) {
      // A letter, a space, a sign: the boxes take digits only.
      event.preventDefault();
    }
  }

  /** Input the keys above did not see: a phone's keyboard (key "Unidentified") or the code autofilled. */
  function handleChange(index: number, raw: string) {
    const digits = raw.replace(/\D/g, "");
    if (raw === "") set(index, "", false);
    else if (digits.length === 1) set(index, digits, true);
    else if (digits.length === 2 && value[index] && digits.includes(value[index] as string)) {
      // Typed beside the digit already there: the new one replaces it.
      set(index, (digits[0] === value[index] ? digits[1] : digits[0]) as string, true);
    } else if (digits.length > 1) fill(digits.length >= OTP_LENGTH ? 0 : index, digits);
  }

  function handlePaste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    const digits = event.clipboardData.getData("text").replace(/\D/g, "");
    if (digits) fill(digits.length >= OTP_LENGTH ? 0 : index, digits);
  }

  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className={labelClass}>{label}</legend>
      <div className="grid grid-cols-6 gap-2 sm:gap-2.5">
        {POSITIONS.map((position) => (
          <input
            key={position}
            ref={(box) => {
              boxes.current[position] = box;
            }}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={position === 0 ? "one-time-code" : "off"}
            // biome-ignore lint/a11y/noAutofocus: the code is what the member came to this step to type
            autoFocus={autoFocus && position === 0}
            aria-label={`Digit ${position + 1} of ${OTP_LENGTH}`}
            aria-invalid={error ? true : undefined}
            value={value[position] ?? ""}
            disabled={disabled}
            onKeyDown={(event) => handleKeyDown(position, event)}
            onChange={(event) => handleChange(position, event.target.value)}
            onPaste={(event) => handlePaste(position, event)}
            onFocus={(event) => event.target.select()}
            className={boxClass}
          />
        ))}
      </div>
      {error && (
        <p id={errorId} role="alert" className={fieldErrorClass}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
