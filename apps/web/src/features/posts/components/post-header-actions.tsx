import type { Post } from "@flik/shared";
import { FollowButton } from "../../follows/components/follow-button";
import { useFollow } from "../../follows/hooks/use-follow";
import { copyPostLink } from "../hooks/use-share-post";
import { PostMenu } from "./post-menu";

interface PostHeaderActionsProps {
  /** The cache's copy, which the follow intent is laid over. */
  post: Post;
  /** The post as shown, pending follows laid over it. */
  view: Post;
  onEdit: () => void;
  onDelete: () => void;
}

/** The right side of a post's header, in the feed and on the post screen: Follow (not on own posts) and the menu. */
export function PostHeaderActions({ post, view, onEdit, onDelete }: PostHeaderActionsProps) {
  const follow = useFollow(post.user._id, {
    isFollowed: post.isFollowed,
    followersCount: post.user.followersCount,
  });
  return (
    <>
      {!view.isMyPost && (
        <FollowButton isFollowed={follow.isFollowed} username={view.user.username} onToggle={follow.toggle} />
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
