import { useState } from "react";

interface AvatarProps {
  src?: string | null;
  name: string;
  /** Size, text size and ring width (white; none unless given); the default is the profile header's. */
  className?: string;
  /** Lists of many members (notifications) load the pictures as they scroll into view. */
  loading?: "lazy" | "eager";
}

/**
 * The one picture of a member everywhere in the app: their photo, or, when they have none or it fails
 * to load, their initial on the brand gradient (spec's "placeholder image" for a missing avatar).
 */
export function Avatar({ src, name, className = "size-24 text-3xl ring-4", loading }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const initial = name.trim().charAt(0).toUpperCase() || "?";

  if (src && src !== failedSrc) {
    return (
      <img
        src={src}
        alt=""
        loading={loading}
        decoding="async"
        onError={() => setFailedSrc(src)}
        className={`shrink-0 rounded-full object-cover ring-white ${className}`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      data-avatar-initial=""
      className={`bg-brand flex shrink-0 items-center justify-center rounded-full font-bold text-white ring-white select-none ${className}`}
    >
      {initial}
    </span>
  );
}
