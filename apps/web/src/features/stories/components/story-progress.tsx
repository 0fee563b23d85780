import type { Story } from "@flik/shared";

interface StoryProgressProps {
  stories: Story[];
  current: number;
  /** The current story's share played, 0–1. */
  fraction: number;
}

/**
 * The space between the bars: narrower as they grow many, so that each keeps a width to be seen at the
 * 100 stories a member may have (on a 360 px phone, 4 px gaps alone would take the whole row).
 */
function gapFor(count: number): string {
  if (count <= 20) return "gap-1";
  return count <= 50 ? "gap-0.5" : "gap-px";
}

/** One bar per story of the member (spec §2): the ones played full, the current one filling. */
export function StoryProgress({ stories, current, fraction }: StoryProgressProps) {
  return (
    <div className={`flex ${gapFor(stories.length)}`}>
      {stories.map((story, index) => {
        const percent = index < current ? 100 : index > current ? 0 : Math.round(fraction * 1000) / 10;
        return (
          <div
            key={story._id}
            role="progressbar"
            aria-label={`Story ${index + 1} of ${stories.length}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.floor(percent)}
            className="h-0.5 min-w-px flex-1 overflow-hidden rounded-full bg-white/35"
          >
            <div className="h-full rounded-full bg-white" style={{ width: `${percent}%` }} />
          </div>
        );
      })}
    </div>
  );
}
