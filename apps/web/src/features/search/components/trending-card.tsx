import { Link } from "react-router";
import { tagPath } from "../../../lib/paths";
import { formatCount } from "../../posts/components/post-actions";
import { useTrendingTagsQuery } from "../../tags/api/tags.queries";
import { cardBone, ExploreCard } from "./explore-card";

/** A glance: the side column stays shorter than a screen. */
const SHOWN = 8;

/** Spec §2's trending tags, from real posts (issue 18): used more than usual in the last 24 hours. */
export function TrendingCard() {
  const trending = useTrendingTagsQuery();
  const tags = trending.data?.slice(0, SHOWN);
  return (
    <ExploreCard title="Trending">
      {tags ? (
        tags.length === 0 ? (
          <p className="text-sm text-zinc-500">Nothing is trending yet. Tag a post to start something.</p>
        ) : (
          // Chips where the cards stand above the grid (smaller screens); a ranked list in the side column.
          <ol className="flex flex-wrap gap-2 lg:-mx-2 lg:block">
            {tags.map((tag, index) => (
              <li key={tag.name} className="min-w-0">
                <Link
                  to={tagPath(tag.name)}
                  className="flex max-w-full items-center gap-3 rounded-full bg-zinc-100 px-3 py-1.5 transition hover:bg-zinc-200 lg:rounded-xl lg:bg-transparent lg:px-2 lg:py-2 lg:hover:bg-zinc-50"
                >
                  <span
                    aria-hidden="true"
                    className="hidden w-4 text-right text-sm font-semibold text-zinc-400 tabular-nums lg:block"
                  >
                    {index + 1}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-semibold text-zinc-900">#{tag.name}</span>
                    <span className="block truncate text-xs text-zinc-500 max-lg:sr-only">
                      {formatCount(tag.recentCount)} {tag.recentCount === 1 ? "post" : "posts"} in the last
                      day
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ol>
        )
      ) : trending.isError ? (
        <div role="alert" className="text-sm text-zinc-600">
          Couldn't load what's trending.{" "}
          <button
            type="button"
            onClick={() => void trending.refetch()}
            className="font-semibold text-fuchsia-600 underline hover:text-fuchsia-700"
          >
            Try again
          </button>
        </div>
      ) : (
        <div aria-hidden="true" className="space-y-3">
          {[0, 1, 2, 3].map((row) => (
            <div key={row} className="space-y-1.5">
              <div className={`${cardBone} h-3.5 w-28`} />
              <div className={`${cardBone} h-3 w-20`} />
            </div>
          ))}
        </div>
      )}
    </ExploreCard>
  );
}
