import { lazy, Suspense } from "react";
import { notificationsGranted } from "../../../lib/browser-notifications";
import { AccountLiveUpdates } from "../../auth/hooks/use-account-live-updates";
import { BlockLiveUpdates } from "../../blocks/hooks/use-block-live-updates";
import { ChatUnreadSync } from "../../chat/hooks/use-chat-unread-sync";
import { FollowLiveUpdates } from "../../follows/hooks/use-follow-live-updates";
import { PostLiveUpdates } from "../../posts/hooks/use-post-live-updates";
import { StoriesLiveUpdates } from "../../stories/hooks/use-stories-live-updates";

// Loaded once the browser allows Flik's own notifications (most members never do).
const SystemNotifications = lazy(() =>
  import("../../notifications/hooks/use-system-notifications").then((module) => ({
    default: module.SystemNotifications,
  })),
);

/**
 * What every signed-in screen hears, the full-screen flicks as much as the framed ones: an event missed
 * on one screen (a block or a setting changed in another tab, a member going private) would leave every
 * other screen wrong once the member goes there. Mounted once the member is known.
 */
export function LiveUpdates() {
  return (
    <>
      <PostLiveUpdates />
      <StoriesLiveUpdates />
      <FollowLiveUpdates />
      <BlockLiveUpdates />
      <AccountLiveUpdates />
      {/* Keeps the stored chat unread count, which the header's badge reads, right on every screen. */}
      <ChatUnreadSync />
      {notificationsGranted() && (
        <Suspense fallback={null}>
          <SystemNotifications />
        </Suspense>
      )}
    </>
  );
}
