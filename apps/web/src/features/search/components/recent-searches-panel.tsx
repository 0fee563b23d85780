import { type KeyboardEvent, type RefObject, useId } from "react";
import { Link } from "react-router";
import { Avatar } from "../../../components/avatar";
import { SearchIcon } from "../../../components/icons";
import { CloseIcon } from "../../../components/later-icons";
import { profilePath, tagPath } from "../../../lib/paths";
import { type RecentSearch, recentKey } from "../recent-searches";

/** Marks each row's main control, which the arrow keys move between. */
const ITEM = "data-recent-item";

interface RecentSearchesPanelProps {
  id: string;
  items: readonly RecentSearch[];
  /** The search box: arrow up from the first row, and every removal, go back to it. */
  inputRef: RefObject<HTMLInputElement | null>;
  /** A member or a tag opens its page; a text is searched again. */
  onOpen: (item: RecentSearch) => void;
  onRemove: (item: RecentSearch) => void;
  onClear: () => void;
  /** Escape from anywhere in the panel puts it away, as from the box, and the box has the focus again. */
  onDismiss: () => void;
}

function labelOf(item: RecentSearch): string {
  if (item.kind === "member") return item.username;
  if (item.kind === "tag") return `#${item.name}`;
  return item.text;
}

/** The first row's main control, for the search box's arrow down. */
export function firstRecentItem(panel: HTMLElement | null): HTMLElement | null {
  return panel?.querySelector<HTMLElement>(`[${ITEM}]`) ?? null;
}

/**
 * Under the empty, focused search box: the member's recent searches on this device, each removable, and
 * Clear all. Arrow keys move between rows (and back up to the box), Delete removes a row, Escape puts the
 * panel away.
 */
export function RecentSearchesPanel({
  id,
  items,
  inputRef,
  onOpen,
  onRemove,
  onClear,
  onDismiss,
}: RecentSearchesPanelProps) {
  const titleId = useId();
  const refocusBox = () => inputRef.current?.focus();

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === "Escape") {
      event.preventDefault();
      refocusBox();
      onDismiss();
      return;
    }
    const rows = [...event.currentTarget.querySelectorAll<HTMLElement>(`[${ITEM}]`)];
    const index = rows.indexOf(event.target as HTMLElement);
    if (index === -1) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const next = event.key === "ArrowDown" ? rows[index + 1] : rows[index - 1];
      if (next) next.focus();
      else if (event.key === "ArrowUp") refocusBox();
    } else if (event.key === "Delete") {
      const item = items[index];
      if (!item) return;
      event.preventDefault();
      onRemove(item);
      refocusBox();
    }
  }

  return (
    <section
      id={id}
      // Not modal: the search box above it stays in use (it is the combobox's popup).
      role="dialog"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      // A press inside keeps the search box focused (Safari focuses neither buttons nor links on click),
      // so the panel stays open for the click to land.
      onMouseDown={(event) => event.preventDefault()}
      className="absolute inset-x-0 top-full z-30 mt-2 max-h-[min(28rem,65dvh)] overflow-y-auto rounded-2xl border border-zinc-200 bg-white p-2 shadow-xl shadow-zinc-900/10"
    >
      <div className="flex items-center justify-between px-2 py-1.5">
        <h2 id={titleId} className="text-base font-semibold text-zinc-900">
          Recent
        </h2>
        {items.length > 0 && (
          <button
            type="button"
            onClick={() => {
              onClear();
              refocusBox();
            }}
            className="rounded-lg px-2 py-1 text-sm font-semibold text-fuchsia-600 hover:bg-fuchsia-50 hover:text-fuchsia-700"
          >
            Clear all
          </button>
        )}
      </div>
      {items.length === 0 ? (
        <p className="px-2 pt-2 pb-4 text-sm text-zinc-500">No recent searches.</p>
      ) : (
        <ul aria-labelledby={titleId}>
          {items.map((item) => (
            <li key={recentKey(item)} className="flex items-center gap-1 rounded-2xl hover:bg-zinc-50">
              <RecentItem item={item} onOpen={() => onOpen(item)} />
              <button
                type="button"
                aria-label={`Remove ${labelOf(item)} from recent searches`}
                onClick={() => {
                  onRemove(item);
                  refocusBox();
                }}
                className="mr-1 flex size-9 shrink-0 items-center justify-center rounded-full text-zinc-500 hover:bg-zinc-200 hover:text-zinc-900"
              >
                <CloseIcon className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const rowClass =
  "flex min-w-0 flex-1 items-center gap-3 rounded-2xl px-2 py-2 text-left focus-visible:outline-offset-[-2px]";
const iconClass =
  "flex size-11 shrink-0 items-center justify-center rounded-full border border-zinc-200 text-zinc-700";

function RecentItem({ item, onOpen }: { item: RecentSearch; onOpen: () => void }) {
  const itemProps = { [ITEM]: "" };
  if (item.kind === "text") {
    return (
      <button type="button" onClick={onOpen} className={rowClass} {...itemProps}>
        <span aria-hidden="true" className={iconClass}>
          <SearchIcon className="size-5" />
        </span>
        <span className="min-w-0 truncate text-sm font-medium text-zinc-900">{item.text}</span>
      </button>
    );
  }
  const to = item.kind === "member" ? profilePath(item.username) : tagPath(item.name);
  return (
    <Link to={to} onClick={onOpen} className={rowClass} {...itemProps}>
      {item.kind === "member" ? (
        <>
          <Avatar src={item.avatar} name={item.username} className="size-11 text-base ring-0" />
          <span className="min-w-0">
            <span className="block truncate text-sm font-semibold text-zinc-900">{item.username}</span>
            {item.fullName && <span className="block truncate text-sm text-zinc-500">{item.fullName}</span>}
          </span>
        </>
      ) : (
        <>
          <span aria-hidden="true" className={`${iconClass} text-lg font-semibold`}>
            #
          </span>
          <span className="min-w-0 truncate text-sm font-semibold text-zinc-900">#{item.name}</span>
        </>
      )}
    </Link>
  );
}
