import { type Chat, type ChatParticipant, chatTitle } from "@flik/shared";
import { useId } from "react";
import { useMediaQuery } from "../../../lib/use-media-query";
import { chatPartner, membersLabel, partnerName } from "../chat-format";
import { useIsOnline } from "../state/presence";
import { ChatAvatar } from "./chat-avatar";
import { ChatOptionsMenu } from "./chat-options-menu";
import { BackToChatsButton } from "./chat-states";

/** Tailwind's `md`, where chat-screen shows the list beside the open chat. */
const BESIDE_THE_LIST_QUERY = "(min-width: 768px)";

interface ConversationHeaderProps {
  chat: Chat;
  viewerId: string;
  onBack: () => void;
  onDelete: () => void;
  /** Offered in groups. */
  onRename?: () => void;
  /** Offered in groups. */
  onLeave?: () => void;
  /** Offered in one-to-one chats not yet blocked. */
  onBlock?: () => void;
}

/**
 * The chat's name and state, its options (Rename group, Delete chat, Block, Leave group); on a phone, the
 * way back to the list.
 */
export function ConversationHeader({
  chat,
  viewerId,
  onBack,
  onDelete,
  onRename,
  onLeave,
  onBlock,
}: ConversationHeaderProps) {
  const partner = chatPartner(chat, viewerId);
  // Beside the list (its "Chats" the page's heading) the chat's name is a section of it; alone on a
  // phone's screen it is the page's heading.
  const Title = useMediaQuery(BESIDE_THE_LIST_QUERY) ? "h2" : "h1";
  const online = useIsOnline(partner?._id);

  return (
    <div className="relative z-20 flex h-16 shrink-0 items-center gap-3 border-b border-zinc-200/80 bg-white/90 px-2 backdrop-blur sm:px-4">
      <BackToChatsButton onBack={onBack} />
      <ChatAvatar chat={chat} viewerId={viewerId} size="sm" />
      <div className="min-w-0 flex-1">
        {partner ? (
          <PartnerTitle partner={partner} online={online} Title={Title} />
        ) : (
          <>
            {/* A long group name is cut here: the pointer finds it whole, as the intro shows it. */}
            <Title
              className="truncate text-base font-semibold text-zinc-900"
              title={chatTitle(chat, viewerId)}
            >
              {chatTitle(chat, viewerId)}
            </Title>
            <p className="min-h-4 truncate text-xs text-zinc-500">{groupSubtitle(chat, viewerId)}</p>
          </>
        )}
      </div>
      <ChatOptionsMenu
        label="Chat options"
        onDelete={onDelete}
        // A group still a request is accepted before it is renamed (the server refuses it).
        onRename={chat.isGroupChat && !chat.isRequest ? onRename : undefined}
        onLeave={chat.isGroupChat ? onLeave : undefined}
        onBlock={onBlock}
        className="shrink-0"
      />
    </div>
  );
}

/** A group's size and its other members: "3 members · bob, carol". */
function groupSubtitle(chat: Chat, viewerId: string): string {
  const others = chat.participants
    .filter((p) => p._id !== viewerId)
    .map((p) => p.username)
    .join(", ");
  return [membersLabel(chat), others].filter(Boolean).join(" · ");
}

/**
 * A one-to-one chat's name, as Instagram's: the partner's full name, with their username below, or the
 * username alone for a member with no name. The heading is named by both, so it is found by either.
 */
function PartnerTitle({
  partner,
  online,
  Title,
}: {
  partner: ChatParticipant;
  online: boolean;
  Title: "h1" | "h2";
}) {
  const nameId = useId();
  const usernameId = useId();
  const { name, named } = partnerName(partner);
  return (
    <>
      {/* A long name is cut at the screen's edge: the pointer finds it whole. The tip is the text's, not
          the heading's, whose name (both lines) it would otherwise be read after as a description. */}
      <Title
        id={nameId}
        aria-labelledby={named ? `${nameId}-text ${usernameId}` : undefined}
        className="truncate text-base font-semibold text-zinc-900"
      >
        <span id={`${nameId}-text`} title={name}>
          {name}
        </span>
      </Title>
      {/* Its line is kept when empty: the name does not jump as the partner comes and goes. Presence is
          shared only between members who both accepted the chat, so a partner not heard of as online may
          be online all the same (a message request): only "Online" is said, as Instagram's "Active now"
          is, never an "Offline" the app cannot know. */}
      <p className="flex min-h-4 min-w-0 text-xs text-zinc-500">
        {named && (
          <span id={usernameId} className="truncate" title={partner.username}>
            {partner.username}
          </span>
        )}
        {named && online && (
          <span aria-hidden="true" className="shrink-0 px-1">
            ·
          </span>
        )}
        {online && <span className="shrink-0 font-medium text-emerald-700">Online</span>}
      </p>
    </>
  );
}
