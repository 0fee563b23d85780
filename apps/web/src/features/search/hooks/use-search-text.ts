import {
  EXPLORE_SEARCH_MIN_CHARS,
  leadingText,
  SEARCH_DEBOUNCE_MS,
  SEARCH_QUERY_MAX_LENGTH,
  textLength,
  withoutNul,
} from "@flik/shared";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { useDebouncedValue } from "../../chat/hooks/use-debounced-value";

/** Spec §5: the explore search starts at 2 characters (an emoji is one, as every limit counts). */
export const isExploreSearchable = (text: string) => textLength(text.trim()) >= EXPLORE_SEARCH_MIN_CHARS;

/** A `?q=` as the box would have kept it when typed: no NUL, at most the search's length. */
const searchableText = (q: string | null) => leadingText(withoutNul(q ?? ""), SEARCH_QUERY_MAX_LENGTH);

/**
 * The search box's text, and what is searched: the text once it has rested 300 ms (spec §9). The searched
 * text is kept in the address (`?q=`), so Back from a result comes back to the same results; a visit to
 * /search without it (the Search tab) empties the box.
 */
export function useSearchText() {
  const [params, setParams] = useSearchParams();
  // An address typed or pasted by hand may hold what the box never would (a 400 for the search).
  const inAddress = searchableText(params.get("q"));
  const [text, setText] = useState(inAddress);
  const searched = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  // What this hook last put in (or found in) the address: a different value came from a navigation.
  const known = useRef(inAddress);

  useEffect(() => {
    if (inAddress === known.current) return;
    known.current = inAddress;
    setText(inAddress);
  }, [inAddress]);

  useEffect(() => {
    if (searched === known.current) return;
    known.current = searched;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (searched) next.set("q", searched);
        else next.delete("q");
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [searched, setParams]);

  return { text, setText, searched, searchable: isExploreSearchable(searched) };
}
