import { serverNow } from "./server-clock";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How many days ago `then` was, for a time 1–7 days old: 1 only on the calendar day before `now`'s, as
 * the notifications' "Yesterday" group counts it (a day and a half ago at half past midnight is 2). The
 * group's own rule lives with the notification schemas, which the first screens do not load.
 */
function daysAgo(then: Date, now: number): number {
  const today = new Date(now);
  const startOfYesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1).getTime();
  return then.getTime() >= startOfYesterday ? 1 : Math.max(2, Math.floor((now - then.getTime()) / DAY));
}

/**
 * A short relative time in the words of spec §2 (Just now, Xm ago, Xh ago, Yesterday, Xd ago), and a
 * date once it is a week old.
 */
export function timeAgo(iso: string, now = serverNow()): string {
  const then = new Date(iso);
  const elapsed = now - then.getTime();
  if (Number.isNaN(elapsed)) return "";
  if (elapsed < MINUTE) return "Just now";
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`;
  if (elapsed < 7 * DAY) {
    const days = daysAgo(then, now);
    return days === 1 ? "Yesterday" : `${days}d ago`;
  }
  const sameYear = then.getFullYear() === new Date(now).getFullYear();
  return then.toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    ...(sameYear ? {} : { year: "numeric" }),
  });
}

/** The full date and time, for a tooltip. */
export function fullDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ""
    : date.toLocaleString("en-US", { dateStyle: "long", timeStyle: "short" });
}

const relative = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });

/**
 * The same moment in words to be read out, as in "Story from 3 days ago": "just now", "5 minutes ago",
 * "yesterday", "3 days ago", then "March 3" (with the year when it differs).
 */
export function timeAgoPhrase(iso: string, now = serverNow()): string {
  const then = new Date(iso);
  const elapsed = now - then.getTime();
  if (Number.isNaN(elapsed)) return "";
  if (elapsed < MINUTE) return "just now";
  if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), "minute");
  if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), "hour");
  if (elapsed < 7 * DAY) return relative.format(-daysAgo(then, now), "day");
  const sameYear = then.getFullYear() === new Date(now).getFullYear();
  return then.toLocaleDateString("en-US", {
    month: "long",
    day: "numeric",
    ...(sameYear ? {} : { year: "numeric" }),
  });
}
