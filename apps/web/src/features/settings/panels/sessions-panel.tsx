import type { Session } from "@flik/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { buttonStyles } from "../../../components/button-styles";
import { MonitorIcon, PhoneIcon } from "../../../components/later-icons";
import { emitLogout, revokeOwnSession } from "../../../lib/auth-events";
import { timeAgo } from "../../../lib/time-ago";
import { toast } from "../../../lib/toast";
import { useNow } from "../../../lib/use-minute";
import { logoutCurrentSession } from "../../auth/api/auth.api";
import { LogOutDialog } from "../../auth/components/log-out-dialog";
import { logoutSession } from "../api/settings.api";
import { settingsKeys } from "../api/settings-keys";
import { EditPanel } from "../components/edit-panel";
import { LogOutOthersDialog } from "../components/log-out-others-dialog";
import { SESSION_TEXTS, useLogoutOthers, useSessionsQuery } from "../hooks/use-sessions";

const MINUTE = 60_000;

function isPhone(device: string): boolean {
  return /iphone|ipad|android|ios|mobile|phone/i.test(device);
}

/** "Active now" for the last minute, then "Last active 5m ago", "Last active yesterday"… */
export function lastActiveLabel(lastActive: string, now: number): string {
  const elapsed = now - new Date(lastActive).getTime();
  if (Number.isNaN(elapsed)) return "";
  if (elapsed < MINUTE) return "Active now";
  const ago = timeAgo(lastActive, now);
  return `Last active ${ago === "Yesterday" ? "yesterday" : ago}`;
}

function SessionSkeleton() {
  const bone = "animate-pulse rounded-md bg-zinc-200/80 motion-reduce:animate-none";
  return (
    <div className="flex items-center gap-3 px-4 py-4">
      <div className={`${bone} size-10 rounded-xl`} />
      <div className="flex-1 space-y-2">
        <div className={`${bone} h-3 w-36`} />
        <div className={`${bone} h-2.5 w-48`} />
      </div>
    </div>
  );
}

function SessionRow({
  session,
  now,
  busy,
  onLogout,
}: {
  session: Session;
  now: number;
  busy: boolean;
  onLogout: () => void;
}) {
  const Icon = isPhone(session.device) ? PhoneIcon : MonitorIcon;
  const lastActive = lastActiveLabel(session.lastActive, now);
  // Named with all the row says: two sessions of one device and browser differ by place or time.
  const named = [session.device, session.browser, session.location, lastActive].filter(Boolean).join(", ");
  return (
    <li data-current={session.current || undefined} className="flex items-start gap-3 px-4 py-3.5">
      <span
        className={`flex size-10 shrink-0 items-center justify-center rounded-xl ${
          session.current ? "bg-fuchsia-50 text-fuchsia-700" : "bg-zinc-100 text-zinc-700"
        }`}
      >
        <Icon className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm font-semibold break-words text-zinc-900">
          <span className="min-w-0">{session.device}</span>
          {session.current && (
            <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200">
              This device
            </span>
          )}
        </p>
        <p className="text-sm break-words text-zinc-600">
          {session.browser} · {session.location}
        </p>
        <p className="text-xs text-zinc-600">
          <time dateTime={session.lastActive}>{lastActive}</time>
        </p>
      </div>
      <button
        type="button"
        // Not disabled while it works: that would drop the focus to the page.
        onClick={() => !busy && onLogout()}
        aria-disabled={busy || undefined}
        aria-haspopup={session.current ? "dialog" : undefined}
        aria-label={`Log out ${named}${session.current ? " (this device)" : ""}`}
        className="shrink-0 self-center rounded-lg border border-zinc-200 bg-white px-3 py-1.5 text-sm font-semibold text-zinc-800 transition hover:border-red-200 hover:bg-red-50 hover:text-red-700 aria-disabled:cursor-wait aria-disabled:opacity-60"
      >
        {busy ? "Logging out..." : "Log out"}
      </button>
    </li>
  );
}

/** Spec §2 Active sessions: every signed-in device, this one marked, each can be logged out. */
export function SessionsPanel({ onClose }: { onClose: () => void }) {
  const sessions = useSessionsQuery();
  const queryClient = useQueryClient();
  const now = useNow().getTime();
  const logoutOthers = useLogoutOthers();
  const noneElsewhereId = useId();
  // Logging out here or everywhere else is asked first, in the words of Settings' own Log out rows.
  const [asking, setAsking] = useState<"this" | "others" | null>(null);

  // A logged-out row goes with its button: the focus moves to the other session now in its place (or
  // the one before), or to the list once no other is left, never lost to the page. Until the row has
  // gone (or its logout failed) the focus stays on its button.
  const listRef = useRef<HTMLUListElement>(null);
  const leaving = useRef<{ id: string; index: number } | null>(null);
  const data = sessions.data;
  useEffect(() => {
    const asked = leaving.current;
    const listed = listRef.current;
    if (!asked || !listed || data?.some((session) => session._id === asked.id)) return;
    leaving.current = null;
    if (document.activeElement !== document.body) return;
    const buttons = listed.querySelectorAll<HTMLElement>("li:not([data-current]) button");
    (buttons[Math.min(asked.index, buttons.length - 1)] ?? listed).focus();
  }, [data]);

  const logoutOne = useMutation({
    mutationFn: async (session: Session) => {
      if (session.current) await revokeOwnSession(() => logoutCurrentSession(session._id));
      else await logoutSession(session._id);
    },
    onSuccess: (_answer, session) => {
      if (session.current) {
        emitLogout("user");
        return;
      }
      toast.success(`Logged out of ${session.device}`);
      queryClient.setQueryData<Session[]>(settingsKeys.sessions(), (list) =>
        list?.filter((each) => each._id !== session._id),
      );
    },
    onError: (error, session) => {
      leaving.current = null;
      console.error("Session logout failed", error);
      toast.error(session.current ? SESSION_TEXTS.currentFailed : SESSION_TEXTS.othersFailed);
    },
  });

  const list = sessions.data ?? [];
  const current = list.find((session) => session.current);
  const others = list.filter((session) => !session.current);
  // This device first, then the others from the most recently active.
  const ordered = [...list].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.lastActive.localeCompare(a.lastActive),
  );

  return (
    <EditPanel title="Active sessions" onClose={onClose}>
      <p className="mb-4 text-sm text-zinc-600">
        Where you're logged in right now. Log out of any device you don't recognise.
      </p>
      {sessions.isPending ? (
        <div aria-busy="true">
          <p role="status" className="sr-only">
            Loading sessions...
          </p>
          <div aria-hidden="true" className="divide-y divide-zinc-100 rounded-2xl border border-zinc-200">
            <SessionSkeleton />
            <SessionSkeleton />
            <SessionSkeleton />
          </div>
        </div>
      ) : sessions.isLoadingError ? (
        <div
          role="alert"
          className="flex flex-col items-center gap-4 rounded-2xl bg-red-50 px-4 py-8 text-center"
        >
          <p className="text-sm font-semibold text-red-700">{SESSION_TEXTS.loadFailed}</p>
          <button
            type="button"
            onClick={() => sessions.refetch()}
            disabled={sessions.isFetching}
            className={buttonStyles.secondary}
          >
            {sessions.isFetching ? "Retrying..." : "Try again"}
          </button>
        </div>
      ) : list.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-zinc-300 px-4 py-10 text-center text-sm text-zinc-600">
          {SESSION_TEXTS.none}
        </p>
      ) : (
        <>
          <ul
            ref={listRef}
            tabIndex={-1}
            aria-label="Sessions"
            aria-describedby={others.length === 0 ? noneElsewhereId : undefined}
            className="divide-y divide-zinc-100 rounded-2xl border border-zinc-200 outline-none"
          >
            {ordered.map((session) => (
              <SessionRow
                key={session._id}
                session={session}
                now={now}
                busy={logoutOne.isPending && logoutOne.variables?._id === session._id}
                onLogout={() => {
                  if (session.current) {
                    setAsking("this");
                    return;
                  }
                  const index = ordered.filter((each) => !each.current).indexOf(session);
                  leaving.current = { id: session._id, index };
                  logoutOne.mutate(session);
                }}
              />
            ))}
          </ul>
          {/* Not disabled (while it works, or with no one left to log out): that would drop the focus. */}
          <button
            type="button"
            onClick={() => !logoutOthers.isPending && others.length > 0 && setAsking("others")}
            aria-haspopup="dialog"
            aria-disabled={logoutOthers.isPending || others.length === 0 || undefined}
            aria-describedby={others.length === 0 ? noneElsewhereId : undefined}
            className={`${buttonStyles.secondary} mt-6 w-full text-red-600 hover:bg-red-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-60`}
          >
            {logoutOthers.isPending ? "Logging out..." : "Log out of all other devices"}
          </button>
          {others.length === 0 && (
            <p id={noneElsewhereId} className="mt-2 text-center text-sm text-zinc-600">
              You're not logged in anywhere else.
            </p>
          )}
        </>
      )}

      {asking === "this" && current && (
        <LogOutDialog
          logout={{
            mutate: () => logoutOne.mutate(current, { onError: () => setAsking(null) }),
            isPending: logoutOne.isPending,
          }}
          onClose={() => setAsking(null)}
        />
      )}
      {asking === "others" && (
        <LogOutOthersDialog logoutOthers={logoutOthers} onClose={() => setAsking(null)} />
      )}
    </EditPanel>
  );
}
