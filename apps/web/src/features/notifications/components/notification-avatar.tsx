import { useState } from "react";
import { PLACEHOLDER_AVATAR } from "./placeholder-avatar";

/** The sender's picture; the placeholder when there is none, or it fails to load. */
export function NotificationAvatar({ src }: { src: string | null | undefined }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && src !== failedSrc ? src : PLACEHOLDER_AVATAR;
  return (
    <img
      src={usable}
      alt=""
      loading="lazy"
      decoding="async"
      data-placeholder={usable === PLACEHOLDER_AVATAR ? "" : undefined}
      onError={() => setFailedSrc(usable)}
      className="size-11 shrink-0 rounded-full bg-zinc-200 object-cover"
    />
  );
}
