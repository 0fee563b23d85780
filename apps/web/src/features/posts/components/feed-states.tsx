import { Link } from "react-router";
import { buttonStyles } from "../../../components/button-styles";
import { AlertIcon, ImageIcon, NewPostIcon } from "../../../components/icons";

export function FeedEmpty() {
  return (
    <section className="flex flex-col items-center rounded-2xl border border-zinc-200/80 bg-white px-6 py-14 text-center shadow-sm">
      <span className="bg-brand flex size-16 items-center justify-center rounded-2xl text-white shadow-lg shadow-fuchsia-600/25">
        <ImageIcon className="size-8" />
      </span>
      <h2 className="mt-6 text-xl font-bold tracking-tight text-zinc-900">No posts yet</h2>
      <p className="mt-2 max-w-xs text-sm text-zinc-600">
        Posts from you and the people you follow show up here.
      </p>
      <Link to="/post/new" className={`${buttonStyles.primary} mt-7`}>
        <NewPostIcon className="size-5" />
        Share your first post
      </Link>
    </section>
  );
}

export function FeedError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <section
      role="alert"
      className="flex flex-col items-center rounded-2xl border border-zinc-200/80 bg-white px-6 py-12 text-center shadow-sm"
    >
      <span className="flex size-14 items-center justify-center rounded-2xl bg-red-50 text-red-600">
        <AlertIcon className="size-7" />
      </span>
      <p className="mt-5 font-semibold text-zinc-900">Something went wrong loading posts.</p>
      <button
        type="button"
        onClick={onRetry}
        disabled={retrying}
        className={`${buttonStyles.secondary} mt-6`}
      >
        {retrying ? "Retrying..." : "Try again"}
      </button>
    </section>
  );
}
