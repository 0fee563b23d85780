import { type Chat, chatTitle } from "@flik/shared";
import { useId } from "react";
import { Link } from "react-router";
import { CountBadge } from "../../../components/badge";
import { TrashIcon } from "../../../components/icons";
import { chatListTime, chatPartner, lastMessagePreview } from "../chat-format";
import { useIsOnline } from "../state/presence";
import { ChatAvatar } from "./chat-avatar";

interface ChatRowProps {
  chat: Chat;
  viewerId: string;
  selected: boolean;
  onDelete: (chat: Chat) => void;
}

/** Where a pointer can hover, the delete button takes the place of the time and badge it would cover. */
const hideUnderAction = "[@media(hover:hover)]:group-hover:invisible";

/** One chat in the list (spec §2): picture, name, last message and time, unread badge, online dot, delete. */
export function ChatRow({ chat, viewerId, selected, onDelete }: ChatRowProps) {
  const titleId = useId();
  const title = chatTitle(chat, viewerId);
  const online = useIsOnline(chatPartner(chat, viewerId)?._id);
  const unread = chat.unreadCount;

  return (
    <li className="group relative">
      <Link
        to={`/chat?c=${encodeURIComponent(chat._id)}`}
        state={{ fromList: true }}
        aria-current={selected ? "page" : undefined}
        className={`flex items-center gap-3 rounded-2xl px-3 py-2.5 transition [@media(hover:none)]:pr-14 ${
          selected ? "bg-fuchsia-50" : "hover:bg-zinc-50"
        }`}
      >
        <ChatAvatar chat={chat} viewerId={viewerId} />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span
              id={titleId}
              className={`truncate text-[15px] text-zinc-900 ${unread > 0 ? "font-bold" : "font-semibold"}`}
            >
              {title}
            </span>
            {online && <span className="sr-only">Online</span>}
            <span
              className={`shrink-0 text-xs tabular-nums ${hideUnderAction} ${unread > 0 ? "font-semibold text-fuchsia-700" : "text-zinc-500"}`}
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
            <CountBadge count={unread} className={`shrink-0 ring-0 ${hideUnderAction}`} />
            {unread > 0 && <span className="sr-only">{unread} unread</span>}
          </span>
        </span>
      </Link>
      <button
        type="button"
        aria-label="Delete chat"
        aria-describedby={titleId}
        onClick={() => onDelete(chat)}
        className="absolute top-1/2 right-2.5 flex size-9 -translate-y-1/2 items-center justify-center rounded-full bg-white text-zinc-500 opacity-0 shadow-sm ring-1 ring-zinc-200 transition group-hover:opacity-100 hover:text-red-600 focus-visible:opacity-100 [@media(hover:none)]:opacity-100"
      >
        <TrashIcon className="size-4" />
      </button>
    </li>
  );
}
