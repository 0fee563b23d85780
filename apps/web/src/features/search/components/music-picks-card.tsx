import { Link } from "react-router";
import { tagPath } from "../../../lib/paths";
import { MUSIC_PICKS } from "../explore-content";
import { ExploreCard } from "./explore-card";

/** Spec §2's music picks: the team's list (local data); each opens the posts of its genre's tag. */
export function MusicPicksCard() {
  return (
    <ExploreCard title="Music picks">
      <ul className="-mx-2">
        {MUSIC_PICKS.map((pick) => (
          <li key={pick.title}>
            <Link
              to={tagPath(pick.tag)}
              className="flex items-center gap-3 rounded-xl px-2 py-2 transition hover:bg-zinc-50"
            >
              <span
                aria-hidden="true"
                className={`flex size-11 shrink-0 items-center justify-center rounded-lg bg-linear-to-br text-lg text-white shadow-sm ${pick.cover}`}
              >
                ♪
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-semibold text-zinc-900">{pick.title}</span>
                <span className="block truncate text-xs text-zinc-500">
                  {pick.artist} · #{pick.tag}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </ExploreCard>
  );
}
