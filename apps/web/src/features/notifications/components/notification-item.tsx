import { type Notification, notificationTimeLabel } from "@flik/shared";
import { memo, type ReactNode, useId } from "react";
import { Link } from "react-router";
import { Avatar } from "../../../components/avatar";
import { profilePath } from "../../../lib/paths";
import { fullDateTime } from "../../../lib/time-ago";
import { FollowRequestActions } from "../../follow-requests/components/follow-request-actions";
import { answeredHere } from "../cache/notifications-cache";
import { actionText, notificationHref, senderName } from "../notification-view";
import { notificationLayout as layout } from "./notification-layout";
import { NotificationThumbnail } from "./notification-thumbnail";

interface NotificationItemProps {
  notification: Notification;
  now: Date;
  /** The member opened it: it becomes read (the link, if any, then navigates). */
  onOpen: (notification: Notification) => void;
  onToggleRead: (notification: Notification) => void;
  /** Confirm (true) or Delete a follow request, from its notification. */
  onAnswerRequest: (notification: Notification, accept: boolean) => void;
}

const bodyClass = `${layout.opener} text-left`;

/**
 * One notification: who, what, when and the post's media; unread ones are tinted and dotted. The row
 * opens what it is about; about a post, the sender's avatar opens their profile, as Instagram's does.
 */
/** Memoised: a page of older notifications coming leaves the rows shown as they are. */
export const NotificationItem = memo(function NotificationItem({
  notification,
  now,
  onOpen,
  onToggleRead,
  onAnswerRequest,
}: NotificationItemProps) {
  const sentenceId = useId();
  const unread = !notification.read;
  const sender = notification.sender;
  const isRequest = notification.type === "follow_request" && !!sender;
  // A request this tab answered: its row stays, saying so, with nothing left to do on it.
  const answered = answeredHere(notification);
  const href = notificationHref(notification);
  // About a post (a like, a comment, a share): the row opens the post, the avatar its sender's profile.
  const senderHref = sender ? profilePath(sender.username) : null;
  const avatarLinks = senderHref !== null && senderHref !== href;
  const avatar = (
    <Avatar
      src={notification.sender?.avatar}
      name={senderName(notification)}
      loading="lazy"
      className={`${layout.avatar} text-lg ring-0`}
    />
  );
  const body: ReactNode = (
    <>
      {!avatarLinks && avatar}
      <span className={layout.words}>
        {/* A long name (usernames run to 30 characters) is cut with an ellipsis at its column's width,
            never run under the thumbnail nor broken mid-word; the words after it wrap as words. */}
        <span id={sentenceId} className="block text-sm leading-snug break-words text-zinc-800">
          {unread && <span className="sr-only">Unread: </span>}{" "}
          <span className="inline-block max-w-full truncate align-bottom font-semibold text-zinc-950">
            {senderName(notification)}
          </span>{" "}
          {actionText(notification)}
        </span>{" "}
        {/* The spaces between the blocks keep the words apart in the link's accessible name. */}
        {notification.type === "comment" && notification.comment && (
          <>
            <span className="mt-0.5 line-clamp-2 text-sm break-words text-zinc-600">
              “<bdi>{notification.comment}</bdi>”
            </span>{" "}
          </>
        )}
        <time
          dateTime={notification.createdAt}
          title={fullDateTime(notification.createdAt)}
          className={`mt-1 block text-xs ${unread ? "font-semibold text-fuchsia-700" : "text-zinc-500"}`}
        >
          {notificationTimeLabel(notification.createdAt, now)}
        </time>
      </span>
      {!isRequest && <NotificationThumbnail notification={notification} />}
    </>
  );

  const opener = href ? (
    <Link to={href} onClick={() => onOpen(notification)} className={bodyClass} data-notification-opener="">
      {body}
    </Link>
  ) : (
    <button
      type="button"
      onClick={() => onOpen(notification)}
      className={bodyClass}
      data-notification-opener=""
    >
      {body}
    </button>
  );

  return (
    <li
      data-notification={notification._id}
      className={`${layout.row} transition-colors ${unread ? "bg-fuchsia-50" : "bg-white hover:bg-zinc-50"}`}
    >
      {avatarLinks && sender && senderHref && (
        <Link
          to={senderHref}
          aria-label={`${sender.username}'s profile`}
          onClick={() => onOpen(notification)}
          className={`${layout.avatarApart} rounded-full`}
        >
          {avatar}
        </Link>
      )}
      {isRequest && sender ? (
        // Phones put Confirm and Delete under the words, so the words keep the row's width.
        <div className="flex min-w-0 flex-1 flex-col sm:flex-row sm:items-center sm:gap-2">
          {opener}
          <FollowRequestActions
            username={sender.username}
            answered={answered}
            onAnswer={(accept) => onAnswerRequest(notification, accept)}
            className="mb-1 ml-14 self-start sm:mb-0 sm:ml-0 sm:self-auto"
          />
        </div>
      ) : (
        opener
      )}
      {answered ? (
        // The server took the request's notification away: nothing to mark, its column kept.
        <span aria-hidden="true" className={layout.toggle} />
      ) : (
        <ReadToggle unread={unread} describedBy={sentenceId} onToggle={() => onToggleRead(notification)} />
      )}
    </li>
  );
});

/**
 * The unread dot is also the switch: filled while unread, a faint ring once read. Described by its
 * notification's words, so that a list of "Mark as read" buttons says which is which.
 */
function ReadToggle({
  unread,
  describedBy,
  onToggle,
}: {
  unread: boolean;
  describedBy: string;
  onToggle: () => void;
}) {
  const label = unread ? "Mark as read" : "Mark as unread";
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-label={label}
      aria-describedby={describedBy}
      title={label}
      className={`group/toggle ${layout.toggle} transition hover:bg-zinc-900/5`}
    >
      <span
        aria-hidden="true"
        className={`${layout.dot} transition ${
          unread
            ? "bg-fuchsia-600 group-hover/toggle:scale-125"
            : // WCAG 1.4.11: 5.3:1 on a read row's white (zinc-300 was 1.5:1, zinc-400 2.6:1).
              "border-2 border-zinc-500 group-hover/toggle:border-zinc-700"
        }`}
      />
    </button>
  );
}
