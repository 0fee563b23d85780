import { CHAT_NAME_MAX_LENGTH } from "@flik/shared";
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

/** A group's "Group name" (New group's, Rename group's): one line, at most CHAT_NAME_MAX_LENGTH. */
export function GroupNameField({ id, inputRef, value, onChange, placeholder, problem }: GroupNameFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-zinc-800">
        Group name
      </label>
      <input
        ref={inputRef}
        id={id}
        {...limitedText(value, CHAT_NAME_MAX_LENGTH, onChange)}
        autoComplete="off"
        placeholder={placeholder}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
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
