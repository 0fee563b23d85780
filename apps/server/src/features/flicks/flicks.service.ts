import type { commentBody, FlickCommentResponse, flickLikeBody } from "@flik/shared";
import type { z } from "zod";
import type { Caller } from "../../platform/caller.js";
import type { DomainEvents } from "../../platform/domain-events.js";
import type { FollowsService } from "../follows/follows.service.js";
import { postAudience } from "../posts/posts.policy.js";
import { freshParts, presentFlick } from "../posts/posts.presenter.js";
import type { PostsService } from "../posts/posts.service.js";
import type { Member } from "../users/users.policy.js";
import type { FlickEvents } from "./flicks.events.js";

export type FlicksService = ReturnType<typeof createFlicksService>;

type PageQuery = { limit: number; cursor?: string | undefined };

/**
 * Flicks are a view over posts with a video: reads, rules and changes are the posts service's; this
 * feature adds the /flicks addresses and tells open flicks feeds of new and deleted flicks.
 */
export function createFlicksService(deps: {
  posts: PostsService;
  follows: FollowsService;
  events: FlickEvents;
  domainEvents: DomainEvents;
}) {
  const { posts, follows, events, domainEvents } = deps;

  const audienceOf = (author: Member, followerIds = () => follows.followerIdsOf(author.id)) => ({
    authorId: author.id,
    audience: postAudience(author),
    followerIds,
  });

  domainEvents.on("postCreated", async ({ post, author, followerIds }) => {
    if (post.mediaType !== "video") return;
    // A new flick, as any other member sees it: nobody has reacted or commented yet.
    const flick = presentFlick({ post, author }, freshParts(), null);
    const listeners = audienceOf(author, async () => followerIds);
    await events.created(flick, listeners);
  });
  domainEvents.on("postDeleted", async ({ postId, author, image, mediaType }) => {
    if (mediaType === "video") await events.deleted({ flickId: postId, videoUrl: image }, audienceOf(author));
  });
  // A deleted account's flicks went with it; its followers were read before the follows went too.
  domainEvents.on("memberDeleted", async ({ userId, isPrivate, posts: gone, followerIds }) => {
    const audience = audienceOf({ id: userId, isPrivate }, async () => followerIds);
    for (const { postId, image, mediaType } of gone)
      if (mediaType === "video") await events.deleted({ flickId: postId, videoUrl: image }, audience);
  });

  return {
    feed: (caller: Caller, query: PageQuery) => posts.flicks(caller, query),
    like: (caller: Caller, id: string, input: z.output<typeof flickLikeBody>) =>
      posts.react(caller, id, input),
    comment: (
      caller: Caller,
      id: string,
      input: z.output<typeof commentBody>,
    ): Promise<FlickCommentResponse> => posts.comment(caller, id, input, "flick"),
    share: (caller: Caller, id: string) => posts.share(caller, id, "flick"),
    remove: (caller: Caller, id: string) => posts.remove(caller, id, "flick"),
  };
}
