import { type Chat, chatTitle } from "@flik/shared";
import { type Ref, useId } from "react";
import { Link } from "react-router";
import { CountBadge } from "../../../components/badge";
import { chatListTime, chatPartner, lastMessagePreview } from "../chat-format";
import { chatPath } from "../chat-location";
import { useIsOnline } from "../state/presence";
import { ChatAvatar } from "./chat-avatar";
import { ChatOptionsMenu } from "./chat-options-menu";

/** What the list's roving focus hands each row's link. */
export interface RowFocusProps {
  ref: Ref<HTMLAnchorElement>;
  tabIndex: number;
}

/** Where a pointer can hover, an idle row keeps its ⋯ out of sight until hovered or focused. */
const revealOnHover =
  "[@media(hover:hover)]:opacity-0 [@media(hover:hover)]:group-hover:opacity-100 [@media(hover:hover)]:focus-within:opacity-100";

interface ChatRowProps {
  chat: Chat;
  viewerId: string;
  selected: boolean;
  focus: RowFocusProps;
  onDelete: (chat: Chat) => void;
  onLeave?: (chat: Chat) => void;
}

/**
 * One chat in the list (spec §2): picture, name, last message and time, unread badge, online dot, and
 * its ⋯ menu with Delete chat (and Leave group, for a group). The menu has a column of its own, so it never covers the time or the
 * message; where a pointer can hover it shows on hover or focus, on touch screens always.
 */
export function ChatRow({ chat, viewerId, selected, focus, onDelete, onLeave }: ChatRowProps) {
  const titleId = useId();
  const title = chatTitle(chat, viewerId);
  const online = useIsOnline(chatPartner(chat, viewerId)?._id);
  const unread = chat.unreadCount;

  return (
    <li
      className={`group flex items-center rounded-2xl pr-1 transition ${selected ? "bg-fuchsia-50" : "hover:bg-zinc-50"}`}
    >
      <Link
        {...focus}
        to={chatPath(chat._id)}
        state={{ fromList: true }}
        aria-current={selected ? "page" : undefined}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-2xl py-2.5 pl-3"
      >
        <ChatAvatar chat={chat} viewerId={viewerId} />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span
              id={titleId}
              title={title}
              className={`truncate text-[15px] text-zinc-900 ${unread > 0 ? "font-bold" : "font-semibold"}`}
            >
              {title}
            </span>
            {online && <span className="sr-only">Online</span>}
            <span
              className={`shrink-0 text-xs tabular-nums ${unread > 0 ? "font-semibold text-fuchsia-700" : "text-zinc-500"}`}
            >
              {chatListTime(chat.lastMessage?.createdAt ?? chat.updatedAt)}
            </span>
          </span>
          <span className="mt-0.5 flex items-center justify-between gap-2">
            <span
              className={`truncate text-sm ${unread > 0 ? "font-medium text-zinc-800" : "text-zinc-500"}`}
            >
              {lastMessagePreview(chat, viewerId)}
            </span>
            <CountBadge count={unread} ring="" className="shrink-0" />
            {unread > 0 && <span className="sr-only">{unread} unread</span>}
          </span>
        </span>
      </Link>
      <ChatOptionsMenu
        label="More options"
        describedBy={titleId}
        onDelete={() => onDelete(chat)}
        onLeave={chat.isGroupChat && onLeave ? () => onLeave(chat) : undefined}
        tabIndex={focus.tabIndex}
        className={`ml-1 shrink-0 transition-opacity ${selected ? "" : revealOnHover}`}
      />
    </li>
  );
}
