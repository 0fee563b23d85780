import type { Ref } from "react";
import { buttonStyles } from "./button-styles";

interface UploadProgressProps {
  /** 0–100. */
  percent: number;
  /** What is being uploaded, e.g. the file's name. */
  label: string;
  /** The file is sent and the host is transcoding it (a video, issue 20). */
  processing?: boolean | undefined;
  onCancel?: () => void;
  cancelRef?: Ref<HTMLButtonElement>;
}

/** An upload under way: a labelled progress bar and a way out. */
export function UploadProgress({
  percent,
  label,
  processing = false,
  onCancel,
  cancelRef,
}: UploadProgressProps) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className="rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm">
      <div className="flex items-center justify-between gap-4">
        <p className="min-w-0 text-sm font-medium text-zinc-800">
          <span className="block truncate">{label}</span>
          <span className="text-xs font-normal text-zinc-500 tabular-nums">
            {value >= 100 ? "Finishing…" : processing ? `Processing… ${value}%` : `Uploading… ${value}%`}
          </span>
        </p>
        {onCancel && (
          <button
            ref={cancelRef}
            type="button"
            onClick={onCancel}
            className={`${buttonStyles.secondary} shrink-0 px-4 py-2`}
          >
            Cancel
          </button>
        )}
      </div>
      <div
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={`${value}%`}
        className="mt-3 h-2 overflow-hidden rounded-full bg-zinc-100"
      >
        <div
          className="bg-brand h-full rounded-full transition-[width] duration-200 ease-out motion-reduce:transition-none"
          style={{ width: `${value}%` }}
        />
      </div>
    </div>
  );
}
