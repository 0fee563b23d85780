import type { Chat, Message } from "@flik/shared";
import {
  Fragment,
  type KeyboardEvent,
  type Ref,
  type RefObject,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { ArrowDownIcon } from "../../../components/later-icons";
import { Spinner } from "../../../components/spinner";
import { useOnInView } from "../../../lib/use-in-view";
import { dayLabel, sameDay } from "../chat-format";
import type { PendingMessage } from "../hooks/use-outbox";
import { ChatIntro } from "./chat-intro";
import { MESSAGE_ACTION } from "./message-actions";
import { MessageItem, type RunPosition } from "./message-item";
import { PendingItem } from "./pending-item";

/** Messages this close together from one sender read as one run (shared corners, one time stamp). */
const RUN_GAP_MS = 5 * 60_000;
const NEAR_BOTTOM_PX = 96;

type Item =
  | { key: string; kind: "message"; message: Message; senderId: string; at: string }
  | { key: string; kind: "pending"; entry: PendingMessage; senderId: string; at: string };

interface MessageLogProps {
  chat: Chat;
  viewerId: string;
  messages: Message[];
  pending: PendingMessage[];
  hasOlder: boolean;
  loadingOlder: boolean;
  /** The last page of older messages failed: asked again by the button only, not by scrolling. */
  olderFailed: boolean;
  onLoadOlder: () => void;
  editingId: string | null;
  onEdit: (messageId: string | null) => void;
  /** Whether the member's messages may still be edited here (not once a block closed the chat). */
  canEdit: boolean;
  onSave: (message: Message, text: string) => void;
  onDelete: (message: Message) => void;
  onRetry: (clientId: string) => void;
  onDiscard: (clientId: string) => void;
  /** The scrolling log (a Tab stop), for the conversation to give the focus to. */
  ref?: Ref<HTMLDivElement | null>;
}

function isSameRun(a: Item | undefined, b: Item | undefined): boolean {
  return (
    !!a &&
    !!b &&
    a.senderId === b.senderId &&
    sameDay(a.at, b.at) &&
    Math.abs(Date.parse(b.at) - Date.parse(a.at)) < RUN_GAP_MS
  );
}

/** The own message whose "Seen" shows: the newest one someone else has read, if nothing came after it. */
function seenLabelFor(
  chat: Chat,
  messages: Message[],
  viewerId: string,
): { id: string; label: string } | null {
  const last = messages.at(-1);
  if (!last || last.sender._id !== viewerId) return null;
  const seen = messages.findLast((m) => m.sender._id === viewerId && m.readBy.some((id) => id !== viewerId));
  if (!seen || messages.slice(messages.indexOf(seen)).some((m) => m.sender._id !== viewerId)) return null;
  const readers = seen.readBy.filter((id) => id !== viewerId).length;
  return { id: seen._id, label: chat.isGroupChat ? `Seen by ${readers}` : "Seen" };
}

/** Where an arrow key, Home or End takes the focus among `count` messages' buttons, from `at`. */
function stepOf(key: string, at: number, count: number): number | null {
  const to = { ArrowUp: at - 1, ArrowDown: at + 1, Home: 0, End: count - 1 }[key];
  return to === undefined ? null : Math.max(0, Math.min(count - 1, to));
}

/**
 * The member's own messages' Edit and Delete are one Tab stop (a roving tabindex): a long chat is not
 * dozens of stops between the log and the message box. Tab reaches the newest message's buttons (or
 * those last used); the arrow keys, Home and End go to another message's same button.
 */
function useOwnMessageActions(ownIds: string[], scrollRef: RefObject<HTMLDivElement | null>) {
  const [chosenId, setChosenId] = useState<string | null>(null);
  const tabStopId = chosenId !== null && ownIds.includes(chosenId) ? chosenId : (ownIds.at(-1) ?? null);
  const onKeyDown = (fromId: string, event: KeyboardEvent<HTMLButtonElement>) => {
    const to = stepOf(event.key, ownIds.indexOf(fromId), ownIds.length);
    if (to === null) return;
    // The keys would otherwise scroll the log.
    event.preventDefault();
    const holder = [...(scrollRef.current?.querySelectorAll<HTMLElement>("[data-message-id]") ?? [])].find(
      (element) => element.dataset.messageId === ownIds[to],
    );
    const action = event.currentTarget.dataset.messageAction ?? MESSAGE_ACTION.delete;
    const target =
      holder?.querySelector<HTMLButtonElement>(`[data-message-action="${action}"]`) ??
      holder?.querySelector<HTMLButtonElement>("[data-message-action]");
    target?.focus();
  };
  return { tabStopId, onKeyDown, onFocus: setChosenId };
}

/** The conversation (role="log": new messages are announced politely); older pages load at the top. */
export function MessageLog(props: MessageLogProps) {
  const { chat, viewerId, messages, pending, hasOlder, loadingOlder, olderFailed, onLoadOlder, editingId } =
    props;
  const scrollRef = useRef<HTMLDivElement>(null);
  useImperativeHandle<HTMLDivElement | null, HTMLDivElement | null>(props.ref, () => scrollRef.current, []);
  // A message being edited shows its form, not its buttons.
  const ownActions = useOwnMessageActions(
    messages.filter((m) => m.sender._id === viewerId && m._id !== editingId).map((m) => m._id),
    scrollRef,
  );
  const topRef = useRef<HTMLDivElement>(null);
  const items: Item[] = [
    ...messages.map((message) => ({
      key: message._id,
      kind: "message" as const,
      message,
      senderId: message.sender._id,
      at: message.createdAt,
    })),
    ...pending.map((entry) => ({
      key: entry.clientId,
      kind: "pending" as const,
      entry,
      senderId: viewerId,
      at: entry.createdAt,
    })),
  ];
  const firstKey = items[0]?.key;
  const lastItem = items.at(-1);
  const seen = seenLabelFor(chat, messages, viewerId);
  const view = useRef({ firstKey, lastKey: lastItem?.key, scrollHeight: 0, atBottom: true });
  // Messages from others newer than the newest the member has been at the bottom with: while they read
  // further up, a pill under the log says how many came (however many in one go, and fewer once one is
  // unsent). The member's own, sent or waiting, are never news to them.
  const newestAt = messages.at(-1)?.createdAt ?? "";
  const [readUpTo, setReadUpTo] = useState(newestAt);
  const arrivedBelow = countNewer(messages, readUpTo, viewerId);

  // Stays at the bottom as messages arrive (if the member was there, or sent one), and keeps the
  // reading position still when older messages are added above.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const before = view.current;
    const prepended =
      before.firstKey !== firstKey && before.lastKey === lastItem?.key && before.scrollHeight > 0;
    const ownNew = before.lastKey !== lastItem?.key && lastItem?.senderId === viewerId;
    const toBottom = !prepended && (before.atBottom || ownNew);
    if (prepended) element.scrollTop += element.scrollHeight - before.scrollHeight;
    else if (toBottom) element.scrollTop = element.scrollHeight;
    if (toBottom) setReadUpTo(newestAt);
    view.current = {
      firstKey,
      lastKey: lastItem?.key,
      scrollHeight: element.scrollHeight,
      atBottom: toBottom || before.atBottom,
    };
  });

  // The log's own size changes too (the message box grows with its lines, the keyboard opens, a photo
  // in a message loads): a member reading the newest messages stays with them.
  useEffect(() => {
    const element = scrollRef.current;
    const content = element?.firstElementChild;
    if (!element || !content || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      if (view.current.atBottom) element.scrollTop = element.scrollHeight;
      view.current.scrollHeight = element.scrollHeight;
    });
    observer.observe(element);
    observer.observe(content);
    return () => observer.disconnect();
  }, []);

  const onScroll = () => {
    const element = scrollRef.current;
    if (!element) return;
    view.current.atBottom = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
    view.current.scrollHeight = element.scrollHeight;
    if (view.current.atBottom) setReadUpTo(newestAt);
  };

  // The pill goes as it takes the member down: the focus stays in the log it took them through.
  const showNewest = () => {
    const element = scrollRef.current;
    if (!element) return;
    element.scrollTo({ top: element.scrollHeight, behavior: prefersReducedMotion() ? "auto" : "smooth" });
    view.current.atBottom = true;
    setReadUpTo(newestAt);
    element.focus({ preventScroll: true });
  };

  const loadOlder = useCallback(() => {
    if (hasOlder && !loadingOlder) onLoadOlder();
  }, [hasOlder, loadingOlder, onLoadOlder]);
  // Not again by itself after a failure (offline, the server away): each new observer would see the top
  // at once and ask again, in a loop; the button says so and asks when tapped.
  useOnInView(topRef, loadOlder, {
    enabled: hasOlder && !loadingOlder && !olderFailed,
    rootMargin: "200px 0px",
  });

  return (
    // The pill is beside the log, not in it: the log's live region reads the messages, not the pill too.
    <div className="relative flex min-h-0 flex-1 flex-col">
      <div
        ref={scrollRef}
        role="log"
        aria-live="polite"
        aria-label="Messages"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable to scroll it by keyboard
        tabIndex={0}
        onScroll={onScroll}
        className="relative min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 pt-4 pb-2 focus-visible:outline-offset-[-2px] sm:px-5"
      >
        {/* Anchors a short conversation to the bottom, next to the send box, as chats read. */}
        <div className="flex min-h-full flex-col justify-end">
          <div ref={topRef} className="flex justify-center pb-2">
            {hasOlder && (
              <button
                type="button"
                onClick={loadOlder}
                disabled={loadingOlder}
                className="inline-flex items-center gap-2 rounded-full px-3 py-1 text-xs font-semibold text-zinc-600 hover:bg-zinc-100"
              >
                {loadingOlder && <Spinner className="size-3.5 border-2" />}
                {loadingOlder
                  ? "Loading older messages..."
                  : olderFailed
                    ? "Couldn't load older messages. Try again"
                    : "Load older messages"}
              </button>
            )}
          </div>
          {!hasOlder && <ChatIntro chat={chat} viewerId={viewerId} empty={items.length === 0} />}
          {items.map((item, index) => {
            const previous = items[index - 1];
            const next = items[index + 1];
            const run: RunPosition = { first: !isSameRun(previous, item), last: !isSameRun(item, next) };
            const newDay = !previous || !sameDay(previous.at, item.at);
            return (
              <Fragment key={item.key}>
                {newDay && (
                  <p className="my-4 text-center text-xs font-semibold text-zinc-500">{dayLabel(item.at)}</p>
                )}
                {item.kind === "pending" ? (
                  <PendingItem
                    entry={item.entry}
                    // A reason is said once, under the last of the messages it stopped in a row.
                    showReason={next?.kind !== "pending" || next.entry.reason !== item.entry.reason}
                    run={run}
                    onRetry={() => props.onRetry(item.entry.clientId)}
                    onDiscard={() => props.onDiscard(item.entry.clientId)}
                  />
                ) : (
                  <MessageItem
                    message={item.message}
                    own={item.senderId === viewerId}
                    showSender={chat.isGroupChat && item.senderId !== viewerId}
                    run={run}
                    seenLabel={seen?.id === item.key ? seen.label : null}
                    editing={editingId === item.key}
                    onEdit={props.canEdit ? () => props.onEdit(item.key) : undefined}
                    onCancelEdit={() => props.onEdit(null)}
                    onSave={(text) => props.onSave(item.message, text)}
                    onDelete={() => props.onDelete(item.message)}
                    tabbable={ownActions.tabStopId === item.key}
                    onActionsKeyDown={(event) => ownActions.onKeyDown(item.key, event)}
                    onActionsFocus={() => ownActions.onFocus(item.key)}
                  />
                )}
              </Fragment>
            );
          })}
        </div>
      </div>
      {arrivedBelow > 0 && (
        <div className="pointer-events-none absolute inset-x-0 bottom-3 flex justify-center">
          <button
            type="button"
            onClick={showNewest}
            className="pointer-events-auto inline-flex items-center gap-1.5 rounded-full bg-white px-3.5 py-1.5 text-sm font-semibold text-fuchsia-700 shadow-lg ring-1 ring-zinc-200 hover:bg-fuchsia-50"
          >
            <ArrowDownIcon className="size-4" />
            {arrivedBelow === 1 ? "1 new message" : `${arrivedBelow} new messages`}
          </button>
        </div>
      )}
    </div>
  );
}

/** How many of others' messages are newer than `readUpTo`, counted back from the newest. */
function countNewer(messages: Message[], readUpTo: string, viewerId: string): number {
  let count = 0;
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index];
    if (!message || message.createdAt <= readUpTo) break;
    if (message.sender._id !== viewerId) count++;
  }
  return count;
}

const prefersReducedMotion = () => window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
