import { type Chat, chatTitle } from "@flik/shared";
import { Link } from "react-router";
import { buttonStyles } from "../../../components/button-styles";
import { profilePath } from "../../../lib/paths";
import { chatPartner, membersLabel, partnerName } from "../chat-format";
import { ChatAvatar } from "./chat-avatar";

/**
 * The start of a conversation, above its first message (Instagram's): who it is with and a way to their
 * profile, or a group's members; an empty chat also asks for a first message.
 */
export function ChatIntro({ chat, viewerId, empty }: { chat: Chat; viewerId: string; empty: boolean }) {
  const partner = chatPartner(chat, viewerId);
  // Named as the header names them: the full name, the username under it.
  const called = partner ? partnerName(partner) : { name: chatTitle(chat, viewerId), named: false };
  const title = called.name;
  return (
    // An empty chat's intro stands in the middle of the pane; above messages it heads them.
    <div
      className={`flex flex-col items-center px-4 pt-4 pb-6 text-center ${empty ? "flex-1 justify-center" : ""}`}
    >
      <ChatAvatar chat={chat} viewerId={viewerId} size="lg" />
      <p className="mt-3 max-w-full text-lg font-semibold break-words text-zinc-900">{title}</p>
      {partner && called.named && (
        <p className="mt-0.5 max-w-full text-sm break-words text-zinc-500">{partner.username}</p>
      )}
      {partner ? (
        <Link to={profilePath(partner.username)} className={`${buttonStyles.secondary} mt-4 py-2`}>
          View profile
        </Link>
      ) : (
        <p className="mt-0.5 text-sm text-zinc-500">{membersLabel(chat)}</p>
      )}
      {empty && (
        <p className="mt-6 text-sm text-zinc-600">
          {partner ? `Say hi to ${title}.` : "Say hi to the group."}
        </p>
      )}
    </div>
  );
}
