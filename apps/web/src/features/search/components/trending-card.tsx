import { Link } from "react-router";
import { tagPath } from "../../../lib/paths";
import { formatCount } from "../../posts/components/post-actions";
import { useTrendingTagsQuery } from "../../tags/api/tags.queries";
import { cardBone, ExploreCard } from "./explore-card";

/** A glance: the side column stays shorter than a screen; the row above a phone's grid shows five. */
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
          <ol className="-mx-2">
            {tags.map((tag, index) => (
              <li key={tag.name} className="min-w-0 max-lg:nth-[n+6]:hidden">
                <Link
                  to={tagPath(tag.name)}
                  className="flex max-w-full items-center gap-3 rounded-xl px-2 py-2 transition hover:bg-zinc-50"
                >
                  <span
                    aria-hidden="true"
                    className="w-4 text-right text-sm font-semibold text-zinc-500 tabular-nums"
                  >
                    {index + 1}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-semibold text-zinc-900">#{tag.name}</span>
                    <span className="block truncate text-xs text-zinc-500">
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
