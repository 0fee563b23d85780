import { type InputHTMLAttributes, type ReactNode, type Ref, useId, useState } from "react";
import { fieldErrorClass, inputClass, labelClass } from "../../../components/field-styles";
import { EyeIcon, EyeOffIcon } from "../../../components/icons";

interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "type"> {
  label?: string;
  error?: string;
  /** Shown under the field and read with it (the rules a new password must meet). */
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export function PasswordField({ label = "Password", error, hint, ...input }: PasswordFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : "", error ? errorId : ""].filter(Boolean).join(" ") || undefined;
  const [visible, setVisible] = useState(false);
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type={visible ? "text" : "password"}
          className={`${inputClass} pr-12`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          // The name says what a press does; aria-pressed beside it would read "Hide password, pressed".
          aria-label={visible ? "Hide password" : "Show password"}
          className="absolute inset-y-0 right-1 my-1 flex w-10 items-center justify-center rounded-lg text-zinc-500 transition hover:bg-zinc-100 hover:text-zinc-800"
        >
          {visible ? <EyeOffIcon className="size-5" /> : <EyeIcon className="size-5" />}
        </button>
      </div>
      {error && (
        <p id={errorId} className={fieldErrorClass}>
          {error}
        </p>
      )}
      {hint && (
        <div id={hintId} className="mt-2">
          {hint}
        </div>
      )}
    </div>
  );
}
