import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from "react";
import { fieldErrorClass, inputClass, labelClass } from "./field-styles";

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: string;
  /** The server's message for this field, shown under it and announced with it. */
  error?: string;
  /** A short help text under the field, read with it; the error takes its place. */
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, error, hint, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : hint ? hintId : undefined}
        {...input}
      />
      {error ? (
        <p id={errorId} className={fieldErrorClass}>
          {error}
        </p>
      ) : (
        hint && (
          <p id={hintId} className="mt-1.5 text-sm text-zinc-600">
            {hint}
          </p>
        )
      )}
    </div>
  );
}
