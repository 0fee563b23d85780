import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import { canGoBackWithinApp } from "../../../lib/can-go-back";
import { type PostPageArrival, postPath } from "../../../lib/paths";
import { toast } from "../../../lib/toast";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { focusIsLost } from "../../../lib/use-focus-when-closed";
import { useHasBlocked } from "../../blocks/blocked";
import { useSocketEvents } from "../../realtime/use-socket-events";
import { postKeys } from "../api/post-keys";
import { isPostUnavailable, usePostQuery } from "../api/posts.queries";
import { PostDetail } from "../components/post-detail";
import { PostDetailSkeleton } from "../components/post-detail-skeleton";
import { PostLoadFailed, PostOfBlockedMember, PostUnavailable } from "../components/post-unavailable";
import { usePostRooms } from "../hooks/use-post-rooms";

/** /post/{username}/{id}: one post, live; its owner can edit (`?edit=1`) and delete it. */
export function PostScreen() {
  const { username = "", id = "" } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const { search, key: locationKey, state: arrival } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = usePostQuery(id);
  const post = query.data;
  // A member the viewer blocked is gone for them, as the server would say on the next load.
  const blocked = useHasBlocked(post?.user._id);
  const rechecking = useAskedAgainOnUnblock(blocked, query.refetch);
  useDocumentTitle(post ? `Post by @${post.user.username}` : "Post");
  usePostRooms(id ? [id] : []);

  // Set before our own delete is sent: its live echo may arrive before the answer does.
  const deletedHere = useRef(false);
  const gone = useRef(false);
  // The member deleted it: back to where they came from (their profile, the feed, a notification), as
  // the post is gone from there too; the feed in its place when that would reload the app (the tab opened
  // on the post, or it was reloaded), which would lose the toast. Never one more entry to go Back over,
  // nor the post's own modal, opened before its page, to find it gone there.
  const leaveDeleted = () => {
    gone.current = true;
    if (!canGoBackWithinApp(locationKey)) navigate("/post", { replace: true });
    else navigate((arrival as PostPageArrival | null)?.overItsModal ? -2 : -1);
  };
  // Its author deleted it meanwhile: spec §8's "This post was deleted." goes to /post, in its place.
  const leaveForFeed = () => {
    gone.current = true;
    navigate("/post", { replace: true });
  };

  // Only when the post could not be shown at all: a post found gone by an action already said so.
  const fetchFailed = query.isLoadingError;
  useEffect(() => {
    if (fetchFailed) toast.error("Error fetching post", { toastId: `post-error-${id}` });
  }, [fetchFailed, id]);

  // The username in the URL is cosmetic; the id decides. Show the author's real one.
  const author = post?.user.username;
  useEffect(() => {
    if (author && author !== username) {
      navigate({ pathname: postPath(author, id), search }, { replace: true, state: arrival });
    }
  }, [author, username, id, search, arrival, navigate]);

  useSocketEvents({
    postDeleted: ({ postId }) => {
      if (postId !== id || deletedHere.current) return;
      toast.info("This post was deleted.");
      leaveForFeed();
    },
    // A stranger's screens drop the posts of a member gone private (spec §10): the server says whether
    // this viewer still may see this one (a follower may), and if not the post is unavailable.
    memberPrivacyChanged: ({ userId, isPrivate }) => {
      if (isPrivate && post && userId === post.user._id && !post.isMyPost) void query.refetch();
    },
  });

  // A deleted post must not come back from the cache on Back; the focus its controls had goes to the
  // heading of the feed it left for, drawn by now (never to the page, from whose top a keyboard starts).
  useEffect(
    () => () => {
      if (!gone.current) return;
      queryClient.removeQueries({ queryKey: postKeys.detail(id) });
      if (focusIsLost()) document.querySelector<HTMLElement>("h1")?.focus();
    },
    [queryClient, id],
  );

  // Gone since it was shown (deleted, gone private, a block): what the server says now wins.
  if (rechecking) return <PostDetailSkeleton />;
  if (blocked && post) return <PostOfBlockedMember author={post.user} />;
  if (blocked || (query.isError && isPostUnavailable(query.error))) return <PostUnavailable />;
  if (!post) {
    if (!query.isError) return <PostDetailSkeleton />;
    return <PostLoadFailed error={query.error} onRetry={() => query.refetch()} retrying={query.isFetching} />;
  }

  const data = post;
  const editing = data.isMyPost && searchParams.get("edit") === "1";

  return (
    <PostDetail
      post={data}
      editing={editing}
      onEdit={() => setSearchParams({ edit: "1" }, { replace: true })}
      onDoneEditing={() => setSearchParams({}, { replace: true })}
      deletion={{
        onSending: () => {
          deletedHere.current = true;
        },
        onDeleted: leaveDeleted,
        onFailed: () => {
          deletedHere.current = false;
        },
      }}
    />
  );
}

/**
 * Unblocked while the post was open: the block ended follows both ways, so whether the viewer may see it
 * now is the server's to say (a private author's post is no longer theirs) before it shows again. True
 * while it is asked; then the post, or "isn't available", takes the focus Unblock had.
 */
function useAskedAgainOnUnblock(blocked: boolean, refetch: () => Promise<unknown>): boolean {
  const [wasBlocked, setWasBlocked] = useState(blocked);
  const [asking, setAsking] = useState(false);
  if (blocked !== wasBlocked) {
    setWasBlocked(blocked);
    if (!blocked) setAsking(true);
  }
  useEffect(() => {
    if (!asking) return;
    let current = true;
    void refetch().finally(() => {
      if (!current) return;
      setAsking(false);
      requestAnimationFrame(() => {
        if (focusIsLost())
          document.querySelector<HTMLElement>("main article[tabindex], main h1 ~ a")?.focus();
      });
    });
    return () => {
      current = false;
    };
  }, [asking, refetch]);
  return asking;
}
