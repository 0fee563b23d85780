import type { ReactNode } from "react";
import { Spinner } from "../../../components/spinner";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { BootSkeleton, bootShapeOf } from "./boot-skeletons";

/**
 * Inside the app's frame while the session is checked: the shape of the screen to come and `status`
 * (spec §2: 'Checking authentication...'). Nothing here asks the server anything.
 */
export function BootScreen({ pathname, status }: { pathname: string; status: ReactNode }) {
  useDocumentTitle();
  const shape = bootShapeOf(pathname);
  return (
    <div className={shape === "chat" ? "relative h-full" : "relative"}>
      <p
        role="status"
        className="absolute inset-x-0 top-24 z-10 mx-auto flex w-fit items-center gap-3 rounded-full bg-white/95 px-5 py-3 text-sm font-medium text-zinc-700 shadow-lg ring-1 shadow-zinc-900/10 ring-zinc-200"
      >
        <Spinner className="size-5 border-2" />
        {status}
      </p>
      <BootSkeleton shape={shape} />
    </div>
  );
}
