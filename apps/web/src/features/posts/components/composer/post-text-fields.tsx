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

export function CaptionField({
  value,
  onChange,
  fieldRef,
}: FieldProps & { fieldRef?: Ref<HTMLTextAreaElement> }) {
  const id = useId();
  return (
    <div>
      <div className="flex items-baseline justify-between">
        <label htmlFor={id} className={labelClass}>
          Caption
        </label>
        <span id={`${id}-count`} className="text-xs text-zinc-500 tabular-nums">
          {textLength(value)}/{POST_CAPTION_MAX_LENGTH}
        </span>
      </div>
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
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        Location
      </label>
      <input
        id={id}
        {...limitedText(value, POST_LOCATION_MAX_LENGTH, onChange)}
        placeholder="Add a location"
        autoComplete="off"
        className={inputClass}
      />
    </div>
  );
}

export function TagsField({ value, onChange }: FieldProps) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        Tags
      </label>
      <input
        id={id}
        {...limitedText(value, POST_TAGS_MAX_LENGTH, onChange)}
        placeholder="#travel #sunset"
        autoComplete="off"
        autoCapitalize="none"
        aria-describedby={`${id}-hint`}
        className={inputClass}
      />
      <p id={`${id}-hint`} className="mt-1.5 text-xs text-zinc-500">
        Free text: people, topics or hashtags, as you like.
      </p>
    </div>
  );
}
