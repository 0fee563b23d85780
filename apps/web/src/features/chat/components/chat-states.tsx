import { Link } from "react-router";
import { buttonStyles } from "../../../components/button-styles";
import { AlertIcon, ArrowLeftIcon, ChatIcon } from "../../../components/icons";

const bone = "animate-pulse bg-zinc-200/80 motion-reduce:animate-none";

export function ChatListSkeleton() {
  return (
    <div role="status" className="space-y-1 px-2">
      <span className="sr-only">Loading chats...</span>
      {["w-28", "w-20", "w-32", "w-24", "w-16"].map((width) => (
        <div key={width} aria-hidden="true" className="flex items-center gap-3 px-3 py-2.5">
          <div className={`${bone} size-12 rounded-full`} />
          <div className="flex-1 space-y-2">
            <div className={`${bone} h-3 rounded-md ${width}`} />
            <div className={`${bone} h-2.5 w-4/5 rounded-md`} />
          </div>
        </div>
      ))}
    </div>
  );
}

export function MessagesSkeleton() {
  return (
    <div role="status" className="flex flex-1 flex-col justify-end gap-3 px-4 py-6">
      <span className="sr-only">Loading messages...</span>
      {["mr-auto w-48", "ml-auto w-40", "mr-auto w-64", "ml-auto w-28", "ml-auto w-52"].map((shape) => (
        <div key={shape} aria-hidden="true" className={`${bone} h-10 rounded-2xl ${shape}`} />
      ))}
    </div>
  );
}

export function LoadError({
  text,
  onRetry,
  retrying,
}: {
  text: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <div role="alert" className="flex flex-col items-center px-6 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-2xl bg-red-50 text-red-600">
        <AlertIcon className="size-6" />
      </span>
      <p className="mt-4 text-sm font-semibold text-zinc-900">{text}</p>
      <button
        type="button"
        onClick={onRetry}
        disabled={retrying}
        className={`${buttonStyles.secondary} mt-5`}
      >
        {retrying ? "Retrying..." : "Try again"}
      </button>
    </div>
  );
}

/** No chats yet; a message request waiting is named, so the member is not told there is nothing. */
export function ChatListEmpty({
  requestsCount,
  onShowRequests,
}: {
  requestsCount: number;
  onShowRequests: () => void;
}) {
  return (
    <div className="flex flex-col items-center px-6 py-12 text-center">
      <span className="bg-brand flex size-14 items-center justify-center rounded-2xl text-white shadow-lg shadow-fuchsia-600/25">
        <ChatIcon className="size-7" />
      </span>
      <h2 className="mt-5 text-base font-bold text-zinc-900">No chats yet</h2>
      <p className="mt-1.5 max-w-60 text-sm text-zinc-600">
        Search for someone above to start a conversation.
      </p>
      {requestsCount > 0 && (
        <button type="button" onClick={onShowRequests} className={`${buttonStyles.secondary} mt-5`}>
          {requestsCount === 1 ? "See 1 message request" : `See ${requestsCount} message requests`}
        </button>
      )}
    </div>
  );
}

export function RequestsEmpty() {
  return (
    <div className="flex flex-col items-center px-6 py-12 text-center">
      <h2 className="text-base font-bold text-zinc-900">No message requests</h2>
      <p className="mt-1.5 max-w-64 text-sm text-zinc-600">
        Chats from people you don't follow wait here until you accept them. They won't know you've seen them
        until you do.
      </p>
    </div>
  );
}

export function NoChatSelected() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center px-6 text-center">
      <span className="flex size-16 items-center justify-center rounded-full border-2 border-zinc-900 text-zinc-900">
        <ChatIcon className="size-8" />
      </span>
      <p className="mt-5 text-lg font-semibold text-zinc-900">Select a chat to start messaging</p>
      <p className="mt-1 text-sm text-zinc-500">Pick a conversation, or search for someone to message.</p>
    </div>
  );
}

export function ChatUnavailable() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center px-6 text-center">
      <p className="text-lg font-semibold text-zinc-900">This chat isn't available</p>
      <p className="mt-1 text-sm text-zinc-500">It may have been deleted.</p>
      <Link to="/chat" replace className={`${buttonStyles.secondary} mt-6`}>
        Back to chats
      </Link>
    </div>
  );
}

/** The way back to the chat list, on phones only (from md up the list stands beside the chat). */
export function BackToChatsButton({ onBack }: { onBack: () => void }) {
  return (
    <button
      type="button"
      aria-label="Back to chats"
      onClick={onBack}
      className="flex size-10 shrink-0 items-center justify-center rounded-full text-zinc-700 hover:bg-zinc-100 md:hidden"
    >
      <ArrowLeftIcon className="size-5" />
    </button>
  );
}

/** On a phone, where an open chat's screen has no app header: the way back to the list (md+ shows both). */
export function PhoneBackBar({ onBack }: { onBack: () => void }) {
  return (
    <div className="flex h-16 shrink-0 items-center border-b border-zinc-200/80 bg-white px-2 md:hidden">
      <BackToChatsButton onBack={onBack} />
    </div>
  );
}
