import { Link } from "react-router";
import { buttonStyles } from "../../../components/button-styles";
import { ImageIcon } from "../../../components/icons";
import { ScreenLoadFailed } from "../../../components/load-error";
import { YouBlockedNotice } from "../../blocks/components/you-blocked-notice";

/** Unknown, deleted or hidden post, or a malformed link (each a 404). */
export function PostUnavailable() {
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center rounded-2xl border border-zinc-200/80 bg-white px-6 py-14 text-center shadow-sm">
      <span className="flex size-16 items-center justify-center rounded-2xl bg-zinc-100 text-zinc-500">
        <ImageIcon className="size-8" />
      </span>
      <h1 className="mt-6 text-xl font-bold tracking-tight text-zinc-900">This post isn't available</h1>
      <p className="mt-2 max-w-sm text-sm text-zinc-600">
        It may have been deleted, or the link may be wrong.
      </p>
      <Link to="/post" className={`${buttonStyles.primary} mt-7`}>
        Back to your feed
      </Link>
    </section>
  );
}

/**
 * A post of a member the viewer blocked (from this post's menu, or elsewhere while it was open): who,
 * and Unblock, as their profile says it; unblocked, the post shows again. Not "isn't available", which
 * would read as the post's doing.
 */
export function PostOfBlockedMember({ author }: { author: { _id: string; username: string } }) {
  return (
    <YouBlockedNotice
      member={author}
      className="mx-auto max-w-lg rounded-2xl border border-zinc-200/80 bg-white px-6 py-14 shadow-sm"
      more={
        <Link to="/post" className={buttonStyles.secondary}>
          Back to your feed
        </Link>
      }
    >
      You can't see their posts while they're blocked.
    </YouBlockedNotice>
  );
}

export function PostLoadFailed(props: { error: unknown; onRetry: () => void; retrying: boolean }) {
  return (
    <ScreenLoadFailed
      title="Couldn't load this post"
      className="mx-auto max-w-lg rounded-2xl border border-zinc-200/80 bg-white shadow-sm"
      {...props}
    />
  );
}
