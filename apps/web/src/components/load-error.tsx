import { buttonStyles } from "./button-styles";
import { AlertIcon } from "./icons";

interface LoadErrorProps {
  /** What failed, as the screen says it ("Something went wrong loading posts."). */
  title: string;
  /** A second line, when there is more to say. */
  detail?: string;
  onRetry: () => void;
  /** While the retry is out: the button says so and waits. */
  retrying: boolean;
  /** The frame around it (a card on the feed and lists; none inside a screen's own frame). */
  className?: string;
}

/** A list or screen that could not load: the reason and Try again, announced as an alert. */
export function LoadError({ title, detail, onRetry, retrying, className = "" }: LoadErrorProps) {
  return (
    <div role="alert" className={`flex flex-col items-center px-6 py-12 text-center ${className}`}>
      <span className="flex size-14 items-center justify-center rounded-2xl bg-red-50 text-red-600">
        <AlertIcon className="size-7" />
      </span>
      <p className="mt-5 font-semibold text-zinc-900">{title}</p>
      {detail && <p className="mt-1 text-sm text-zinc-600">{detail}</p>}
      <button
        type="button"
        onClick={onRetry}
        disabled={retrying}
        className={`${buttonStyles.secondary} mt-6`}
      >
        {retrying ? "Retrying..." : "Try again"}
      </button>
    </div>
  );
}
