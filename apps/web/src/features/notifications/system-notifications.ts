import { leadingText, textLength } from "@flik/shared";

/**
 * The browser's own notifications (the Notifications API), for what arrives while Flik's tab is in the
 * background: spec §3's `pushNotifications` ("Likes, comments, follows and messages as they happen").
 * Shown by the open tab itself, so no push service is involved: a closed Flik tells nothing.
 */

/** Whether this browser can show them and what its member decided: "unsupported" where it can't. */
export type SystemNotificationsPermission = NotificationPermission | "unsupported";

export function systemNotificationsPermission(): SystemNotificationsPermission {
  return typeof window !== "undefined" && "Notification" in window ? Notification.permission : "unsupported";
}

/** Asks the browser once (it answers at once when its member already decided). */
export async function askForSystemNotifications(): Promise<SystemNotificationsPermission> {
  if (systemNotificationsPermission() !== "default") return systemNotificationsPermission();
  try {
    return await Notification.requestPermission();
  } catch {
    return systemNotificationsPermission();
  }
}

export interface SystemNotice {
  title: string;
  body: string;
  icon?: string;
  /** One per thing told: a second tab showing the same replaces it rather than stacking a copy. */
  tag: string;
  /** Where a click on it takes the member, in this tab. */
  path: string | null;
}

/** The longest text a notice shows; the rest is in the app. */
const BODY_MAX = 140;

/** Shows `notice` when Flik is in the background and its member allowed it; else does nothing. */
export function showSystemNotice(notice: SystemNotice, open: (path: string) => void): void {
  if (document.visibilityState !== "hidden" || systemNotificationsPermission() !== "granted") return;
  // Cut between whole characters (never half an emoji).
  const body =
    textLength(notice.body) > BODY_MAX ? `${leadingText(notice.body, BODY_MAX - 1)}…` : notice.body;
  try {
    const shown = new Notification(notice.title, { body, icon: notice.icon || undefined, tag: notice.tag });
    shown.onclick = () => {
      window.focus();
      if (notice.path) open(notice.path);
      shown.close();
    };
  } catch (error) {
    // Some browsers (Android's Chrome) allow them only through a service worker: nothing shows there.
    console.warn("The browser refused a notification", error);
  }
}
