import type { MediaType } from "@flik/shared";
import { useEffect, useState } from "react";
import { ImageIcon, PlayIcon } from "./icons";

/**
 * Whether the media at `src` failed to load (a file gone, an address that names none, the network
 * down), and the `onError` that says so. Another `src` is tried afresh, and so is the same one when
 * the browser comes back online: a photo lost to a dropped connection loads once it is back.
 */
export function useMediaFailed(src: string): [failed: boolean, onError: () => void] {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = failedSrc === src;
  useEffect(() => {
    if (!failed) return;
    const retry = () => setFailedSrc(null);
    window.addEventListener("online", retry);
    return () => window.removeEventListener("online", retry);
  }, [failed]);
  return [failed, () => setFailedSrc(src)];
}

/** A neutral tile where media would not load, rather than the browser's broken-image mark. */
export function UnloadableMedia({
  type,
  className = "",
  label,
}: {
  type: MediaType;
  className?: string;
  /** Said to a screen reader where the media had a name of its own; hidden otherwise. */
  label?: string;
}) {
  const style = `flex items-center justify-center bg-zinc-100 text-zinc-400 ${className}`;
  const mark = type === "video" ? <PlayIcon className="size-5" /> : <ImageIcon className="size-5" />;
  return label ? (
    <span role="img" aria-label={label} className={style}>
      {mark}
    </span>
  ) : (
    <span aria-hidden="true" className={style}>
      {mark}
    </span>
  );
}
