import type { Chat, Message } from "./chats.js";
import type { Flick } from "./flicks.js";
import type { Notification } from "./notifications.js";
import type { Post, PostComment, PostEdit } from "./posts.js";
import type { Story, StoryViewer } from "./stories.js";

/**
 * Typed Socket.IO event maps (spec §7 realtime). Each feature adds its events here, once, and both the
 * server and the web client use the same map.
 */
/** Why a session was revoked, when it is not a logout: the account was deleted. */
export type SessionRevokedReason = "account-deleted";

export interface ServerToClientEvents {
  /**
   * The server closes a socket whose session was revoked; this tells the client why first (`reason`:
   * the account was deleted, which the sign-in screen then says, rather than that the session ended).
   */
  sessionRevoked: (event?: { reason: SessionRevokedReason }) => void;
  /**
   * To the member's own room: their account changed (profile, e-mail, phone, privacy or notification
   * settings), in this tab or another, so each open screen reads it again.
   */
  accountChanged: () => void;

  // Posts (to the room post:<id> of everyone viewing the post).
  /** `isLiked` is the state of `userId`, the member who liked or unliked. */
  postLiked: (event: { postId: string; likesCount: number; userId: string; isLiked: boolean }) => void;
  postCommented: (event: { postId: string; comment: PostComment; commentsCount: number }) => void;
  /** A comment deleted by its author or the post's owner; `commentsCount` is the post's now. */
  postCommentDeleted: (event: { postId: string; commentId: string; commentsCount: number }) => void;
  postUpdated: (event: { post: PostEdit }) => void;
  postDeleted: (event: { postId: string }) => void;
  postShared: (event: { postId: string; sharesCount: number }) => void;
  /** To the rooms of the author's followers: a post as a follower sees it. */
  newPost: (event: { post: Post }) => void;
  /** To the post owner's room, for what others do to their posts. */
  newLike: (event: { postId: string; username: string }) => void;
  newComment: (event: { postId: string; username: string; text: string }) => void;
  newShare: (event: { postId: string; username: string }) => void;

  // Follows (to the rooms of both members).
  /**
   * A follow made (an accepted request too) or undone: `userId` is the followed member, `isFollowed`
   * the follower's state now, `followersCount` the followed member's. `removed`: the followed member
   * ended it (Remove follower), and `isPrivate` (with it) whether she is private: then the follower's
   * screens drop what she no longer shows them (a flick, all a tab may know her by, does not say).
   */
  postFollowed: (event: {
    userId: string;
    followerId: string;
    isFollowed: boolean;
    followersCount: number;
    removed?: true;
    isPrivate?: boolean;
  }) => void;
  /**
   * To the requester's own room only: their pending request to follow `userId` is gone unanswered
   * (they withdrew it in another tab, or the member declined it), so a "Requested" button there reads
   * "Follow" again. Never sent to the member asked, and not for a request that became a follow
   * (postFollowed says that).
   */
  followRequestClosed: (event: { userId: string; followersCount: number }) => void;
  /**
   * To the requester's own room only: they asked to follow the private member `userId` (in this tab or
   * another), so a "Follow" button there reads "Requested". Never sent to the member asked, who hears of
   * it by their notification.
   */
  followRequestSent: (event: { userId: string; followersCount: number }) => void;
  /**
   * To the blocker's own room only: they blocked or unblocked `userId` (in this tab or another), so each
   * open screen reads their account's blocked list again (an open chat's message box goes or comes
   * back). Never sent to the member blocked or unblocked.
   */
  blocksChanged: (event: { userId: string; blocked: boolean }) => void;
  /**
   * A member made their account private or public, told to the tabs watching one of their posts (a
   * feed, a post, their profile's grid) but those of the members they are blocked with: an open profile
   * of theirs shows the lock (and asks before an unfollow), or is read again (a stranger's locks, a
   * public one opens), and a stranger's screens drop their posts.
   */
  memberPrivacyChanged: (event: { userId: string; isPrivate: boolean }) => void;

  // Flicks: to the rooms of the author and their followers, and a public author's also to every open
  // flicks feed (room `flicks`).
  newReel: (event: { flick: Flick }) => void;
  flickDeleted: (event: { flickId: string; videoUrl: string; uploadedBy: string }) => void;

  // Notifications (to the recipient's room).
  newNotification: (event: { notification: Notification; unreadCount: number }) => void;
  /**
   * Notifications that went away: a follow request withdrawn, declined or accepted takes its
   * notification with it (`followRequestsFrom`: whose requests closed, for the requests list and count,
   * every pending one at once when the member went public; `accepted`: they became follows, whose read
   * "started following you" the list holds now). A deleted post takes its notifications along
   * (`postId`: every one about that post, which went to its author; `ids` is then empty).
   */
  notificationsRemoved: (event: {
    ids: string[];
    unreadCount: number;
    followRequestsFrom?: string[];
    accepted?: boolean;
    postId?: string;
  }) => void;
  /** The member marked notifications read or unread (`"all"`: mark all read) — for their other tabs. */
  notificationsRead: (event: { ids: string[] | "all"; read: boolean; unreadCount: number }) => void;

  // Chats. Message events go to every member's room `user:<id>`, so lists and badges stay live on every
  // screen; typing and seen state go to the room `chat:<id>` of the members who have the chat open.
  newMessage: (event: { message: Message }) => void;
  messageEdited: (event: { message: Message }) => void;
  messageDeleted: (event: { chatId: string; messageId: string; lastMessage: Message | null }) => void;
  /** A chat was made (or a member was added to one): the chat as the recipient sees it. */
  chatUpdated: (event: { chat: Chat }) => void;
  /** The member deleted the chat from their list (to their own other tabs). */
  chatDeleted: (event: { chatId: string }) => void;
  typing: (event: { chatId: string; userId: string; username: string }) => void;
  stopTyping: (event: { chatId: string; userId: string }) => void;
  /** `userId` has seen every message of the chat up to `seenAt`. */
  messagesSeen: (event: { chatId: string; userId: string; seenAt: string }) => void;
  /** Who of the member's chat partners came online or went offline; on connect, everyone online. */
  onlineUsers: (event: { online: string[]; offline: string[] }) => void;

  // Stories (issue 17).
  /** To the owner's room: someone opened one of their stories (the viewer and the new count). */
  storyViewed: (event: { storyId: string; viewer: StoryViewer; viewersCount: number }) => void;
  /** To the rooms of the members who may see it (the owner's followers, and the owner's other tabs). */
  newStory: (event: { story: Story }) => void;
  /** To the same rooms: the owner deleted it. */
  storyDeleted: (event: { storyId: string; userId: string }) => void;
}

/**
 * What a chat event's acknowledgement carries: the stored message, or why it was refused, with the
 * status the same call answers over HTTP (403 for a block, 404 for a chat that is not there, 429 …).
 */
export type ChatAck<T = undefined> = (
  result: { ok: true; message?: T } | { ok: false; error: string; status?: number },
) => void;

/**
 * What a room join's acknowledgement carries: joined, or why not, with the status the same read answers
 * over HTTP (404 for a post or chat the member may not see, as for one that is not there).
 */
export type JoinResult<Joined extends object = object> =
  | ({ ok: true } & Joined)
  | ({ ok: false; error: string; status: number } & Partial<Joined>);

/**
 * The longest quiet a join's answer tells (`quietForMs`): a page's first connect comes within seconds of
 * its reads, and a longer wait only makes the client read again, as without it.
 */
export const QUIET_FOR_MAX_MS = 30_000;

/** The most post ids one joinPostRoom or leavePostRoom takes: a page of a feed and more. */
export const POSTS_JOINED_PER_EVENT = 100;

export interface ClientToServerEvents {
  /**
   * Joins the member's own room `user:<id>`; only the signed-in member's id is accepted. The first answer
   * of a connection says for how many milliseconds (up to 30 s) no event has gone to the member's or
   * the session's room, when a single server can tell: a client whose reads all came after that need
   * not read what those rooms bring again.
   */
  joinUser: (userId: string, ack?: (result: JoinResult<{ quietForMs?: number }>) => void) => void;
  /**
   * Follows a post's live changes; only a post the member may see is joined. A list of up to
   * POSTS_JOINED_PER_EVENT ids joins each it may (`watching`) as one event of the member's budget.
   * A connection's first few answers say, as joinUser's does, for how many milliseconds (up to 30 s)
   * the rooms of the posts watched have had no event, when a single server can tell and every post
   * asked is watched (one that could not be may have had the very event that hid it).
   */
  joinPostRoom: (
    postIds: string | string[],
    ack?: (
      result: JoinResult<{ quietForMs?: number }> | JoinResult<{ watching: string[]; quietForMs?: number }>,
    ) => void,
  ) => void;
  leavePostRoom: (postIds: string | string[]) => void;

  /**
   * An open profile of another member hears them go private or public (memberPrivacyChanged), though it
   * watches none of their posts (a locked profile shows none). A socket watches a few profiles at most:
   * past that, the one watched longest is let go.
   */
  watchProfile: (userId: string, ack?: (result: JoinResult) => void) => void;
  unwatchProfile: (userId: string, ack?: (result: JoinResult) => void) => void;

  /**
   * An open flicks feed; it receives newReel and flickDeleted. Among a connection's first answers, as
   * joinPostRoom's, it says how long the room was quiet.
   */
  joinFlicks: (ack?: (result: JoinResult<{ quietForMs?: number }>) => void) => void;
  leaveFlicks: (ack?: (result: JoinResult) => void) => void;

  /** The member opened a chat (room `chat:<id>`, for typing and seen state); only members may. */
  joinChat: (chatId: string, ack?: (result: JoinResult) => void) => void;
  leaveChat: (chatId: string, ack?: (result: JoinResult) => void) => void;
  /** Stored before it is acknowledged; the same clientId twice stores one message. */
  sendMessage: (event: { chatId: string; text: string; clientId?: string }, ack?: ChatAck<Message>) => void;
  typing: (chatId: string) => void;
  stopTyping: (chatId: string) => void;
  /** Marks the chat's messages seen, like PUT /messages/{chatId}/mark-seen. */
  messagesSeen: (chatId: string, ack?: ChatAck) => void;
  messageEdited: (event: { messageId: string; text: string }, ack?: ChatAck<Message>) => void;
  messageDeleted: (event: { messageId: string }, ack?: ChatAck) => void;
}

/** Room names of design.md. */
export const rooms = {
  user: (id: string) => `user:${id}`,
  chat: (id: string) => `chat:${id}`,
  post: (id: string) => `post:${id}`,
  /** Every open flicks feed. */
  flicks: "flicks",
  session: (id: string) => `session:${id}`,
  /**
   * Server only: every socket of a member who blocked <id> or whom <id> blocked. An event caused by
   * <id> goes `.except(rooms.blockedWith(id))`, so it reaches neither side of a block (issue 16).
   */
  blockedWith: (id: string) => `blocked-with:${id}`,
} as const;
