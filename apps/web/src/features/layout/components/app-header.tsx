import { useId } from "react";
import { Link } from "react-router";
import { CountBadge } from "../../../components/badge";
import { ChatIcon, SettingsIcon } from "../../../components/icons";
import { Wordmark } from "../../../components/wordmark";
import { StoryButton } from "./story-button";

const iconButtonClass =
  "relative flex size-11 items-center justify-center rounded-full text-zinc-700 transition hover:bg-zinc-100 hover:text-zinc-950";

/** Top header of signed-in screens (spec §2): story upload, chat with its unread badge, settings. */
export function AppHeader({ chatUnread, className = "" }: { chatUnread: number; className?: string }) {
  const unreadId = useId();
  return (
    <header
      // 4rem with its border, as the screens that fill the window count it (app-frame).
      className={`sticky top-0 z-40 h-16 border-b border-zinc-200/80 bg-white/85 backdrop-blur-md ${className}`}
    >
      <div className="flex h-full items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/post" className="rounded-lg">
          <Wordmark />
        </Link>
        <div className="flex items-center gap-1">
          <StoryButton />
          {/* Named by its hidden text, not aria-label, so the badge's number is no part of a name. */}
          <Link
            to="/chat"
            aria-describedby={chatUnread > 0 ? unreadId : undefined}
            className={iconButtonClass}
          >
            <ChatIcon />
            <span className="sr-only">Chat</span>
            <CountBadge count={chatUnread} className="absolute top-0.5 right-0" />
          </Link>
          {chatUnread > 0 && (
            // Read as the link's description only, not again where it stands.
            <span id={unreadId} aria-hidden="true" className="sr-only">
              {chatUnread} unread
            </span>
          )}
          <Link to="/settings" aria-label="Settings" className={iconButtonClass}>
            <SettingsIcon />
          </Link>
        </div>
      </div>
    </header>
  );
}
