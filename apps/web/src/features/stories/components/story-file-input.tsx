import { ACCEPT_HOSTED_MEDIA } from "@flik/shared/media-formats";
import type { Ref } from "react";

/** The hidden picker of a story: images or videos (spec §5), of the formats the media host takes. */
export function StoryFileInput({
  ref,
  onPick,
}: {
  ref: Ref<HTMLInputElement>;
  onPick: (file: File | undefined) => void;
}) {
  return (
    <input
      ref={ref}
      type="file"
      accept={ACCEPT_HOSTED_MEDIA}
      // Not "photo" or "video": a page's own pickers are found by those words (a post's "Photo or video").
      aria-label="Story file"
      hidden
      onChange={(event) => {
        const file = event.target.files?.[0];
        // Lets the same file be chosen again.
        event.target.value = "";
        onPick(file);
      }}
    />
  );
}
