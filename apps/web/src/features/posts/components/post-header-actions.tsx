import type { Post } from "@flik/shared";
import { copyPostLink } from "../hooks/use-share-post";
import { useToggleFollow } from "../hooks/use-toggle-follow";
import { FollowButton } from "./follow-button";
import { PostMenu } from "./post-menu";

interface PostHeaderActionsProps {
  /** The cache's copy, which the follow toggle works on. */
  post: Post;
  /** The post as shown, pending follows laid over it. */
  view: Post;
  onEdit: () => void;
  onDelete: () => void;
}

/** The right side of a post's header, in the feed and on the post screen: Follow (not on own posts) and the menu. */
export function PostHeaderActions({ post, view, onEdit, onDelete }: PostHeaderActionsProps) {
  const toggleFollow = useToggleFollow();
  return (
    <>
      {!view.isMyPost && (
        <FollowButton
          isFollowed={view.isFollowed}
          username={view.user.username}
          onToggle={() => toggleFollow(post)}
        />
      )}
      <PostMenu
        isOwner={view.isMyPost}
        onEdit={onEdit}
        onDelete={onDelete}
        onCopyLink={() => void copyPostLink(view._id)}
      />
    </>
  );
}
