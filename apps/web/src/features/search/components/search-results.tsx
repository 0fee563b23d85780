import { useId } from "react";
import { Link } from "react-router";
import { Avatar } from "../../../components/avatar";
import { SearchIcon } from "../../../components/icons";
import { LoadError } from "../../../components/load-error";
import { retryAdvice } from "../../../lib/query-retry";
import { PostTile } from "../../posts/components/post-grid";
import { postsCountText } from "../../tags/tag-format";
import type { PagedKind } from "../api/search.api";
import type { FoundOption, ResultGroup, ResultOption, ShowMoreOption } from "../result-options";

export const optionId = (listboxId: string, option: ResultOption) => `${listboxId}-${option.key}`;

const bone = "animate-pulse bg-zinc-200/80 motion-reduce:animate-none";

interface SearchResultsProps {
  listboxId: string;
  groups: ResultGroup[] | undefined;
  /** The option the arrow keys reached (the combobox's active descendant). */
  activeKey: string | null;
  status: "loading" | "error" | "ready";
  /** Why the search failed, for what to do about it: the connection, the server, or too many searches. */
  error?: unknown;
  /** A newer search is on its way: the shown results are the last text's. */
  stale: boolean;
  retrying: boolean;
  onRetry: () => void;
  onOpen: (option: ResultOption) => void;
  /** The kind whose next page is on its way, if any. */
  loadingMore: PagedKind | null;
}

/**
 * The search's answer, in a listbox the search box controls: Members, Posts (thumbnails) and Tags, each a
 * group. Options are links (a click, a middle click or Enter in the box opens them).
 */
export function SearchResults(props: SearchResultsProps) {
  const { listboxId, groups, activeKey, status, error, stale, retrying, onRetry, onOpen, loadingMore } =
    props;

  if (status === "loading") return <ResultsSkeleton />;
  if (status === "error") {
    return (
      <LoadError
        title="Couldn't search right now."
        detail={retryAdvice(error)}
        onRetry={onRetry}
        retrying={retrying}
      />
    );
  }
  if (!groups || groups.length === 0) {
    return (
      <div role="status" className="flex flex-col items-center px-6 py-14 text-center">
        <span className="flex size-16 items-center justify-center rounded-full border-2 border-zinc-900 text-zinc-900">
          <SearchIcon className="size-8" />
        </span>
        <p className="mt-4 text-xl font-bold tracking-tight text-zinc-900">No results found</p>
        <p className="mt-1.5 text-sm text-zinc-600">Try another name, a word from a caption, or a #tag.</p>
      </div>
    );
  }

  return (
    <div
      id={listboxId}
      role="listbox"
      aria-label="Search results"
      aria-busy={stale}
      className={`space-y-6 transition-opacity ${stale ? "opacity-60" : ""}`}
    >
      {groups.map((group) => (
        <Group
          key={group.kind}
          group={group}
          listboxId={listboxId}
          activeKey={activeKey}
          onOpen={onOpen}
          loadingMore={loadingMore}
        />
      ))}
    </div>
  );
}

interface GroupProps {
  group: ResultGroup;
  listboxId: string;
  activeKey: string | null;
  onOpen: (option: ResultOption) => void;
  loadingMore: PagedKind | null;
}

function Group({ group, listboxId, activeKey, onOpen, loadingMore }: GroupProps) {
  const { more } = group;
  const labelId = useId();
  const optionProps = (option: ResultOption) => ({
    id: optionId(listboxId, option),
    role: "option",
    "aria-selected": option.key === activeKey,
    // Reached by the arrow keys from the search box (active descendant), not by Tab.
    tabIndex: -1,
    onClick: () => onOpen(option),
  });
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of options in a listbox (WAI-ARIA), not a form's fieldset
    <div role="group" aria-labelledby={labelId}>
      <div role="presentation" id={labelId} className="mb-2 px-1 text-base font-semibold text-zinc-900">
        {group.label}
      </div>
      {group.kind === "post" ? (
        <div role="presentation" className="-mx-4 grid grid-cols-3 gap-0.5 sm:mx-0 sm:grid-cols-4 sm:gap-1">
          {group.options.map(
            (option) =>
              option.kind === "post" && (
                <div key={option.key} role="presentation" className="relative aspect-square">
                  <PostTile
                    post={option.post}
                    {...optionProps(option)}
                    // The mark is a layer over the picture: a ring of the tile itself is painted under it.
                    className="aria-selected:z-10 aria-selected:after:pointer-events-none aria-selected:after:absolute aria-selected:after:inset-0 aria-selected:after:ring-4 aria-selected:after:ring-fuchsia-500 aria-selected:after:ring-inset"
                  />
                </div>
              ),
          )}
        </div>
      ) : (
        <div role="presentation" className="space-y-0.5">
          {group.options.map((option) => (
            <Link
              key={option.key}
              to={option.href}
              {...optionProps(option)}
              // The row the arrow keys reached wears the focus's own colour (index.css), a ring well over 3:1
              // on the page, as the post tiles wear theirs: the real focus stays in the search box.
              className="flex items-center gap-3 rounded-2xl px-2 py-2 transition hover:bg-zinc-50 aria-selected:bg-fuchsia-50 aria-selected:ring-2 aria-selected:ring-fuchsia-600 aria-selected:ring-inset"
            >
              <OptionContent option={option} />
            </Link>
          ))}
        </div>
      )}
      {more && (
        <ShowMore
          id={optionId(listboxId, more)}
          option={more}
          selected={more.key === activeKey}
          loading={loadingMore === more.of}
          onChoose={() => onOpen(more)}
        />
      )}
    </div>
  );
}

interface ShowMoreProps {
  id: string;
  option: ShowMoreOption;
  selected: boolean;
  loading: boolean;
  onChoose: () => void;
}

/** "Show more members": an option like the rest (the arrow keys reach it, Enter or a click chooses it). */
function ShowMore({ id, option, selected, loading, onChoose }: ShowMoreProps) {
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keys reach it through the search box (its active descendant), whose Enter chooses it
    <div
      id={id}
      role="option"
      aria-selected={selected}
      aria-busy={loading}
      // Reached by the arrow keys from the search box, which keeps the focus on a click too.
      tabIndex={-1}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onChoose}
      className="mt-2 flex cursor-pointer items-center justify-center rounded-xl px-3 py-2.5 text-sm font-semibold text-fuchsia-700 transition select-none hover:bg-fuchsia-50 aria-selected:bg-fuchsia-50 aria-selected:ring-2 aria-selected:ring-fuchsia-600 aria-selected:ring-inset"
    >
      {loading ? "Loading..." : option.label}
    </div>
  );
}

function OptionContent({ option }: { option: FoundOption }) {
  if (option.kind === "member") {
    const { member } = option;
    return (
      <>
        <Avatar src={member.avatar} name={member.username} className="size-11 text-base ring-0" />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-semibold text-zinc-900">{member.username}</span>
          {member.fullName && <span className="block truncate text-sm text-zinc-500">{member.fullName}</span>}
        </span>
      </>
    );
  }
  if (option.kind === "tag") {
    return (
      <>
        <span
          aria-hidden="true"
          className="flex size-11 shrink-0 items-center justify-center rounded-full border border-zinc-200 text-lg font-semibold text-zinc-700"
        >
          #
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-semibold text-zinc-900">#{option.tag.name}</span>
          <span className="block truncate text-sm text-zinc-500">
            {postsCountText(option.tag.postsCount)}
          </span>
        </span>
      </>
    );
  }
  return null;
}

function ResultsSkeleton() {
  return (
    <div aria-busy="true">
      <p role="status" className="sr-only">
        Searching...
      </p>
      <div aria-hidden="true" className="space-y-6">
        <div className="space-y-3">
          <div className={`${bone} h-4 w-20 rounded`} />
          {[0, 1, 2].map((row) => (
            <div key={row} className="flex items-center gap-3 px-2">
              <div className={`${bone} size-11 rounded-full`} />
              <div className="space-y-2">
                <div className={`${bone} h-3.5 w-28 rounded`} />
                <div className={`${bone} h-3 w-40 rounded`} />
              </div>
            </div>
          ))}
        </div>
        <div className="space-y-3">
          <div className={`${bone} h-4 w-14 rounded`} />
          <div className="-mx-4 grid grid-cols-3 gap-0.5 sm:mx-0 sm:grid-cols-4 sm:gap-1">
            {[0, 1, 2, 3, 4, 5, 6, 7].map((tile) => (
              <div key={tile} className={`${bone} aspect-square`} />
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
