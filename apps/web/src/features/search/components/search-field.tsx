import { SEARCH_QUERY_MAX_LENGTH } from "@flik/shared";
import type { KeyboardEvent, RefObject } from "react";
import { SearchIcon } from "../../../components/icons";
import { CloseIcon } from "../../../components/later-icons";
import { limitedText } from "../../../lib/limited-text";

interface SearchFieldProps {
  id: string;
  inputRef: RefObject<HTMLInputElement | null>;
  value: string;
  onChange: (value: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  /** A click in the box, which may already have the focus. */
  onClick: () => void;
  /** The results listbox, while it shows. */
  listboxId: string | undefined;
  /** The recent searches panel, while it shows under the empty box. */
  recentPanelId: string | undefined;
  /** The option the arrow keys reached, if any. */
  activeOptionId: string | undefined;
}

export const SEARCH_LABEL = "Search people, posts and tags";

/** The explore search box: a combobox whose results list shows under it. */
export function SearchField({
  id,
  inputRef,
  value,
  onChange,
  onKeyDown,
  onClick,
  listboxId,
  recentPanelId,
  activeOptionId,
}: SearchFieldProps) {
  // Never both: the results need a text, the recent searches an empty box.
  const openPanelId = listboxId ?? recentPanelId;
  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        {SEARCH_LABEL}
      </label>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-zinc-400" />
      <input
        ref={inputRef}
        id={id}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={openPanelId !== undefined}
        aria-controls={openPanelId}
        // The recent searches are a dialog the arrow keys move the focus into (WAI-ARIA's combobox with a
        // dialog popup); the results, a listbox the focus stays above.
        aria-haspopup={recentPanelId !== undefined ? "dialog" : "listbox"}
        aria-activedescendant={activeOptionId}
        {...limitedText(value, SEARCH_QUERY_MAX_LENGTH, onChange)}
        onKeyDown={onKeyDown}
        onClick={onClick}
        placeholder="Search"
        enterKeyHint="search"
        autoComplete="off"
        autoCorrect="off"
        autoCapitalize="none"
        spellCheck={false}
        className="w-full rounded-xl border border-transparent bg-zinc-100 py-3 pr-11 pl-11 text-base text-zinc-900 placeholder:text-zinc-600 focus:border-fuchsia-600 focus:bg-white focus:ring-4 focus:ring-fuchsia-500/15 focus:outline-none sm:text-sm [&::-webkit-search-cancel-button]:hidden"
      />
      {value && (
        <button
          type="button"
          aria-label="Clear search"
          // Keeps the box focused, so clearing shows the recent searches at once.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            onChange("");
            inputRef.current?.focus();
          }}
          className="absolute top-1/2 right-2 flex size-8 -translate-y-1/2 items-center justify-center rounded-full text-zinc-500 hover:bg-zinc-200 hover:text-zinc-800"
        >
          <CloseIcon className="size-4" />
        </button>
      )}
    </div>
  );
}
