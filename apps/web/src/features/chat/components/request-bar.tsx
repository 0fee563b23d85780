import { type Chat, chatTitle } from "@flik/shared";
import { buttonStyles } from "../../../components/button-styles";

interface RequestBarProps {
  chat: Chat;
  viewerId: string;
  accepting: boolean;
  onAccept: () => void;
  onDelete: () => void;
  /** One-to-one requests only: blocks the member who sent it. */
  onBlock?: () => void;
}

/**
 * In place of the send box while a chat is a message request (issue 16): who wants to talk, that
 * reading it tells them nothing, and the three answers Instagram gives (accept, delete, block).
 */
export function RequestBar({ chat, viewerId, accepting, onAccept, onDelete, onBlock }: RequestBarProps) {
  const title = chatTitle(chat, viewerId);
  return (
    <section
      aria-label="Message request"
      className="border-t border-zinc-200/80 bg-white px-4 pt-4 pb-[max(1rem,env(safe-area-inset-bottom))]"
    >
      <p className="text-center text-sm font-semibold text-zinc-900">
        {chat.isGroupChat ? `You were added to ${title}` : `${title} wants to send you a message`}
      </p>
      <p className="mx-auto mt-1 max-w-sm text-center text-xs text-zinc-600">
        They won't know you've seen their messages until you accept.
      </p>
      <div className="mx-auto mt-3 flex max-w-sm gap-2">
        {onBlock && (
          <button type="button" onClick={onBlock} className={`${buttonStyles.dangerOutline} flex-1 px-3`}>
            Block
          </button>
        )}
        <button type="button" onClick={onDelete} className={`${buttonStyles.dangerOutline} flex-1 px-3`}>
          Delete
        </button>
        <button
          type="button"
          onClick={onAccept}
          disabled={accepting}
          className={`${buttonStyles.primary} flex-1 px-3`}
        >
          {accepting ? "Accepting..." : "Accept"}
        </button>
      </div>
    </section>
  );
}
