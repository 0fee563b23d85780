import { type FocusEvent, type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { retryAdvice } from "../../../lib/query-retry";
import { toast } from "../../../lib/toast";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useSearchResultsQuery, useShowMoreResults } from "../api/search.queries";
import { ExploreBody } from "../components/explore-body";
import { firstRecentItem, RecentSearchesPanel } from "../components/recent-searches-panel";
import { SearchField } from "../components/search-field";
import { optionId, SearchResults } from "../components/search-results";
import { useRecentSearches } from "../hooks/use-recent-searches";
import { useResultsAnnouncement } from "../hooks/use-results-announcement";
import { isExploreSearchable, useSearchText } from "../hooks/use-search-text";
import type { RecentSearch } from "../recent-searches";
import {
  optionsInOrder,
  type ResultOption,
  resultGroups,
  resultKey,
  type ShowMoreOption,
} from "../result-options";

/** What a link to Explore may ask of it (its history state). */
export interface ExploreArrival {
  findPeople?: boolean;
}

/**
 * The history entries whose arrival to find people has had its focus: coming back to one (Back from a
 * profile found) leaves the focus where the page puts it, and a phone's keyboard closed.
 */
const arrivalsFocused = new Set<string>();

/**
 * /search (spec §2, issue 18): the search box over explore. Typing 2 characters or more shows members,
 * posts and tags instead of explore; the empty, focused box offers the recent searches.
 */
export function ExploreScreen() {
  useDocumentTitle("Explore");
  const navigate = useNavigate();
  const baseId = useId();
  const listboxId = `${baseId}-results`;
  const recentId = `${baseId}-recent`;
  const inputRef = useRef<HTMLInputElement>(null);
  const regionRef = useRef<HTMLElement>(null);
  // Come to find people (the empty feed's "Find people to follow"): the box is ready to type in, once per
  // arrival. (The ask stays on the entry: taking it off by a replacing navigation lost the focus it had
  // just given.)
  const location = useLocation();
  const findingPeople = (location.state as ExploreArrival | null)?.findPeople === true;
  useEffect(() => {
    if (!findingPeople || arrivalsFocused.has(location.key)) return;
    arrivalsFocused.add(location.key);
    inputRef.current?.focus();
  }, [findingPeople, location.key]);

  const { text, setText, searched, searchable } = useSearchText();
  const recent = useRecentSearches();
  const results = useSearchResultsQuery(searched, searchable);
  const groups = useMemo(
    () => (results.data ? resultGroups(results.data, searched) : undefined),
    [results.data, searched],
  );
  const options = useMemo(() => (groups ? optionsInOrder(groups) : []), [groups]);
  const showMore = useShowMoreResults();
  // What is on its way for this text (an earlier text's page, still coming, shows nowhere).
  const loadingMore =
    showMore.isPending && showMore.variables.q === searched ? showMore.variables.kind : null;
  // The option the arrow keys reached, for the answer it belongs to: a new answer starts with none.
  const [reached, setReached] = useState<{ key: string; answer: unknown } | null>(null);
  const active =
    reached && reached.answer === results.data
      ? options.find((option) => option.key === reached.key)
      : undefined;
  const setActiveKey = (key: string | null) =>
    setReached(key === null ? null : { key, answer: results.data });

  const [focused, setFocused] = useState(false);
  // Escape put away what shows under the box (the results, or the recent searches), as a combobox closes
  // its popup: ArrowDown, a click in the box or typing brings it back.
  const [closed, setClosed] = useState(false);
  // Searching shows from the second character, even while the 300 ms run: the skeleton says it is coming.
  const showResults = isExploreSearchable(text) && !closed;
  const listShown = showResults && results.isSuccess && options.length > 0;
  const recentOpen = focused && !closed && text.trim() === "";
  // This text's own answer, not the last text's shown dimmed while it comes.
  const ownAnswer =
    showResults && !results.isPlaceholderData && searched === text.trim() ? results.data : undefined;
  useResultsAnnouncement(searchable ? searched : "", ownAnswer);

  useEffect(() => {
    if (active) document.getElementById(optionId(listboxId, active))?.scrollIntoView?.({ block: "nearest" });
  }, [active, listboxId]);

  function changeText(value: string) {
    setText(value);
    setClosed(false);
  }

  function open(option: ResultOption) {
    if (option.kind === "more") return loadMore(option);
    recent.add(option.recent);
    navigate(option.href);
  }

  /** The next page of the kind: the arrow keys' mark moves to the first result it brought. */
  function loadMore(option: ShowMoreOption) {
    if (loadingMore) return;
    const paged = results.data;
    showMore.mutate(
      { q: searched, kind: option.of },
      {
        onSuccess: (more) => {
          const firstNewId = more?.firstNewId;
          if (!more || !firstNewId) return;
          // Only while the mark is on the answer it paged: another text's, marked since, keeps its own.
          setReached((current) =>
            !current || current.answer === paged
              ? { key: resultKey(option.of, firstNewId), answer: more.results }
              : current,
          );
        },
        onError: (error) => toast.error(`Couldn't load more results. ${retryAdvice(error)}`),
      },
    );
  }

  /** A click or a middle click: a result's link goes itself, and is remembered. */
  function clicked(option: ResultOption) {
    if (option.kind === "more") loadMore(option);
    else recent.add(option.recent);
  }

  function openRecent(item: RecentSearch) {
    recent.add(item);
    if (item.kind === "text") {
      changeText(item.text);
      inputRef.current?.focus();
    }
    // Members and tags are links: the click itself goes there.
  }

  function moveActive(step: 1 | -1) {
    const index = active ? options.indexOf(active) : -1;
    const next =
      index === -1 ? (step === 1 ? 0 : options.length - 1) : (index + step + options.length) % options.length;
    setActiveKey(options[next]?.key ?? null);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (listShown) {
        event.preventDefault();
        moveActive(event.key === "ArrowDown" ? 1 : -1);
      } else if (recentOpen && event.key === "ArrowDown") {
        const first = firstRecentItem(document.getElementById(recentId));
        if (first) {
          event.preventDefault();
          first.focus();
        }
      } else if (closed && event.key === "ArrowDown") {
        // As a combobox's list comes back: Escape put the results or recent searches away, ArrowDown
        // brings them.
        event.preventDefault();
        setClosed(false);
      }
    } else if (event.key === "Enter") {
      if (listShown && active) {
        event.preventDefault();
        open(active);
      } else if (isExploreSearchable(text)) {
        recent.add({ kind: "text", text: text.trim() });
      }
    } else if (event.key === "Escape") {
      // A combobox's Escape (WAI-ARIA): it closes what is open under the box, else empties the box,
      // which stays closed (the recent searches do not spring open in place of the results). The
      // focus stays in the box.
      event.preventDefault();
      if (listShown || recentOpen) {
        setActiveKey(null);
        setClosed(true);
      } else if (text) {
        setText("");
        setClosed(true);
      }
    }
  }

  const onBlur = (event: FocusEvent) => {
    if (!regionRef.current?.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <div className="mx-auto w-full">
      <h1 className="sr-only">Explore</h1>
      <search
        ref={regionRef}
        onFocus={() => setFocused(true)}
        onBlur={onBlur}
        className="sticky top-16 z-20 -mx-4 -mt-3 bg-zinc-50/90 px-4 py-3 backdrop-blur-md sm:-mx-6 sm:px-6 lg:-mt-6"
      >
        {/* On desktop, as wide as the explore grid under it (explore-body: a 19rem side column, 2rem gap). */}
        <div className="relative mx-auto max-w-2xl lg:mx-0 lg:max-w-[calc(100%-21rem)]">
          <SearchField
            id={`${baseId}-q`}
            inputRef={inputRef}
            value={text}
            onChange={changeText}
            onKeyDown={onKeyDown}
            onClick={() => setClosed(false)}
            listboxId={listShown ? listboxId : undefined}
            recentPanelId={recentOpen ? recentId : undefined}
            activeOptionId={listShown && active ? optionId(listboxId, active) : undefined}
          />
          {recentOpen && (
            <RecentSearchesPanel
              id={recentId}
              items={recent.items}
              inputRef={inputRef}
              onOpen={openRecent}
              onRemove={recent.remove}
              onClear={recent.clear}
              onDismiss={() => setClosed(true)}
            />
          )}
        </div>
      </search>

      {showResults ? (
        <div className="mx-auto mt-4 max-w-2xl lg:mx-0 lg:max-w-[calc(100%-21rem)]">
          <SearchResults
            listboxId={listboxId}
            groups={groups}
            activeKey={active?.key ?? null}
            // A read again that failed keeps the results shown; a new search's failure has none to keep.
            status={results.data ? "ready" : results.isError ? "error" : "loading"}
            error={results.error}
            stale={results.isPlaceholderData || searched !== text.trim()}
            retrying={results.isFetching}
            onRetry={() => {
              // Try again goes as the search starts again (its skeleton): the focus goes back to the box,
              // whose answer is read as it comes.
              inputRef.current?.focus();
              void results.refetch();
            }}
            onOpen={clicked}
            loadingMore={loadingMore}
          />
        </div>
      ) : (
        <ExploreBody />
      )}
    </div>
  );
}
