import type {
  Chat,
  ChatsResponse,
  createChatBody,
  editMessageBody,
  Message,
  MessagesPage,
} from "@flik/shared";
import type { z } from "zod";
import type { Db } from "../../db/database.js";
import type { Caller } from "../../platform/caller.js";
import { decodeCursor, pageOf } from "../../platform/cursor.js";
import type { DomainEvents } from "../../platform/domain-events.js";
import { forbidden, invalidField, notFound } from "../../platform/errors.js";
import type { KeptAnswers, Shown } from "../../platform/kept-answers.js";
import type { ChatEvents } from "./chats.events.js";
import {
  canChangeMessage,
  canLeave,
  canMessage,
  canRename,
  canRenameAs,
  canStartChatWith,
  cantMessageReason,
  cantWriteReason,
  canUseChat,
  canWriteIn,
  isRequestFor,
  keepsMessage,
  startsAccepted,
} from "./chats.policy.js";
import { type Participant, presentChat, presentMessage, presentMessageToEach } from "./chats.presenter.js";

import {
  acceptChat,
  type ChatRow,
  chatIdsOf,
  chatsOf,
  chatsWithListedMembers,
  clearChat,
  deleteMessage,
  findChat,
  findDirectChat,
  findMembership,
  findMessage,
  insertChat,
  lastMessagesAndUnreadForEach,
  lastMessagesOf,
  latestMessage,
  leaveGroup,
  type MessageRow,
  markSeen,
  memberIdsOf,
  membersAs,
  messagesPage,
  participantsOf,
  partnerIdsOf,
  renameGroup,
  restoreChat,
  shareAChat,
  unreadCountsOf,
  updateMessageText,
} from "./chats.queries.js";
import { createMessageSending } from "./chats.sending.js";

export type ChatsService = ReturnType<typeof createChatsService>;

/** The ids of the members who still have the message (chats.policy `keepsMessage`). */
const keptBy = (participants: Participant[], message: { createdAt: Date }) =>
  participants.filter((member) => keepsMessage(member, message)).map((member) => member.user.id);

/** What a list of chats shows its member: the chats they are in, each chat, its members and last sender. */
function shownInChats(list: Chat[], viewerId: string): Shown[] {
  const shows: Shown[] = [`chats:${viewerId}`, `member:${viewerId}`];
  for (const chat of list) {
    shows.push(`chat:${chat._id}`);
    for (const participant of chat.participants) shows.push(`member:${participant._id}`);
    if (chat.lastMessage) shows.push(`member:${chat.lastMessage.sender._id}`);
  }
  return shows;
}

/** The pair's one chat: the two ids sorted, so either member finds the same one. */
const directKeyOf = (a: string, b: string) => [a, b].sort().join(":");

export function createChatsService(deps: {
  db: Db;
  events: ChatEvents;
  domainEvents: DomainEvents;
  messagesPerMinute: number;
  messagesInFlight: number;
  /** Chat lists and messages kept on this node as their members were answered. */
  kept: KeptAnswers;
}) {
  const { db, events, kept } = deps;

  /**
   * A chat this node just changed (and the members whose list of chats changed with it): what it kept
   * of them is forgotten at once, before the database's announcement comes back.
   */
  function changed(chatId: string, memberIds: string[] = []) {
    kept.forget([`chat:${chatId}`, ...memberIds.map((memberId) => `chats:${memberId}` as const)]);
  }

  const sending = createMessageSending({ ...deps, acceptReply: acceptRequest, changed, firstMessage });

  /** Only members read or write a chat; to anyone else it does not exist (404, nothing leaked). */
  async function membership(caller: Caller, chatId: string) {
    const row = await findMembership(db, chatId, caller.userId);
    if (!row || !canUseChat(row.member)) throw notFound("Chat not found");
    return row;
  }

  /**
   * Chats as one member sees them, in three queries whatever their number (two when their participants
   * were just read).
   */
  async function present(rows: ChatRow[], viewerId: string, read?: Participant[]): Promise<Chat[]> {
    const ids = rows.map((chat) => chat.id);
    const [participants, lastMessages, unread] = await Promise.all([
      read ?? participantsOf(db, ids),
      lastMessagesOf(db, ids, viewerId),
      unreadCountsOf(db, viewerId, ids),
    ]);
    return rows.map((chat) =>
      presentChat(chat, viewerId, {
        participants: participants.filter((p) => p.chatId === chat.id),
        lastMessage: lastMessages.find((m) => m.message.chatId === chat.id),
        unreadCount: unread.get(chat.id) ?? 0,
      }),
    );
  }

  async function presentOne(chat: ChatRow, viewerId: string, participants?: Participant[]) {
    const [presented] = await present([chat], viewerId, participants);
    if (!presented) throw notFound("Chat not found");
    return presented;
  }

  /**
   * A group changed (a member left or was deleted, a new name): each member who has it on their list
   * gets it as they see it now. A fixed number of queries whatever the group's size.
   */
  async function tellListedMembers(chat: ChatRow, listed: string[], participants: Participant[]) {
    const { lastMessages, unread } = await lastMessagesAndUnreadForEach(db, chat.id, listed);
    for (const memberId of listed) {
      const presented = presentChat(chat, memberId, {
        participants,
        lastMessage: lastMessages.get(memberId),
        unreadCount: unread.get(memberId) ?? 0,
      });
      events.chatUpdated(presented, [memberId]);
    }
  }

  /**
   * A message the caller may change: in one of their chats (else 404), theirs (else 403); an edit only
   * in a chat that takes their messages (else 403: a block, or a request refused by the other's
   * setting). Unsending is always theirs to do.
   */
  async function ownMessage(caller: Caller, messageId: string, action: "edit" | "delete") {
    const row = await findMessage(db, messageId);
    const membership = row && (await findMembership(db, row.message.chatId, caller.userId));
    if (!row || !membership || !canUseChat(membership.member)) throw notFound("Message not found");
    if (!canChangeMessage(caller.userId, row.message))
      throw forbidden(`Only the sender can ${action} this message`);
    if (action === "edit" && !canWriteIn(membership)) throw forbidden(cantWriteReason(membership));
    return row;
  }

  /**
   * The members a chat is started with, each accepting it or not (a message request): all of them exist
   * (else 404) and each may be messaged by the caller (else 403: a block, or their setting, which a
   * member who accepted the caller's existing chat (`acceptedBy`) has already answered).
   */
  async function reachable(caller: Caller, ids: string[], acceptedBy: string[] = []) {
    const members = await membersAs(db, caller.userId, ids);
    if (members.length !== ids.length) throw notFound("Member not found");
    const refused = members.find(
      (member) => !canMessage(caller.userId, member, acceptedBy.includes(member.id)),
    );
    if (refused) throw forbidden(cantMessageReason(caller.userId, refused, { named: ids.length > 1 }));
    return [
      { userId: caller.userId, accepted: true },
      ...members.map((member) => ({ userId: member.id, accepted: startsAccepted(member) })),
    ];
  }

  /** The message as the caller sees it, and as each member who still has it does (an edit's event). */
  async function presentToMembers(row: MessageRow, viewerId: string) {
    const participants: Participant[] = await participantsOf(db, [row.message.chatId]);
    return {
      message: presentMessage(row, participants, viewerId),
      toEach: presentMessageToEach(row, participants, keptBy(participants, row.message)),
    };
  }

  async function createDirect(caller: Caller, userId: string) {
    if (!canStartChatWith(caller.userId, userId))
      throw invalidField("userId", "You cannot start a chat with yourself");
    const directKey = directKeyOf(caller.userId, userId);
    const existing = await findDirectChat(db, directKey);
    const participants = existing ? await participantsOf(db, [existing.id]) : [];
    const acceptedBy = participants.filter((p) => !isRequestFor(p)).map((p) => p.user.id);
    const members = await reachable(caller, [userId], acceptedBy);
    if (existing) {
      // Restoring changes only when the caller's messages start, not who is in the chat.
      await restoreChat(db, existing.id, caller.userId);
      changed(existing.id, [caller.userId]);
      return { chat: await presentOne(existing, caller.userId, participants), created: false };
    }
    // The other member hears of it with its first message (spec §10).
    const made = await insertChat(
      db,
      { isGroupChat: false, name: "", directKey, createdBy: caller.userId },
      members.map((member) => ({ ...member, reached: member.userId === caller.userId })),
    );
    if (made)
      changed(
        made.id,
        members.map((member) => member.userId),
      );
    // Made by a simultaneous call: theirs is the one, and the caller opened it.
    const chat = made ?? (await findDirectChat(db, directKey));
    if (!chat) throw new Error("one-to-one chat vanished while being made");
    if (!made) {
      await restoreChat(db, chat.id, caller.userId);
      changed(chat.id, [caller.userId]);
    }
    return { chat: await presentOne(chat, caller.userId), created: Boolean(made) };
  }

  async function createGroup(caller: Caller, input: { userIds: string[]; name: string }) {
    const others = [...new Set(input.userIds)].filter((id) => id !== caller.userId);
    // The schema's own refusal of too short a list, for one that names a member twice or the caller.
    if (others.length < 2) throw invalidField("userIds", "A group needs at least two other members");
    const members = await reachable(caller, others);
    const made = await insertChat(
      db,
      { isGroupChat: true, name: input.name, directKey: null, createdBy: caller.userId },
      members.map((member) => ({ ...member, reached: true })),
    );
    if (!made) throw new Error("group chat insert returned no row");
    changed(
      made.id,
      members.map((member) => member.userId),
    );
    return { chat: await presentOne(made, caller.userId), created: true, members };
  }

  /**
   * Tells the members a chat just reached (`others`) of it, as it was before any message: in their inbox
   * or, from someone they don't follow, in their requests (and then sharing no presence yet); those who
   * accepted it and `fromId` hear which of them are online.
   */
  async function announce(chat: Chat, fromId: string, others: { userId: string; accepted: boolean }[]) {
    const accepted = others.filter((member) => member.accepted).map((member) => member.userId);
    const waiting = others.filter((member) => !member.accepted).map((member) => member.userId);
    const before = {
      ...chat,
      lastMessage: null,
      unreadCount: 0,
      updatedAt: chat.createdAt,
      isRequest: false,
    };
    events.chatUpdated(before, accepted);
    events.chatUpdated({ ...before, isRequest: true }, waiting);
    await events.partnersOnline([fromId, ...accepted]);
  }

  /**
   * A one-to-one chat's first message reached its other member (`reachedIds`), before its `newMessage`
   * goes out: they hear of the chat now as a group's members do when it is made.
   */
  async function firstMessage(chatId: string, senderId: string, reachedIds: string[]) {
    const [row, participants] = await Promise.all([findChat(db, chatId), participantsOf(db, [chatId])]);
    if (!row) return;
    const chat = presentChat(row, senderId, { participants, lastMessage: undefined, unreadCount: 0 });
    const others = participants
      .filter((p) => reachedIds.includes(p.user.id))
      .map((p) => ({ userId: p.user.id, accepted: !isRequestFor(p) }));
    await announce(chat, senderId, others);
  }

  /**
   * The member accepts a chat waiting in their requests (or one that had not reached them yet, opened by
   * its id): their other tabs move it to the inbox, the others now see what the member has read, and
   * presence is shared. Answers the chat as the member now sees it, or nothing when it was not waiting
   * (accepting twice is a no-op).
   */
  async function acceptRequest(userId: string, chatId: string): Promise<Chat | undefined> {
    const chat = await acceptChat(db, chatId, userId);
    if (!chat) return undefined;
    changed(chatId, [userId]);
    const participants = await participantsOf(db, [chatId]);
    const own = participants.find((p) => p.user.id === userId);
    if (!own) return undefined;
    const accepted = await presentOne(chat, userId, participants);
    events.chatUpdated(accepted, [userId]);
    events.messagesSeen(
      { chatId, userId, seenAt: own.lastReadAt.toISOString() },
      participants.map((p) => p.user.id),
    );
    await events.partnersOnline(participants.filter((p) => !isRequestFor(p)).map((p) => p.user.id));
    return accepted;
  }

  // A member's account was deleted (their rows gone with it): each partner of a one-to-one chat drops
  // the chat, which went too, and each group's members who list it see it without them, as after a leave.
  deps.domainEvents.on("memberDeleted", async ({ directChats, groupChatIds }) => {
    for (const { chatId, memberId } of directChats) {
      changed(chatId, [memberId]);
      events.chatDeleted(chatId, memberId);
    }
    const groups = (await chatsWithListedMembers(db, groupChatIds)).filter(({ listed }) => listed.length > 0);
    for (const { chat, listed } of groups) changed(chat.id, listed);
    const participants = await participantsOf(
      db,
      groups.map(({ chat }) => chat.id),
    );
    // One group at a time: a member of hundreds of groups must not take the whole pool at once.
    for (const { chat, listed } of groups) {
      await tellListedMembers(
        chat,
        listed,
        participants.filter((p) => p.chatId === chat.id),
      );
    }
  });

  return {
    /**
     * The caller's chats (spec §7 GET /chats) as JSON text, kept on this node until one of them, their
     * members or the chats the caller is in change.
     */
    list(caller: Caller): Promise<string> {
      return kept.through(
        `chats:${caller.userId}`,
        async () => {
          // A chat the member deleted is not listed, but a new message in it brings it back.
          const [rows, memberOf] = await Promise.all([
            chatsOf(db, caller.userId),
            chatIdsOf(db, caller.userId),
          ]);
          const list = await present(
            rows.map((row) => row.chat),
            caller.userId,
          );
          const answer: ChatsResponse = { chats: list };
          const shows = shownInChats(list, caller.userId);
          for (const chatId of memberOf) shows.push(`chat:${chatId}`);
          return { body: JSON.stringify(answer), shows };
        },
        caller.userId,
      );
    },

    /**
     * One-to-one (the existing chat if there is one) or a group. A group's members hear of it at once;
     * the other member of a one-to-one chat only with its first message (spec §10): until then it is not
     * on their list, counts nowhere for them and shares no presence.
     */
    async create(caller: Caller, input: z.output<typeof createChatBody>) {
      if (input.userId) return createDirect(caller, input.userId);
      const { chat, members } = await createGroup(caller, {
        userIds: input.userIds ?? [],
        name: input.name ?? "",
      });
      await announce(
        chat,
        caller.userId,
        members.filter((member) => member.userId !== caller.userId),
      );
      return { chat, created: true };
    },

    /** POST /chats/{id}/accept: a message request joins the member's inbox (accepting twice is fine). */
    async accept(caller: Caller, chatId: string): Promise<Chat> {
      const { chat } = await membership(caller, chatId);
      return (await acceptRequest(caller.userId, chatId)) ?? presentOne(chat, caller.userId);
    },

    async remove(caller: Caller, chatId: string) {
      await membership(caller, chatId);
      await clearChat(db, chatId, caller.userId);
      changed(chatId, [caller.userId]);
      events.chatDeleted(chatId, caller.userId);
    },

    /**
     * POST /chats/{id}/leave (an extension): the member leaves a group (a one-to-one chat is 400). They
     * hear nothing more of it: off their list, out of its room on every node; the members who have it
     * on their list get it as they see it now, without them. The last member out deletes it.
     */
    async leave(caller: Caller, chatId: string) {
      const { chat } = await membership(caller, chatId);
      if (!canLeave(chat)) throw invalidField("id", "Only a group can be left");
      const remaining = await leaveGroup(db, chatId, caller.userId);
      if (!remaining) throw notFound("Chat not found");
      changed(chatId, [caller.userId, ...remaining.map((member) => member.userId)]);
      events.leftChat(chatId, caller.userId);
      const listed = remaining.filter((member) => member.listed).map((member) => member.userId);
      if (listed.length === 0) return;
      await tellListedMembers(chat, listed, await participantsOf(db, [chatId]));
    },

    /**
     * PATCH /chats/{id} (an extension): any member renames a group (a one-to-one chat is 400). The members
     * who have it on their list hear it as each of them sees it, as when a member leaves: one who deleted
     * it does not get it back for a new name. The same name again changes nothing and tells nobody.
     */
    async rename(caller: Caller, chatId: string, name: string): Promise<Chat> {
      const { chat, member } = await membership(caller, chatId);
      if (!canRename(chat)) throw invalidField("id", "Only a group can be renamed");
      if (!canRenameAs(member)) throw forbidden("Accept the group to rename it");
      if (chat.name === name) return presentOne(chat, caller.userId);
      const renamed = await renameGroup(db, chatId, caller.userId, name);
      // Left (or deleted by the last one out) since the membership was read.
      if (!renamed) throw notFound("Chat not found");
      changed(chatId);
      const participants = await participantsOf(db, [chatId]);
      const [own] = await Promise.all([
        presentOne(renamed.chat, caller.userId, participants),
        tellListedMembers(renamed.chat, renamed.listed, participants),
      ]);
      return own;
    },

    /**
     * A page of a chat's messages (spec §7) as JSON text, kept on this node until the chat (its
     * messages, its members' reading) or a member changes. Only its members may read it (else 404).
     */
    messages(caller: Caller, chatId: string, query: { limit: number; cursor?: string | undefined }) {
      const key = `messages:${caller.userId}:${chatId}:${query.limit}:${query.cursor ?? ""}`;
      return kept.through(
        key,
        async () => {
          await membership(caller, chatId);
          const [rows, participants] = await Promise.all([
            messagesPage(db, chatId, caller.userId, query.limit + 1, decodeCursor(query.cursor)),
            participantsOf(db, [chatId]),
          ]);
          const page = pageOf(rows, query.limit, (row) => row.message);
          const answer: MessagesPage = {
            messages: page.rows.reverse().map((row) => presentMessage(row, participants, caller.userId)),
            nextCursor: page.nextCursor,
          };
          const shows: Shown[] = [`chat:${chatId}`, `member:${caller.userId}`];
          for (const { user } of participants) shows.push(`member:${user.id}`);
          for (const { sender } of rows) shows.push(`member:${sender.id}`);
          return { body: JSON.stringify(answer), shows };
        },
        caller.userId,
      );
    },

    send: sending.send,

    async edit(caller: Caller, messageId: string, input: z.output<typeof editMessageBody>): Promise<Message> {
      const { message: own } = await ownMessage(caller, messageId, "edit");
      await updateMessageText(db, messageId, input.text);
      changed(own.chatId);
      const row = await findMessage(db, messageId);
      if (!row) throw notFound("Message not found");
      const { message, toEach } = await presentToMembers(row, caller.userId);
      for (const each of toEach) events.messageEdited(each.message, each.memberIds);
      return message;
    },

    async deleteMessage(caller: Caller, messageId: string) {
      const { message } = await ownMessage(caller, messageId, "delete");
      const { deleted, unlisted } = await deleteMessage(db, message.chatId, messageId);
      // Unsent at the same moment by another request of the sender's, which told everyone.
      if (!deleted) return;
      changed(message.chatId);
      // A member who had deleted the chat, and whom this message alone brought it back to: it goes again.
      for (const userId of unlisted) events.chatDeleted(message.chatId, userId);
      const [last, participants] = await Promise.all([
        latestMessage(db, message.chatId),
        participantsOf(db, [message.chatId]),
      ]);
      // Only the members who still had it hear of it, each with the last message they still have: none,
      // for one who cleared the chat since.
      const hadIt = keptBy(participants, message);
      const haveLast = last ? keptBy(participants, last.message) : [];
      const toEach = [
        ...(last ? presentMessageToEach(last, participants, haveLast) : []),
        { message: null, memberIds: hadIt.filter((id) => !haveLast.includes(id)) },
      ];
      for (const each of toEach)
        events.messageDeleted(
          { chatId: message.chatId, messageId, lastMessage: each.message },
          each.memberIds.filter((id) => hadIt.includes(id) && !unlisted.includes(id)),
        );
    },

    /** Spec §4: opening a chat or seeing its messages resets its unread count; the others see "seen". */
    async markSeen(caller: Caller, chatId: string) {
      const { member } = await membership(caller, chatId);
      const seenAt = (await markSeen(db, chatId, caller.userId)) ?? new Date();
      changed(chatId);
      const event = { chatId, userId: caller.userId, seenAt: seenAt.toISOString() };
      // Reading a message request tells the sender nothing until it is accepted; the reader's own other
      // tabs hear of it either way.
      events.messagesSeen(event, isRequestFor(member) ? [caller.userId] : await memberIdsOf(db, chatId));
      return event;
    },

    async unreadCount(caller: Caller) {
      const counts = await unreadCountsOf(db, caller.userId);
      return [...counts.values()].reduce((sum, count) => sum + count, 0);
    },

    /**
     * Whether the caller may join the chat's room (typing reaches only members who joined): members
     * who accepted it; a request shares no typing either way until it is accepted.
     */
    async canJoin(caller: Caller, chatId: string) {
      const member = (await findMembership(db, chatId, caller.userId))?.member;
      return canUseChat(member) && member !== undefined && !isRequestFor(member);
    },

    partnerIdsOf: (userId: string) => partnerIdsOf(db, userId),
    shareAChat: (userId: string, otherId: string) => shareAChat(db, userId, otherId),
  };
}
