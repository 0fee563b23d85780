import {
  POST_CAPTION_MAX_LENGTH,
  POST_LOCATION_MAX_LENGTH,
  POST_TAGS_MAX_LENGTH,
  textLength,
} from "@flik/shared";
import { type Ref, useId } from "react";
import { inputClass, labelClass } from "../../../../components/field-styles";
import { limitedText } from "../../../../lib/limited-text";

export interface PostText {
  caption: string;
  location: string;
  tags: string;
}

interface FieldProps {
  value: string;
  onChange: (value: string) => void;
}

/** A short field's counter shows from this many characters before its limit; a caption's always shows. */
const NEAR_LIMIT = 20;

function nearLimit(value: string, max: number): boolean {
  return textLength(value) >= max - NEAR_LIMIT;
}

/**
 * A field's label and its "N/max" counter (`${id}-count`, for the field's aria-describedby): a text box
 * cuts what is over its limit, so the member sees the limit coming rather than their typing stop.
 */
function LabelAndCount({
  id,
  label,
  value,
  max,
  always = false,
}: {
  id: string;
  label: string;
  value: string;
  max: number;
  always?: boolean;
}) {
  return (
    <div className="flex items-baseline justify-between">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {(always || nearLimit(value, max)) && (
        <span id={`${id}-count`} className="text-xs text-zinc-500 tabular-nums">
          {textLength(value)}/{max}
        </span>
      )}
    </div>
  );
}

export function CaptionField({
  value,
  onChange,
  fieldRef,
}: FieldProps & { fieldRef?: Ref<HTMLTextAreaElement> }) {
  const id = useId();
  return (
    <div>
      <LabelAndCount id={id} label="Caption" value={value} max={POST_CAPTION_MAX_LENGTH} always />
      <textarea
        ref={fieldRef}
        id={id}
        {...limitedText(value, POST_CAPTION_MAX_LENGTH, onChange)}
        rows={4}
        placeholder="Write a caption..."
        aria-describedby={`${id}-count`}
        className={`${inputClass} resize-y`}
      />
    </div>
  );
}

export function LocationField({ value, onChange }: FieldProps) {
  const id = useId();
  const counted = nearLimit(value, POST_LOCATION_MAX_LENGTH);
  return (
    <div>
      <LabelAndCount id={id} label="Location" value={value} max={POST_LOCATION_MAX_LENGTH} />
      <input
        id={id}
        {...limitedText(value, POST_LOCATION_MAX_LENGTH, onChange)}
        placeholder="Add a location"
        autoComplete="off"
        aria-describedby={counted ? `${id}-count` : undefined}
        className={inputClass}
      />
    </div>
  );
}

export function TagsField({ value, onChange }: FieldProps) {
  const id = useId();
  const counted = nearLimit(value, POST_TAGS_MAX_LENGTH);
  return (
    <div>
      <LabelAndCount id={id} label="Tags" value={value} max={POST_TAGS_MAX_LENGTH} />
      <input
        id={id}
        {...limitedText(value, POST_TAGS_MAX_LENGTH, onChange)}
        placeholder="#travel #sunset"
        autoComplete="off"
        autoCapitalize="none"
        aria-describedby={counted ? `${id}-hint ${id}-count` : `${id}-hint`}
        className={inputClass}
      />
      <p id={`${id}-hint`} className="mt-1.5 text-xs text-zinc-500">
        Free text: people, topics or hashtags, as you like.
      </p>
    </div>
  );
}
