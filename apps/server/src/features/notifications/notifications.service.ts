import {
  type NotificationReadResponse,
  type NotificationsPage,
  type NotificationType,
  rooms,
} from "@flik/shared";
import { type Db, pgErrorOf } from "../../db/database.js";
import type { Caller } from "../../platform/caller.js";
import { decodeCursor, pageOf } from "../../platform/cursor.js";
import type { DomainEvents } from "../../platform/domain-events.js";
import { notFound } from "../../platform/errors.js";
import type { KeptAnswers, Shown } from "../../platform/kept-answers.js";
import type { FlikIo } from "../../realtime/realtime.js";
import { presentNotification } from "./notifications.presenter.js";
import {
  countUnread,
  deleteFollowRequestNotifications,
  markAllRead,
  type NotificationRow,
  notificationsPage,
  setRead,
  storeAcceptedFollowNotifications,
  storeNotification,
  storeNotificationForEach,
  unreadNotificationCountsOf,
} from "./notifications.queries.js";

/** A foreign key violation: what a notification tells of (a comment, a post) went as it was stored. */
const FOREIGN_KEY_VIOLATION = "23503";

/**
 * What a page of notifications shows its recipient: their notifications and unread count, whom they
 * block (a blocked sender's are left out), each sender and each post previewed.
 */
function shownIn(rows: NotificationRow[], recipientId: string): Shown[] {
  const shows: Shown[] = [`notifications:${recipientId}`, `member:${recipientId}`];
  for (const { sender, post } of rows) {
    if (sender) shows.push(`member:${sender.id}`);
    if (post) shows.push(`post:${post.id}`);
  }
  return shows;
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

/**
 * Notifications are made here, from what others do (domain events), and never for a member's own
 * actions nor between two members where either blocked the other; the recipient hears of each one
 * live (newNotification).
 */
export function createNotificationsService(deps: {
  db: Db;
  io: FlikIo;
  domainEvents: DomainEvents;
  /** Pages of notifications kept on this node as their recipients were answered. */
  kept: KeptAnswers;
}) {
  const { db, io, domainEvents, kept } = deps;

  /** The member's notifications changed here: forgotten at once, before the announcement comes back. */
  const changed = (recipientId: string) => kept.forget([`notifications:${recipientId}`]);

  async function notify(input: {
    type: NotificationType;
    recipientId: string;
    senderId: string;
    postId?: string;
    comment?: string;
    commentId?: string;
  }) {
    if (input.recipientId === input.senderId) return;
    const stored = await storeNotification(db, { ...input, comment: input.comment ?? null }).catch(
      (error: unknown) => {
        // What it tells of was deleted as it was being stored (a comment deleted at once): nothing to tell.
        if (pgErrorOf(error)?.code === FOREIGN_KEY_VIOLATION) return undefined;
        throw error;
      },
    );
    if (stored) announce(stored);
  }

  /** Tells the recipient's tabs of a notification just stored (never across a block made meanwhile). */
  function announce({ row, unreadCount }: { row: NotificationRow; unreadCount: number }) {
    const { recipientId, senderId } = row.notification;
    changed(recipientId);
    let tabs = io.to(rooms.user(recipientId));
    if (senderId) tabs = tabs.except(rooms.blockedWith(senderId));
    tabs.emit("newNotification", { notification: presentNotification(row), unreadCount });
  }

  /**
   * Closed requests' notifications go, and the target's screens hear of it once (every tab: the list,
   * the unread count, the requests list and count). Accepted ones become a read "started following
   * you", as on Instagram, which the target's list shows when it is asked again. A fixed number of
   * statements however many requests: going public closes every pending one at once.
   */
  async function closeFollowRequests(targetId: string, requesterIds: string[], accepted = false) {
    const ids = await deleteFollowRequestNotifications(db, targetId, requesterIds);
    if (accepted) await storeAcceptedFollowNotifications(db, targetId, requesterIds);
    changed(targetId);
    io.to(rooms.user(targetId)).emit("notificationsRemoved", {
      ids,
      unreadCount: await countUnread(db, targetId),
      followRequestsFrom: requesterIds,
      ...(accepted && { accepted }),
    });
  }

  // A deleted post's notifications went with it (cascade); they were its author's alone (likes, comments,
  // shares of it), whose open lists and badge drop them now rather than at the next fetch.
  domainEvents.on("postDeleted", async ({ postId, author }) => {
    changed(author.id);
    io.to(rooms.user(author.id)).emit("notificationsRemoved", {
      ids: [],
      unreadCount: await countUnread(db, author.id),
      postId,
    });
  });
  // A deleted account's notifications to others went with it: each recipient drops them from their open
  // lists and badge (a follow request of theirs from the requests list too), their counts read in one
  // statement however many they were.
  domainEvents.on("memberDeleted", async ({ userId, removedNotifications }) => {
    const idsOf = new Map<string, string[]>();
    const requested = new Set<string>();
    for (const { id, recipientId, type } of removedNotifications) {
      const ids = idsOf.get(recipientId);
      if (ids) ids.push(id);
      else idsOf.set(recipientId, [id]);
      if (type === "follow_request") requested.add(recipientId);
    }
    if (idsOf.size === 0) return;
    const unread = await unreadNotificationCountsOf(db, [...idsOf.keys()]);
    for (const [recipientId, ids] of idsOf) {
      changed(recipientId);
      io.to(rooms.user(recipientId)).emit("notificationsRemoved", {
        ids,
        unreadCount: unread.get(recipientId) ?? 0,
        ...(requested.has(recipientId) && { followRequestsFrom: [userId] }),
      });
    }
  });
  // A block took every notification between the two along, and any request either had made: each of
  // them drops those, and the request, from their open lists and badge now rather than at a reload.
  // Each hears of the notifications and the request to answer that went (their counts stay true); the
  // other is named only for a request that was there, so a member who had none learns no one's id.
  domainEvents.on(
    "memberBlocked",
    async ({ blockerId, blockedId, removedNotifications, removedRequests }) => {
      for (const memberId of [blockerId, blockedId]) {
        const ids = removedNotifications
          .filter((each) => each.recipientId === memberId)
          .map((each) => each.id);
        const followRequestsFrom = removedRequests
          .filter((request) => request.targetId === memberId)
          .map((request) => request.requesterId);
        if (ids.length === 0 && followRequestsFrom.length === 0) continue;
        changed(memberId);
        io.to(rooms.user(memberId)).emit("notificationsRemoved", {
          ids,
          unreadCount: await countUnread(db, memberId),
          ...(followRequestsFrom.length > 0 && { followRequestsFrom }),
        });
      }
    },
  );
  domainEvents.on("memberFollowed", ({ followerId, followeeId }) =>
    notify({ type: "follow", recipientId: followeeId, senderId: followerId }),
  );
  domainEvents.on("followRequested", ({ requesterId, targetId }) =>
    notify({ type: "follow_request", recipientId: targetId, senderId: requesterId }),
  );
  // An answered or withdrawn request leaves nothing to answer on the target's screen.
  domainEvents.on("followRequestClosed", ({ requesterId, targetId }) =>
    closeFollowRequests(targetId, [requesterId]),
  );
  // Two listeners, so the target's list and the requesters' news do not wait on, or fail with, each other.
  domainEvents.on("followRequestsAccepted", ({ requesterIds, targetId }) =>
    closeFollowRequests(targetId, requesterIds, true),
  );
  domainEvents.on("followRequestsAccepted", async ({ requesterIds, targetId }) => {
    const stored = await storeNotificationForEach(db, {
      type: "follow_accepted",
      senderId: targetId,
      recipientIds: requesterIds,
    });
    for (const each of stored) announce(each);
  });
  domainEvents.on("postLiked", ({ postId, ownerId, actorId }) =>
    notify({ type: "like", recipientId: ownerId, senderId: actorId, postId }),
  );
  domainEvents.on("postCommented", ({ postId, ownerId, actorId, text, commentId }) =>
    notify({ type: "comment", recipientId: ownerId, senderId: actorId, postId, comment: text, commentId }),
  );
  // A deleted comment took its notification along (cascade): the post owner's open lists and badge drop it.
  domainEvents.on("commentDeleted", async ({ ownerId, removedNotifications }) => {
    if (removedNotifications.length === 0) return;
    changed(ownerId);
    io.to(rooms.user(ownerId)).emit("notificationsRemoved", {
      ids: removedNotifications,
      unreadCount: await countUnread(db, ownerId),
    });
  });
  domainEvents.on("postShared", ({ postId, ownerId, actorId }) =>
    notify({ type: "share", recipientId: ownerId, senderId: actorId, postId }),
  );

  return {
    /**
     * A page of the caller's notifications (spec §7 GET /notifications) as JSON text, kept on this node
     * until their notifications, a sender, a post shown or the caller's blocks change.
     */
    list(caller: Caller, query: { limit: number; cursor?: string | undefined }): Promise<string> {
      const key = `notifications:${caller.userId}:${query.limit}:${query.cursor ?? ""}`;
      return kept.through(
        key,
        async () => {
          const [rows, unreadCount] = await Promise.all([
            notificationsPage(db, caller.userId, query.limit + 1, decodeCursor(query.cursor)),
            countUnread(db, caller.userId),
          ]);
          const page = pageOf(rows, query.limit, (row) => row.notification);
          const answer: NotificationsPage = {
            notifications: page.rows.map(presentNotification),
            nextCursor: page.nextCursor,
            unreadCount,
          };
          return { body: JSON.stringify(answer), shows: shownIn(rows, caller.userId) };
        },
        caller.userId,
      );
    },

    /** Only the recipient may; anyone else's id is the same 404 as an unknown one. */
    async setRead(caller: Caller, id: string, read: boolean): Promise<NotificationReadResponse> {
      if (!(await setRead(db, caller.userId, id, read))) throw notFound("Notification not found");
      changed(caller.userId);
      const unreadCount = await countUnread(db, caller.userId);
      io.to(rooms.user(caller.userId)).emit("notificationsRead", { ids: [id], read, unreadCount });
      return { read, unreadCount };
    },

    async markAllRead(caller: Caller) {
      await markAllRead(db, caller.userId);
      changed(caller.userId);
      io.to(rooms.user(caller.userId)).emit("notificationsRead", { ids: "all", read: true, unreadCount: 0 });
      return { message: "All notifications marked as read", unreadCount: 0 };
    },
  };
}
