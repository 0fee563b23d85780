import { useId } from "react";

export function LogoMark({ className = "size-9" }: { className?: string }) {
  // Each mark needs its own gradient id: ids must stay unique when two marks share a page.
  const gradientId = useId();
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#c026d3" />
          <stop offset="1" stopColor="#d1410c" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="18" fill={`url(#${gradientId})`} />
      <path d="M24 48V16h18v6H31v7h10v6H31v13z" fill="#fff" />
    </svg>
  );
}

/** The Flik wordmark; `tone="light"` is for use on the gradient brand panel. */
export function Wordmark({
  tone = "brand",
  className = "",
}: {
  tone?: "brand" | "light";
  className?: string;
}) {
  return (
    <span className={`inline-flex items-center gap-2.5 ${className}`}>
      <LogoMark className="size-9 shrink-0" />
      <span
        className={`text-2xl font-extrabold tracking-tight ${tone === "light" ? "text-white" : "text-brand"}`}
      >
        Flik
      </span>
    </span>
  );
}
