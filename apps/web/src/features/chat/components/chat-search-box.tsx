import { SEARCH_QUERY_MAX_LENGTH } from "@flik/shared";
import { useRef } from "react";
import { SearchIcon } from "../../../components/icons";
import { CloseIcon } from "../../../components/later-icons";
import { limitedText } from "../../../lib/limited-text";

interface ChatSearchBoxProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}

/**
 * A search field with a clear button; Escape clears it too. Its results come as it is typed, so Enter
 * has nothing to do: inside a form (New group's) it must not submit it, with a member typed but not picked.
 */
export function ChatSearchBox({ id, label, value, onChange, placeholder = "Search" }: ChatSearchBoxProps) {
  const field = useRef<HTMLInputElement>(null);
  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4.5 -translate-y-1/2 text-zinc-400" />
      <input
        ref={field}
        id={id}
        type="search"
        {...limitedText(value, SEARCH_QUERY_MAX_LENGTH, onChange)}
        onKeyDown={(event) => {
          if (event.key === "Enter") event.preventDefault();
          if (event.key === "Escape" && value) {
            event.preventDefault();
            onChange("");
          }
        }}
        placeholder={placeholder}
        autoComplete="off"
        className="w-full rounded-xl border border-transparent bg-zinc-100 py-2.5 pr-10 pl-9.5 text-base text-zinc-900 placeholder:text-zinc-600 focus:border-fuchsia-600 focus:bg-white focus:ring-4 focus:ring-fuchsia-500/15 focus:outline-none sm:text-sm [&::-webkit-search-cancel-button]:hidden"
      />
      {value && (
        <button
          type="button"
          aria-label="Clear search"
          onClick={() => {
            onChange("");
            // The button goes with the text: the box, where a new search is typed, keeps the focus
            // (inside New group, the dialog does).
            field.current?.focus();
          }}
          className="absolute top-1/2 right-1.5 flex size-8 -translate-y-1/2 items-center justify-center rounded-full text-zinc-500 hover:bg-zinc-200 hover:text-zinc-800"
        >
          <CloseIcon className="size-4" />
        </button>
      )}
    </div>
  );
}
