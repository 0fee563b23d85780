import { normalizeTag, TAG_MAX_LENGTH } from "@flik/shared";
import { useMemo } from "react";
import { Link, Navigate, useParams } from "react-router";
import { buttonStyles } from "../../../components/button-styles";
import { SearchIcon } from "../../../components/icons";
import { LoadError } from "../../../components/load-error";
import { echoedName } from "../../../lib/echoed-name";
import { tagPath } from "../../../lib/paths";
import { retryAdvice } from "../../../lib/query-retry";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { PostGrid, PostGridSkeleton } from "../../posts/components/post-grid";
import { usePostRooms } from "../../posts/hooks/use-post-rooms";
import { isTagUnknown, useTagPostsQuery } from "../api/tags.queries";
import { postsCountText } from "../tag-format";

/**
 * /tags/:name (issue 18): a tag's posts, newest first, as the viewer may see them. `/tags/Sunset` and
 * `/tags/%23sunset` are the page of #sunset: the address is put right.
 */
export function TagScreen() {
  const { name = "" } = useParams();
  const tag = normalizeTag(name);
  if (tag === null) return <UnknownTag name={name} />;
  if (tag !== name) return <Navigate to={tagPath(tag)} replace />;
  return <TagPage key={tag} name={tag} />;
}

function TagPage({ name }: { name: string }) {
  useDocumentTitle(`#${name}`);
  const query = useTagPostsQuery(name);
  const posts = useMemo(() => query.data?.pages.flatMap((page) => page.posts) ?? [], [query.data]);
  const tag = query.data?.pages[0]?.tag;
  const postIds = useMemo(() => posts.map((post) => post._id), [posts]);
  // In its posts' rooms, the page hears of a post deleted or an author gone private as the feed does:
  // the post leaves the grid (usePostLiveUpdates, applyPrivacyChange) rather than open as unavailable.
  // Its count goes down with the posts that leave (the posts' cache counts them: post-cache).
  usePostRooms(postIds);

  if (query.isLoadingError && isTagUnknown(query.error)) return <UnknownTag name={name} />;

  return (
    <div className="mx-auto w-full max-w-3xl">
      <header className="mb-6 flex items-center gap-5 sm:mb-8 sm:gap-8">
        <span
          aria-hidden="true"
          className="bg-brand flex size-20 shrink-0 items-center justify-center rounded-full text-4xl font-bold text-white shadow-lg shadow-fuchsia-600/20 sm:size-32 sm:text-6xl"
        >
          #
        </span>
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-bold tracking-tight text-zinc-900 sm:text-3xl">#{name}</h1>
          {tag ? (
            <p className="mt-1 text-sm text-zinc-600 sm:text-base">
              <span className="font-semibold text-zinc-900">{postsCountText(tag.postsCount)}</span>
            </p>
          ) : (
            query.isPending && <div className="mt-2 h-4 w-24 animate-pulse rounded bg-zinc-200/80" />
          )}
        </div>
      </header>

      <section aria-label="Posts" className="-mx-4 border-t border-zinc-200 pt-0.5 sm:mx-0 sm:pt-1">
        {query.isPending ? (
          <>
            <p role="status" className="sr-only">
              Loading posts...
            </p>
            <PostGridSkeleton tiles={12} />
          </>
        ) : query.isLoadingError ? (
          <LoadError
            title="Something went wrong loading posts."
            detail={retryAdvice(query.error)}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : posts.length === 0 ? (
          <div className="flex flex-col items-center px-6 py-14 text-center">
            <p className="text-xl font-bold tracking-tight text-zinc-900">No posts yet</p>
            <p className="mt-2 max-w-xs text-sm text-zinc-600">
              Posts tagged #{name} that you can see show up here.
            </p>
          </div>
        ) : (
          <PostGrid posts={posts} label={`Posts tagged #${name}`} paging={query} />
        )}
      </section>
    </div>
  );
}

/** No post ever carried the tag (or the address holds no tag at all). */
function UnknownTag({ name }: { name: string }) {
  // Echoed as a profile's name is: without control or direction characters, cut after a tag's length.
  const shown = echoedName(name.replace(/^#+/, ""), TAG_MAX_LENGTH).trim();
  useDocumentTitle("Tag not found");
  return (
    <section className="mx-auto flex max-w-md flex-col items-center px-6 py-14 text-center">
      <span className="flex size-16 items-center justify-center rounded-full border-2 border-zinc-900 text-zinc-900">
        <SearchIcon className="size-8" />
      </span>
      <h1 className="mt-5 text-xl font-bold tracking-tight text-zinc-900">Tag not found</h1>
      {/* Anywhere, not break-words: in a centred column only it lets a long word's box shrink to the screen. */}
      <p className="mt-2 text-sm wrap-anywhere text-zinc-600">
        {shown ? `No one has tagged a post #${shown} yet.` : "That address holds no tag."}
      </p>
      <Link to="/search" className={`${buttonStyles.secondary} mt-7`}>
        Back to explore
      </Link>
    </section>
  );
}
