import { useId, useRef, useState } from "react";
import Cropper, { type Area, type Point } from "react-easy-crop";
import { buttonStyles } from "../../../components/button-styles";
import { Dialog } from "../../../components/dialog";
import { UploadProgress } from "../../../components/upload-progress";
import { useObjectUrl } from "../../../lib/use-object-url";
import { cropToAvatarFile } from "../avatar/crop-image";

const MIN_ZOOM = 1;
const MAX_ZOOM = 3;

interface AvatarCropDialogProps {
  file: File;
  /** Percent of the upload under way, or null before it starts. */
  uploadPercent: number | null;
  onApply: (avatar: File) => void;
  onCancel: () => void;
  /** The file does not open as a picture. */
  onUnreadable: () => void;
}

/** Spec §2: a square crop of the chosen picture (Apply, Cancel); the result is a 300×300 JPEG. */
export function AvatarCropDialog({
  file,
  uploadPercent,
  onApply,
  onCancel,
  onUnreadable,
}: AvatarCropDialogProps) {
  const src = useObjectUrl(file);
  const zoomId = useId();
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(MIN_ZOOM);
  const [cropping, setCropping] = useState(false);
  const area = useRef<Area | null>(null);
  // Apply waits for the cropper to report its area (once the photo has loaded): a click before that
  // would have nothing to crop.
  const [areaKnown, setAreaKnown] = useState(false);
  // Apply is disabled until then, and a disabled button cannot take the focus: the zoom does, first of
  // what a keyboard member adjusts, with Apply a Tab away.
  const zoomRef = useRef<HTMLInputElement>(null);
  const busy = cropping || uploadPercent !== null;

  async function apply() {
    if (!src || !area.current || busy) return;
    setCropping(true);
    try {
      onApply(await cropToAvatarFile(src, area.current));
    } catch (error) {
      console.error("Cropping the picture failed", error);
      window.alert("Profile update failed");
    } finally {
      setCropping(false);
    }
  }

  return (
    <Dialog title="Crop your photo" onClose={onCancel} dismissible={!busy} initialFocus={zoomRef}>
      <div className="relative aspect-square w-full overflow-hidden rounded-2xl bg-zinc-950">
        {src && (
          <Cropper
            image={src}
            crop={crop}
            zoom={zoom}
            minZoom={MIN_ZOOM}
            maxZoom={MAX_ZOOM}
            aspect={1}
            cropShape="round"
            showGrid={false}
            objectFit="cover"
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(_, pixels) => {
              area.current = pixels;
              setAreaKnown(true);
            }}
            mediaProps={{ alt: "The chosen photo", onError: onUnreadable }}
            // The crop area takes the arrow keys itself: a plain div may not carry a name (axe
            // aria-prohibited-attr), and as an application screen readers hand it the keys.
            cropperProps={{
              role: "application",
              "aria-label": "Crop area: drag or use the arrow keys to move the photo",
            }}
          />
        )}
      </div>
      <div className="mt-4 flex items-center gap-3">
        <label htmlFor={zoomId} className="text-sm font-medium text-zinc-700">
          Zoom
        </label>
        <input
          ref={zoomRef}
          id={zoomId}
          type="range"
          min={MIN_ZOOM}
          max={MAX_ZOOM}
          step={0.01}
          value={zoom}
          disabled={busy}
          onChange={(event) => setZoom(Number(event.target.value))}
          className="h-2 flex-1 cursor-pointer accent-fuchsia-600"
        />
      </div>
      {uploadPercent !== null && (
        <div className="mt-4">
          <UploadProgress percent={uploadPercent} label="Profile photo" />
        </div>
      )}
      <div className="mt-5 grid grid-cols-2 gap-3">
        <button type="button" onClick={onCancel} disabled={busy} className={buttonStyles.secondary}>
          Cancel
        </button>
        <button
          type="button"
          onClick={() => void apply()}
          disabled={busy || !src || !areaKnown}
          className={buttonStyles.primary}
        >
          {busy ? "Saving..." : "Apply"}
        </button>
      </div>
    </Dialog>
  );
}
