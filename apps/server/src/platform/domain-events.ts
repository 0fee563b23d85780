import type { FastifyBaseLogger } from "fastify";
import type { PostRow, UserRow } from "../db/schema.js";

/**
 * What happened in one feature that others react to (notifications, the flicks feed). Features publish
 * here instead of calling each other, so posts know nothing of notifications.
 */
export interface DomainEventMap {
  /**
   * The post as it was made, with its author: what a listener presents, as any viewer would see it.
   * The author's followers as read once for the post's own announcement, so a listener need not again.
   */
  postCreated: {
    post: PostRow;
    author: Pick<UserRow, "id" | "username" | "fullName" | "avatar" | "isPrivate">;
    followerIds: string[];
  };
  postDeleted: {
    postId: string;
    author: { id: string; isPrivate: boolean };
    image: string;
    mediaType: string;
  };
  /** `newly` is false when the member had liked it already (only the reaction changed). */
  postLiked: { postId: string; ownerId: string; actorId: string; newly: boolean };
  postCommented: { postId: string; ownerId: string; actorId: string; text: string; commentId: string };
  /** A comment deleted (by its author or the post's owner); its notification went with it (cascade). */
  commentDeleted: { postId: string; ownerId: string; commentId: string; removedNotifications: string[] };
  postShared: { postId: string; ownerId: string; actorId: string };
  memberFollowed: { followerId: string; followeeId: string };
  /** A member asked a private member to follow them (a new request, not a repeated one). */
  followRequested: { requesterId: string; targetId: string };
  /**
   * The target accepted requests (one, or every pending one as they went public): the follows are made.
   * One event for all of them, so what follows is a fixed number of statements however many waited.
   */
  followRequestsAccepted: { requesterIds: string[]; targetId: string };
  /**
   * The request is gone without the target accepting it: withdrawn by the requester, declined by the
   * target, or made moot by a follow (the target went public before the request was read).
   */
  followRequestClosed: {
    requesterId: string;
    targetId: string;
    outcome: "withdrawn" | "declined" | "followed";
  };
  /**
   * One member blocked another: follows and requests both ways are gone already (with their
   * notifications, `removedNotifications`, and the pending requests, `removedRequests`), and so are the
   * blocked member's likes and comments on the blocker's posts (`removedFromPosts`); nothing may pass
   * between the two from now on.
   */
  memberBlocked: {
    blockerId: string;
    blockedId: string;
    removedNotifications: { id: string; recipientId: string }[];
    removedRequests: { requesterId: string; targetId: string }[];
    removedFromPosts: ReactionsRemoved[];
  };
  /**
   * A member deleted their account, and everything of theirs went with it in one transaction. What
   * others were shown of it: their posts; their likes and comments on others' posts, with those posts'
   * counts after (`removedFromPosts`); the notifications they had sent; their one-to-one chats (deleted,
   * each with the partner it leaves) and the groups they were in.
   */
  memberDeleted: {
    userId: string;
    isPrivate: boolean;
    posts: { postId: string; image: string; mediaType: string }[];
    /** Who followed them, when they had flicks (whose open feeds are told); read before the follows went. */
    followerIds: string[];
    removedFromPosts: ReactionsRemoved[];
    removedNotifications: { id: string; recipientId: string; type: string }[];
    directChats: { chatId: string; memberId: string }[];
    groupChatIds: string[];
  };
  /** A block was lifted (the blocker's account lists whom they block). */
  memberUnblocked: { blockerId: string; blockedId: string };
  /** The member's profile visibility was set (PUT /user/privacy with isPrivate). */
  privacyChanged: { userId: string; isPrivate: boolean };
  /** A chat message newly stored (a retried send of the same clientId is not a new one). */
  messageSent: { messageId: string; chatId: string; senderId: string; memberIds: string[]; sentAt: Date };
  /** `removed`: the followee ended it (Remove follower), not the follower. */
  memberUnfollowed: { followerId: string; followeeId: string; removed?: true };
  /**
   * Something a member's account shows changed: their profile (name, picture, bio), their e-mail, phone
   * or its verification, or their privacy and notification settings.
   */
  accountChanged: { userId: string };
}

/** What a block or a deleted account took off one post (a member's like and comments), and its counts after. */
export interface ReactionsRemoved {
  postId: string;
  likesCount: number;
  commentsCount: number;
  /** The member's like (or a flick's reaction) was on it. */
  likeRemoved: boolean;
  /** The member's comments on it. */
  commentIds: string[];
}

type Listener<K extends keyof DomainEventMap> = (event: DomainEventMap[K]) => Promise<void> | void;

export interface DomainEvents {
  on<K extends keyof DomainEventMap>(name: K, listener: Listener<K>): void;
  /**
   * Runs every listener and waits for them, so what they store (a notification) exists when the
   * request that caused it answers. A listener's failure is logged and never fails that request.
   */
  publish<K extends keyof DomainEventMap>(name: K, event: DomainEventMap[K]): Promise<void>;
}

/**
 * Tells `changed` of the members whose accounts and profiles one of these events changed (counts, follow
 * lists and requests, blocks, privacy, profile): what a per-node cache of what members show forgets at
 * once, before the database's announcement of it comes back.
 */
export function onMembersChanged(domainEvents: DomainEvents, changed: (memberIds: string[]) => void) {
  domainEvents.on("memberFollowed", ({ followerId, followeeId }) => changed([followerId, followeeId]));
  domainEvents.on("memberUnfollowed", ({ followerId, followeeId }) => changed([followerId, followeeId]));
  domainEvents.on("followRequested", ({ requesterId, targetId }) => changed([requesterId, targetId]));
  domainEvents.on("followRequestClosed", ({ requesterId, targetId }) => changed([requesterId, targetId]));
  domainEvents.on("followRequestsAccepted", ({ requesterIds, targetId }) =>
    changed([...requesterIds, targetId]),
  );
  domainEvents.on("memberBlocked", ({ blockerId, blockedId }) => changed([blockerId, blockedId]));
  domainEvents.on("memberUnblocked", ({ blockerId, blockedId }) => changed([blockerId, blockedId]));
  domainEvents.on("privacyChanged", ({ userId }) => changed([userId]));
  domainEvents.on("postCreated", ({ author }) => changed([author.id]));
  domainEvents.on("postDeleted", ({ author }) => changed([author.id]));
  domainEvents.on("accountChanged", ({ userId }) => changed([userId]));
  domainEvents.on("memberDeleted", ({ userId }) => changed([userId]));
}

export function createDomainEvents(log: FastifyBaseLogger): DomainEvents {
  const listeners = new Map<keyof DomainEventMap, Listener<never>[]>();
  return {
    on(name, listener) {
      listeners.set(name, [...(listeners.get(name) ?? []), listener as Listener<never>]);
    },
    async publish(name, event) {
      const results = await Promise.allSettled(
        (listeners.get(name) ?? []).map(async (listener) => (listener as Listener<typeof name>)(event)),
      );
      for (const result of results) {
        if (result.status === "rejected")
          log.error({ err: result.reason, event: name }, "event listener failed");
      }
    },
  };
}
