import type { Message, sendMessageBody } from "@flik/shared";
import { v7 as timeOrderedId } from "uuid";
import type { z } from "zod";
import type { Db } from "../../db/database.js";
import { pgErrorOf } from "../../db/database.js";
import { createAdmission } from "../../platform/admission.js";
import { createBatcher } from "../../platform/batcher.js";
import type { Caller } from "../../platform/caller.js";
import type { DomainEvents } from "../../platform/domain-events.js";
import { conflict, forbidden, notFound, serviceUnavailable, tooManyRequests } from "../../platform/errors.js";
import { createRateWindow } from "../../platform/rate-window.js";
import type { ChatEvents } from "./chats.events.js";
import { cantWriteReason, canUseChat, canWriteIn, isRequestFor } from "./chats.policy.js";
import { type Participant, presentMessage, presentMessageToEach } from "./chats.presenter.js";
import {
  insertMessages,
  type MessageRow,
  messagesByClientId,
  type NewMessage,
  sendersOf,
} from "./chats.queries.js";

/** The most sends one statement stores: under any load a batch stays a short statement. */
const BATCH_SIZE = 200;
const DEADLOCK_DETECTED = "40P01";
const DEADLOCK_ATTEMPTS = 3;

interface Send {
  senderId: string;
  chatId: string;
  text: string;
  clientId: string | null;
}

/** A send that passed its checks: the message to store, or the earlier send of its clientId it repeats. */
interface Accepted {
  send: Send;
  members: Member[];
  first: NewMessage;
}

/**
 * A chat's member as a send is checked against: whether a block or the other's setting closed their
 * one-to-one chat, and whether the chat has reached them (a one-to-one chat's other member before its
 * first message has not).
 */
type Member = Participant & { blocked: boolean; refused: boolean; reached: boolean };

/**
 * A send's outcome: its message; when it was newly stored (not a repeated clientId), who has the chat
 * in their inbox (not waiting in their requests), to tell; and whether the sender replied to a request
 * (which accepts it).
 */
interface Sent {
  message: Message;
  newlyStoredFor: string[] | null;
  repliedToRequest: boolean;
}

/**
 * Sending messages by group commit: the sends that arrive while a batch is being stored are stored
 * together by the next, at two statements a batch (the chats' members, then every message) whatever
 * its size, where one by one they cost two each. Each send is answered as if it had been sent alone,
 * in the order sent: its own 404, 429 or 400, the first message of a repeated clientId (also within
 * one batch), one `newMessage` per stored message.
 */
export function createMessageSending(deps: {
  db: Db;
  events: ChatEvents;
  domainEvents: DomainEvents;
  messagesPerMinute: number;
  messagesInFlight: number;
  /** The sender replied in a chat waiting in their requests: replying accepts it. */
  acceptReply: (userId: string, chatId: string) => Promise<unknown>;
  /** Messages were stored in the chat here (what this node kept of it is forgotten at once). */
  changed: (chatId: string) => void;
  /**
   * The first message of a one-to-one chat was stored, reaching members who had not heard of the chat:
   * they are told of it before the message goes out.
   */
  firstMessage: (chatId: string, senderId: string, reachedIds: string[]) => Promise<void>;
}) {
  const { db, events, domainEvents } = deps;
  const allowance = createRateWindow(deps.messagesPerMinute);
  // Waiting sends count as in flight: past the limit a send is refused at once, never queued.
  const storing = createAdmission(deps.messagesInFlight);
  const busy = () => serviceUnavailable("Flik is busy right now. Please try again in a moment.");
  const batcher = createBatcher<Send, Sent>({ maxSize: BATCH_SIZE, store: storeBatch });

  async function storeBatch(sends: Send[]): Promise<PromiseSettledResult<Sent>[]> {
    const membersOf = groupByChat(await sendersOf(db, [...new Set(sends.map((send) => send.chatId))]));
    const checked = check(sends, membersOf);
    const toStore = [...new Set(checked.flatMap((entry) => (entry instanceof Error ? [] : [entry.first])))];
    const stored = await storeEach(toStore);
    for (const chatId of new Set(toStore.map((message) => message.chatId))) deps.changed(chatId);
    const repeated = await firstMessagesOf(toStore.filter((message) => !stored.has(message.id)));
    await announceReached(toStore, stored, membersOf);
    const announced = new Set<NewMessage>();
    return checked.map((entry) => {
      if (entry instanceof Error) return { status: "rejected", reason: entry };
      const { send, members, first } = entry;
      const row = stored.get(first.id) ?? repeated.get(keyOf(first));
      if (row instanceof Error) return { status: "rejected", reason: row };
      // Neither stored nor found: its sender deleted the message that held the clientId in between.
      if (!row)
        return {
          status: "rejected",
          reason: conflict("That message was just deleted. Please send it again."),
        };
      const message = presentMessage(row, members, send.senderId);
      const memberIds = members.map((member) => member.user.id);
      const own = members.find((member) => member.user.id === send.senderId);
      const repliedToRequest = own !== undefined && isRequestFor(own);
      if (stored.get(first.id) === row && !announced.has(first)) {
        announced.add(first);
        for (const each of presentMessageToEach(row, members, memberIds))
          events.newMessage(each.message, each.memberIds);
        const inbox = members.filter((member) => !isRequestFor(member)).map((member) => member.user.id);
        return { status: "fulfilled", value: { message, newlyStoredFor: inbox, repliedToRequest } };
      }
      return { status: "fulfilled", value: { message, newlyStoredFor: null, repliedToRequest } };
    });
  }

  /**
   * The chats these newly stored messages reached members in (its first message, read as the batch
   * began): each told once, by its first sender, before any `newMessage` of the batch goes out.
   */
  async function announceReached(
    toStore: NewMessage[],
    stored: Map<string, MessageRow | Error>,
    membersOf: Map<string, Member[]>,
  ) {
    const told = new Set<string>();
    const announcements: Promise<void>[] = [];
    for (const message of toStore) {
      const row = stored.get(message.id);
      if (told.has(message.chatId) || !row || row instanceof Error) continue;
      const reachedIds = (membersOf.get(message.chatId) ?? [])
        .filter((member) => !member.reached)
        .map((member) => member.user.id);
      if (reachedIds.length === 0) continue;
      told.add(message.chatId);
      announcements.push(deps.firstMessage(message.chatId, message.senderId, reachedIds));
    }
    await Promise.all(announcements);
  }

  /**
   * Each send's checks in the order sent, as if alone: a member of the chat (else 404, nothing leaked),
   * not in a one-to-one chat a block or the other's setting closed (else 403), within the sender's
   * allowance (else 429). A
   * clientId the batch already holds for this chat and sender shares that first message (when that one is
   * refused, so is the copy).
   */
  function check(sends: Send[], membersOf: Map<string, Member[]>): (Accepted | Error)[] {
    const firsts = new Map<string, NewMessage>();
    return sends.map((send) => {
      const members = membersOf.get(send.chatId) ?? [];
      const own = members.find((p) => p.user.id === send.senderId);
      if (!own || !canUseChat({ userId: own.user.id })) return notFound("Chat not found");
      if (!canWriteIn(own)) return forbidden(cantWriteReason(own));
      if (!allowance.take(send.senderId))
        return tooManyRequests("You're sending messages too fast. Please wait a moment.");
      // Messages stored together share one time (the statement's), and a chat lists by (time, id): ids
      // rising in the order sent (UUIDv7, monotonic in this process) keep that order, also across
      // batches stored within one millisecond.
      const message: NewMessage = { id: timeOrderedId(), ...send };
      const key = keyOf(message);
      const first = firsts.get(key) ?? message;
      firsts.set(key, first);
      return { send, members, first };
    });
  }

  /**
   * Stores the messages in one statement. If the database refuses one of them (a row it cannot hold),
   * the halves are stored apart, down to that message alone: its error is its own, the others are
   * stored, still in the order sent. Any other failure fails the whole batch.
   */
  async function storeEach(messages: NewMessage[]): Promise<Map<string, MessageRow | Error>> {
    try {
      const rows = await insertWithRetry(messages);
      return new Map(rows.map((row) => [row.message.id, row]));
    } catch (error) {
      if (!refusedRow(error)) throw error;
      const [only] = messages;
      if (messages.length === 1 && only)
        return new Map([[only.id, error instanceof Error ? error : new Error(String(error))]]);
      const middle = Math.ceil(messages.length / 2);
      const left = await storeEach(messages.slice(0, middle));
      const right = await storeEach(messages.slice(middle));
      return new Map([...left, ...right]);
    }
  }

  /**
   * Another process's batch may lock the same chats in another order: PostgreSQL then aborts one of the
   * two statements as a whole (nothing of it is stored), so it is safe to run again.
   */
  async function insertWithRetry(messages: NewMessage[], attempt = 1): Promise<MessageRow[]> {
    try {
      return await insertMessages(db, messages);
    } catch (error) {
      if (pgErrorOf(error)?.code !== DEADLOCK_DETECTED || attempt >= DEADLOCK_ATTEMPTS) throw error;
      return insertWithRetry(messages, attempt + 1);
    }
  }

  /** The messages stored earlier with the clientIds of these retries, by chat, sender and clientId. */
  async function firstMessagesOf(retries: NewMessage[]): Promise<Map<string, MessageRow>> {
    const keys = retries.flatMap(({ chatId, senderId, clientId }) =>
      clientId ? [{ chatId, senderId, clientId }] : [],
    );
    const rows = await messagesByClientId(db, keys);
    return new Map(rows.map((row) => [keyOf(row.message), row]));
  }

  return {
    /**
     * Stored before it is answered; the same clientId twice stores and announces one message. Other
     * features hear of a new message (messageSent) before it is answered, outside the batch, so what
     * they do never holds up the next batch.
     */
    async send(caller: Caller, chatId: string, input: z.output<typeof sendMessageBody>): Promise<Message> {
      const { message, newlyStoredFor, repliedToRequest } = await storing.run(
        () =>
          batcher.add({
            senderId: caller.userId,
            chatId,
            text: input.text,
            clientId: input.clientId ?? null,
          }),
        busy,
      );
      if (repliedToRequest) await deps.acceptReply(caller.userId, chatId);
      if (newlyStoredFor)
        await domainEvents.publish("messageSent", {
          messageId: message._id,
          chatId,
          senderId: caller.userId,
          memberIds: newlyStoredFor,
          sentAt: new Date(message.createdAt),
        });
      return message;
    },
  };
}

/**
 * Where a message was sent, by whom and under which clientId: a retry has the same key (null clientIds
 * never match); the same clientId in another chat is another message.
 */
const keyOf = (message: { id: string; chatId: string; senderId: string; clientId: string | null }) =>
  message.clientId === null
    ? `id:${message.id}`
    : `${message.chatId}\u0000${message.senderId}\u0000${message.clientId}`;

function groupByChat(participants: Member[]) {
  const byChat = new Map<string, Member[]>();
  for (const participant of participants) {
    const members = byChat.get(participant.chatId);
    if (members) members.push(participant);
    else byChat.set(participant.chatId, [participant]);
  }
  return byChat;
}

/**
 * The database refused a row (a broken constraint, or data it cannot hold such as a NUL character),
 * rather than the statement failing as a whole (a lost connection).
 */
const refusedRow = (error: unknown) => /^2[23]/.test(pgErrorOf(error)?.code ?? "");
