import {
  type Chat,
  type ChatParticipant,
  chatTitle,
  hasVisibleText,
  leadingText,
  MESSAGE_MAX_LENGTH,
} from "@flik/shared";
import { limitText } from "../../components/limit-notice";
import { serverNow } from "../../lib/server-clock";

/** Why a full message box takes no more. */
export const MESSAGE_LIMIT_TEXT = limitText("Messages", MESSAGE_MAX_LENGTH);

const DAY = 24 * 60 * 60 * 1000;

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** A message's clock time: "2:05 PM". */
export function messageTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return date.toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" });
}

/** The list's compact time: today's clock time, "Yesterday", a weekday this week, else a date. */
export function chatListTime(iso: string, now = new Date(serverNow())): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const days = Math.round((startOfDay(now) - startOfDay(date)) / DAY);
  if (days <= 0) return messageTime(iso);
  if (days === 1) return "Yesterday";
  if (days < 7) return date.toLocaleDateString("en-US", { weekday: "short" });
  return date.toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: "numeric" }),
  });
}

/** The separator between days in a conversation: "Today", "Yesterday", "Monday, June 2". */
export function dayLabel(iso: string, now = new Date(serverNow())): string {
  const date = new Date(iso);
  const days = Math.round((startOfDay(now) - startOfDay(date)) / DAY);
  if (days <= 0) return "Today";
  if (days === 1) return "Yesterday";
  return date.toLocaleDateString("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: "numeric" }),
  });
}

export function sameDay(a: string, b: string): boolean {
  return startOfDay(new Date(a)) === startOfDay(new Date(b));
}

/** The last message as the list shows it: "You: …" for the member's own, "alice: …" in groups. */
export function lastMessagePreview(chat: Chat, viewerId: string): string {
  const last = chat.lastMessage;
  if (!last) return chat.isGroupChat ? "Group created" : "No messages yet";
  const text = previewOf(last.text);
  if (last.sender._id === viewerId) return `You: ${text}`;
  return chat.isGroupChat ? `${last.sender.username}: ${text}` : text;
}

/** How much of a message a chat's row shows: more than a row's width, less than a screen reader reads on. */
const PREVIEW_LENGTH = 100;

/**
 * A message as its chat's row shows it: on one line, its start only. The row cuts it to its width for
 * the eye; what it holds is also the row link's name, which a screen reader would read whole.
 */
function previewOf(text: string): string {
  const oneLine = text.replace(/\s+/g, " ").trim();
  const start = leadingText(oneLine, PREVIEW_LENGTH);
  return start === oneLine ? oneLine : `${start.trimEnd()}…`;
}

/**
 * Whether a chat is one a search of the list finds (`term` lower-case): by its title, or by the name or
 * username of anyone else in it, as its header names a partner by their full name.
 */
export function chatMatches(chat: Chat, viewerId: string, term: string): boolean {
  const found = (text: string) => text.toLowerCase().includes(term);
  return (
    found(chatTitle(chat, viewerId)) ||
    chat.participants.some(
      (participant) =>
        participant._id !== viewerId && (found(participant.username) || found(participant.fullName)),
    )
  );
}

/** The member a one-to-one chat is with; undefined for a group. */
export function chatPartner(chat: Chat, viewerId: string) {
  if (chat.isGroupChat) return undefined;
  return chat.participants.find((p) => p._id !== viewerId) ?? chat.participants[0];
}

/** A group's size as its header and intro show it: "3 members", or "1 member" once the others left. */
export function membersLabel(chat: Pick<Chat, "participants">): string {
  const count = chat.participants.length;
  return count === 1 ? "1 member" : `${count} members`;
}

/**
 * What a one-to-one chat calls its partner (the header, the intro), as Instagram does: the full name, or
 * the username for a member whose full name shows nothing or is the username again. `named` says which.
 */
export function partnerName(partner: ChatParticipant): { name: string; named: boolean } {
  const fullName = partner.fullName.trim();
  const named = hasVisibleText(fullName) && fullName !== partner.username;
  return { name: named ? fullName : partner.username, named };
}
