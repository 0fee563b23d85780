import { Link } from "react-router";
import { buttonStyles } from "../../../components/button-styles";
import { ImageIcon, NewPostIcon, SearchIcon } from "../../../components/icons";
import { LoadError } from "../../../components/load-error";
import { retryAdvice } from "../../../lib/query-retry";
import type { ExploreArrival } from "../../search/screens/explore-screen";

export function FeedEmpty() {
  return (
    <section className="flex flex-col items-center rounded-2xl border border-zinc-200/80 bg-white px-6 py-14 text-center shadow-sm">
      <span className="bg-brand flex size-16 items-center justify-center rounded-2xl text-white shadow-lg shadow-fuchsia-600/25">
        <ImageIcon className="size-8" />
      </span>
      <h2 className="mt-6 text-xl font-bold tracking-tight text-zinc-900">No posts yet</h2>
      <p className="mt-2 max-w-xs text-sm text-zinc-600">
        Posts from you and the people you follow show up here.
      </p>
      <div className="mt-7 flex flex-wrap justify-center gap-3">
        <Link to="/post/new" className={buttonStyles.primary}>
          <NewPostIcon className="size-5" />
          Share your first post
        </Link>
        {/* A new member follows no one yet: explore is where they find people, its box ready to type in. */}
        <Link
          to="/search"
          state={{ findPeople: true } satisfies ExploreArrival}
          className={buttonStyles.secondary}
        >
          <SearchIcon className="size-5" />
          Find people to follow
        </Link>
      </div>
    </section>
  );
}

/** The feed that could not load; `error` says whether to check the connection or wait for the server. */
export function FeedError({
  error,
  onRetry,
  retrying,
}: {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <LoadError
      title="Something went wrong loading posts."
      detail={retryAdvice(error)}
      onRetry={onRetry}
      retrying={retrying}
      className="rounded-2xl border border-zinc-200/80 bg-white shadow-sm"
    />
  );
}
