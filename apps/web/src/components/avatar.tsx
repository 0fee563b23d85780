import { useState } from "react";

interface AvatarProps {
  src?: string | null;
  name: string;
  className?: string;
}

/** The member's picture, or their initial on the brand gradient when there is none (or it fails to load). */
export function Avatar({ src, name, className = "size-24 text-3xl" }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const initial = name.trim().charAt(0).toUpperCase() || "?";

  if (src && src !== failedSrc) {
    return (
      <img
        src={src}
        alt=""
        onError={() => setFailedSrc(src)}
        className={`shrink-0 rounded-full object-cover ring-4 ring-white ${className}`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`bg-brand flex shrink-0 items-center justify-center rounded-full font-bold text-white ring-4 ring-white select-none ${className}`}
    >
      {initial}
    </span>
  );
}
