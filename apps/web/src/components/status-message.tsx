import type { ReactNode } from "react";
import { Spinner } from "./spinner";

/** A centered, announced progress state: "Checking authentication...", "Loading profile...". */
export function LoadingState({
  children,
  fullScreen = false,
}: {
  children: ReactNode;
  fullScreen?: boolean;
}) {
  return (
    <div
      role="status"
      className={`flex flex-col items-center justify-center gap-4 px-6 text-center text-sm font-medium text-zinc-600 ${
        fullScreen ? "min-h-dvh" : "min-h-[50vh]"
      }`}
    >
      <Spinner />
      <p>{children}</p>
    </div>
  );
}
