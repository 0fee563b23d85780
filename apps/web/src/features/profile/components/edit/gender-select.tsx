import type { Gender } from "@flik/shared";
import { GENDER_LABELS, GENDERS } from "@flik/shared";
import { useId } from "react";
import { fieldErrorClass, inputClass, labelClass } from "../../../../components/field-styles";

interface GenderSelectProps {
  value: Gender | null;
  onChange: (value: Gender) => void;
  error?: string;
}

/** Spec §2: Male, Female, Other or Prefer not to say, and never shown on the public profile. */
export function GenderSelect({ value, onChange, error }: GenderSelectProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        Gender
      </label>
      <select
        id={id}
        value={value ?? ""}
        onChange={(event) => onChange(event.target.value as Gender)}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        aria-invalid={error ? true : undefined}
        className={`${inputClass} appearance-none bg-[length:1.25rem] bg-[right_0.9rem_center] bg-no-repeat pr-10`}
        style={{ backgroundImage: CHEVRON }}
      >
        <option value="" disabled>
          Select your gender
        </option>
        {GENDERS.map((gender) => (
          <option key={gender} value={gender}>
            {GENDER_LABELS[gender]}
          </option>
        ))}
      </select>
      <p id={hintId} className="mt-1.5 text-xs text-zinc-500">
        This won't be part of your public profile.
      </p>
      {error && (
        <p id={errorId} className={fieldErrorClass}>
          {error}
        </p>
      )}
    </div>
  );
}

const CHEVRON = `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='%2371717a' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='m6 9 6 6 6-6'/%3E%3C/svg%3E")`;
