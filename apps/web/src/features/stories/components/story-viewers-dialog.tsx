import type { ReactNode } from "react";
import { Avatar } from "../../../components/avatar";
import { buttonStyles } from "../../../components/button-styles";
import { Dialog } from "../../../components/dialog";
import { timeAgo } from "../../../lib/time-ago";
import { useStoryViewersQuery } from "../api/stories.queries";

export const NO_VIEWERS = "No viewers yet";

/** Spec §6: who opened the member's own story, newest first; storyViewed adds to it while it is open. */
export function StoryViewersDialog({ storyId, onClose }: { storyId: string; onClose: () => void }) {
  const query = useStoryViewersQuery(storyId);
  const viewers = query.data?.viewers ?? [];

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <p role="status" className="py-10 text-center text-sm text-zinc-500">
        Loading...
      </p>
    );
  } else if (query.isLoadingError) {
    body = (
      <div role="alert" className="flex flex-col items-center gap-4 py-10 text-center text-sm text-zinc-600">
        Couldn't load who viewed this story.
        <button
          type="button"
          onClick={() => query.refetch()}
          disabled={query.isFetching}
          className={buttonStyles.secondary}
        >
          {query.isFetching ? "Retrying..." : "Try again"}
        </button>
      </div>
    );
  } else if (viewers.length === 0) {
    body = <p className="py-10 text-center text-sm font-medium text-zinc-500">{NO_VIEWERS}</p>;
  } else {
    body = (
      <ul aria-label="Viewers" className="space-y-1">
        {viewers.map((viewer) => (
          <li key={viewer._id} className="flex items-center gap-3 py-1.5">
            <Avatar src={viewer.avatar} name={viewer.username} className="size-11 text-base ring-0" />
            <span className="min-w-0 flex-1 leading-tight">
              <span className="block truncate text-sm font-semibold text-zinc-900">{viewer.username}</span>
              <span className="block truncate text-sm text-zinc-500">
                {viewer.fullName || "Unnamed User"}
              </span>
            </span>
            <time dateTime={viewer.viewedAt} className="shrink-0 text-xs text-zinc-500">
              {timeAgo(viewer.viewedAt)}
            </time>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Dialog title="Viewers" size="sm" onClose={onClose} bodyClassName="px-5 pb-5 min-h-48">
      {body}
    </Dialog>
  );
}
