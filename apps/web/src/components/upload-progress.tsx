import type { Ref } from "react";
import { buttonStyles } from "./button-styles";
import { progressbarProps, wholePercent } from "./progress";

interface UploadProgressProps {
  /** 0–100. */
  percent: number;
  /** What is being uploaded, e.g. the file's name. */
  label: string;
  /** The file is sent and the host is transcoding it (a video, issue 20). */
  processing?: boolean | undefined;
  onCancel?: () => void;
  /** The bar, focusable from code: what takes the focus from a Share that made way for it. */
  progressRef?: Ref<HTMLDivElement>;
}

/** An upload under way: a labelled progress bar and a way out. */
export function UploadProgress({
  percent,
  label,
  processing = false,
  onCancel,
  progressRef,
}: UploadProgressProps) {
  const value = wholePercent(percent);
  return (
    // The bar comes before Cancel, so a Tab from the bar (which may hold the focus) reaches it.
    <div className="flex items-center gap-4 rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm">
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-zinc-800">
          <span className="block truncate">{label}</span>
          <span className="text-xs font-normal text-zinc-500 tabular-nums">
            {value >= 100 ? "Finishing…" : processing ? `Processing… ${value}%` : `Uploading… ${value}%`}
          </span>
        </p>
        <div
          ref={progressRef}
          tabIndex={progressRef ? -1 : undefined}
          {...progressbarProps("Upload progress", value)}
          className="mt-2 h-2 overflow-hidden rounded-full bg-zinc-100 outline-offset-4"
        >
          <div
            className="bg-brand h-full rounded-full transition-[width] duration-200 ease-out motion-reduce:transition-none"
            style={{ width: `${value}%` }}
          />
        </div>
      </div>
      {onCancel && (
        <button
          type="button"
          // A double-click's second click, on a Cancel drawn where the clicked Share was, is no cancel.
          onClick={(event) => event.detail <= 1 && onCancel()}
          className={`${buttonStyles.secondary} shrink-0 px-4 py-2`}
        >
          Cancel
        </button>
      )}
    </div>
  );
}
