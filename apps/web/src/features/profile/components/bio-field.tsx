import { BIO_MAX_LENGTH, textLength } from "@flik/shared";
import { useId } from "react";
import { fieldErrorClass, inputClass, labelClass } from "../../../components/field-styles";
import { limitedText } from "../../../lib/limited-text";

/** The counter warns this many characters before the limit. */
const NEAR_LIMIT = 10;

interface BioFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  rows?: number;
}

/** Spec §5: a bio of at most 150 characters, with a live "n/150" counter that turns red near the end. */
export function BioField({ value, onChange, error, rows = 3 }: BioFieldProps) {
  const id = useId();
  const counterId = `${id}-counter`;
  const errorId = `${id}-error`;
  const length = textLength(value);
  const near = length >= BIO_MAX_LENGTH - NEAR_LIMIT;
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className={labelClass}>
          Bio
        </label>
        <span
          id={counterId}
          data-near-limit={near || undefined}
          className={`text-xs tabular-nums ${near ? "font-semibold text-red-600" : "text-zinc-500"}`}
        >
          {length}/{BIO_MAX_LENGTH}
        </span>
      </div>
      <textarea
        id={id}
        {...limitedText(value, BIO_MAX_LENGTH, onChange)}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${counterId} ${errorId}` : counterId}
        placeholder="Tell people a little about yourself"
        className={`${inputClass} resize-none`}
      />
      {error && (
        <p id={errorId} className={fieldErrorClass}>
          {error}
        </p>
      )}
    </div>
  );
}
