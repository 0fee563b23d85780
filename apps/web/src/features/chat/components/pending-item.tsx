import type { PendingMessage } from "../hooks/use-outbox";
import { Bubble, type RunPosition } from "./message-item";

/**
 * The member's message before the server has it: faded while sending, "Not sent" on failure, with the
 * server's reason when a later retry may mend it (too many at once), Retry, and Delete to take it away
 * unsent.
 */
export function PendingItem({
  entry,
  showReason = true,
  run,
  onRetry,
  onDiscard,
}: {
  entry: PendingMessage;
  /** False when the next message shows the same reason: said once for a row of them. */
  showReason?: boolean;
  run: RunPosition;
  onRetry: () => void;
  onDiscard: () => void;
}) {
  const failed = entry.status === "failed";
  return (
    <div className={`flex justify-end pl-10 ${run.first ? "mt-3" : "mt-0.5"}`}>
      <div className="flex min-w-0 flex-col items-end">
        <Bubble own author="You" text={entry.text} faded={!failed} run={run} />
        {failed ? (
          <>
            <span className="-mr-2 mt-1 flex items-center text-xs">
              <span className="pr-1 font-medium text-red-600">Not sent</span>
              {/* Refused too (the reason shows where the message box was): a block or "who can message you"
                  may have changed without a word to this member, and only the server can tell. */}
              <button type="button" onClick={onRetry} className={ACTION}>
                Retry
              </button>
              {/* Named apart from each sent message's "Delete message", and from one another's Retry. */}
              <button type="button" onClick={onDiscard} aria-label="Delete unsent message" className={ACTION}>
                Delete
              </button>
            </span>
            {entry.reason && showReason && (
              <span className="mb-1 max-w-64 px-1 text-right text-xs text-zinc-600">{entry.reason}</span>
            )}
          </>
        ) : (
          <span className="mt-1 px-1 text-[11px] text-zinc-500">Sending…</span>
        )}
      </div>
    </div>
  );
}

const ACTION =
  "min-h-6 rounded-full px-2 py-1 font-semibold text-fuchsia-700 underline-offset-2 hover:underline";
