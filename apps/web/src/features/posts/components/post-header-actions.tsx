import type { Post } from "@flik/shared";
import { useState } from "react";
import { useHasBlocked } from "../../blocks/blocked";
import { LazyBlockDialog } from "../../blocks/components/lazy-block-dialog";
import { postFollowRelation } from "../../follows/cache/follow-intents";
import { FollowButton } from "../../follows/components/follow-button";
import { useFollow } from "../../follows/hooks/use-follow";
import { lazyPart } from "../../layout/components/lazy-part";
import { copyPostLink } from "../hooks/use-share-post";
import type { PostDeletion } from "./delete-post-dialog";
import { PostMenu } from "./post-menu";

// Loaded on the first Delete: the feed's first screen does not carry the question or the delete.
const DeletePostDialog = lazyPart(async () => (await import("./delete-post-dialog")).DeletePostDialog);

interface PostHeaderActionsProps {
  /** The cache's copy, which the follow intent is laid over. */
  post: Post;
  /** The post as shown, pending follows laid over it. */
  view: Post;
  onEdit: () => void;
  /** What the screen does around the owner's delete, once it is confirmed. */
  deletion?: PostDeletion;
}

/**
 * The right side of a post's header, in the feed and on the post screen: Follow (not on own posts) and
 * the menu. A block takes the author's posts out of the feed; the post screen shows the post as gone.
 */
export function PostHeaderActions({ post, view, onEdit, deletion }: PostHeaderActionsProps) {
  const [blocking, setBlocking] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const blocked = useHasBlocked(post.user._id);
  const follow = useFollow(
    post.user._id,
    { ...postFollowRelation(post), followersCount: post.user.followersCount },
    post.user.isPrivate,
  );
  return (
    <>
      {!view.isMyPost && (
        <FollowButton
          status={follow.status}
          username={view.user.username}
          isPrivate={follow.isPrivate}
          onToggle={follow.toggle}
        />
      )}
      <PostMenu
        isOwner={view.isMyPost}
        onEdit={onEdit}
        onDelete={() => setDeleting(true)}
        onCopyLink={() => void copyPostLink(view._id)}
        onBlock={blocked ? undefined : () => setBlocking(true)}
      />
      {blocking && <LazyBlockDialog member={view.user} onClose={() => setBlocking(false)} />}
      {deleting && (
        <DeletePostDialog
          post={view}
          {...deletion}
          onClose={() => setDeleting(false)}
          onUnavailable={() => setDeleting(false)}
        />
      )}
    </>
  );
}
