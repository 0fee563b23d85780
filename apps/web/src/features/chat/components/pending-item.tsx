import type { PendingMessage } from "../hooks/use-outbox";
import { Bubble, type RunPosition } from "./message-item";

/**
 * The member's message before the server has it: faded while sending, "Not sent" on failure, with Retry
 * unless the server refused it for good.
 */
export function PendingItem({
  entry,
  run,
  onRetry,
}: {
  entry: PendingMessage;
  run: RunPosition;
  onRetry: () => void;
}) {
  const failed = entry.status === "failed";
  return (
    <div className={`flex justify-end pl-10 ${run.first ? "mt-3" : "mt-0.5"}`}>
      <div className="flex min-w-0 flex-col items-end">
        <Bubble own author="You" text={entry.text} faded={!failed} run={run} />
        {failed ? (
          <span className="mt-1 flex items-center gap-2 px-1 text-xs">
            <span className="font-medium text-red-600">Not sent</span>
            {/* Refused for good (the reason shows where the message box was): a retry cannot mend it. */}
            {!entry.refused && (
              <button
                type="button"
                onClick={onRetry}
                className="rounded-full px-2 py-0.5 font-semibold text-fuchsia-700 underline-offset-2 hover:underline"
              >
                Retry
              </button>
            )}
          </span>
        ) : (
          <span className="mt-1 px-1 text-[11px] text-zinc-500">Sending…</span>
        )}
      </div>
    </div>
  );
}
