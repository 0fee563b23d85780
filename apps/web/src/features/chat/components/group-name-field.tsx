import { CHAT_NAME_MAX_LENGTH, textLength } from "@flik/shared";
import type { Ref } from "react";
import { fieldErrorClass } from "../../../components/field-styles";
import { limitedText } from "../../../lib/limited-text";

interface GroupNameFieldProps {
  id: string;
  inputRef: Ref<HTMLInputElement>;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** Why the name is refused, said under the field. */
  problem?: string;
}

/** The count shows from this many characters before the limit: a short name needs none. */
const NEAR_LIMIT = 10;

/**
 * A group's "Group name" (New group's, Rename group's): one line, at most CHAT_NAME_MAX_LENGTH. Near the
 * limit a count ("52/60") says how much room is left, and why a full box takes no more.
 */
export function GroupNameField({ id, inputRef, value, onChange, placeholder, problem }: GroupNameFieldProps) {
  const errorId = `${id}-error`;
  const counterId = `${id}-counter`;
  const length = textLength(value);
  const near = length >= CHAT_NAME_MAX_LENGTH - NEAR_LIMIT;
  const full = length >= CHAT_NAME_MAX_LENGTH;
  const describedBy = [near && counterId, problem && errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <div className="mb-1.5 flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="block text-sm font-semibold text-zinc-800">
          Group name
        </label>
        {near && (
          <span
            id={counterId}
            className={`text-xs tabular-nums ${full ? "font-semibold text-red-700" : "text-zinc-600"}`}
          >
            {length}/{CHAT_NAME_MAX_LENGTH}
          </span>
        )}
      </div>
      <input
        ref={inputRef}
        id={id}
        {...limitedText(value, CHAT_NAME_MAX_LENGTH, onChange)}
        autoComplete="off"
        placeholder={placeholder}
        aria-invalid={problem ? true : undefined}
        aria-describedby={describedBy}
        className="w-full rounded-xl border border-zinc-200 px-3.5 py-2.5 text-base focus:border-fuchsia-600 focus:ring-4 focus:ring-fuchsia-500/15 focus:outline-none aria-invalid:border-red-500 aria-invalid:focus:ring-red-500/15 sm:text-sm"
      />
      {problem && (
        // An alert: refused by Enter in the field, which keeps the focus, it is read all the same.
        <p id={errorId} role="alert" className={fieldErrorClass}>
          {problem}
        </p>
      )}
    </div>
  );
}
