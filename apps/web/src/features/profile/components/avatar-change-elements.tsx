import { lazyPart } from "../../layout/components/lazy-part";
import type { AvatarChange } from "../hooks/use-avatar-change";

// The cropper loads only when a photo is chosen.
const AvatarCropDialog = lazyPart(async () => (await import("./avatar-crop-dialog")).AvatarCropDialog);

/** The hidden file picker and, once a photo is chosen, the crop dialog of a `useAvatarChange`. */
export function AvatarChangeElements({ change }: { change: AvatarChange }) {
  return (
    <>
      <input
        ref={change.inputRef}
        type="file"
        accept="image/*"
        aria-label="Profile photo"
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Lets the same file be chosen again after a cancel.
          event.target.value = "";
          change.pick(file);
        }}
      />
      {change.chosen && (
        <AvatarCropDialog
          file={change.chosen}
          uploadPercent={change.percent}
          onApply={change.apply}
          onCancel={change.cancel}
          onUnreadable={change.unreadable}
          onUnavailable={change.cancel}
        />
      )}
    </>
  );
}
