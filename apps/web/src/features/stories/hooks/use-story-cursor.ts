import type { Story, StoryGroup } from "@flik/shared";
import { useCallback, useEffect, useState } from "react";

/** Where the viewer is: by ids, so live changes to the groups never move it to another story. */
interface Position {
  userId: string;
  storyId: string;
  /** The indices it was found at, for when its story or group goes (deleted, expired). */
  groupIndex: number;
  storyIndex: number;
  /** Counts every story shown, a replay of the same one included: timers and videos start again. */
  play: number;
}

interface Indices {
  groupIndex: number;
  storyIndex: number;
}

/** Where a member's stories start: at the first one not seen yet, as in every story product. */
function startOf(group: StoryGroup): number {
  return Math.max(
    0,
    group.stories.findIndex((story) => !story.viewed),
  );
}

/** After the last story of a member come the next member's; after the last member, the first (spec §4). */
export function nextIndices(groups: StoryGroup[], { groupIndex, storyIndex }: Indices): Indices {
  const group = groups[groupIndex];
  if (group && storyIndex + 1 < group.stories.length) return { groupIndex, storyIndex: storyIndex + 1 };
  const next = (groupIndex + 1) % groups.length;
  const nextGroup = groups[next];
  return { groupIndex: next, storyIndex: next === groupIndex || !nextGroup ? 0 : startOf(nextGroup) };
}

/** Before the first story of a member comes the last of the member before (the last one's, from the first). */
export function previousIndices(groups: StoryGroup[], { groupIndex, storyIndex }: Indices): Indices {
  if (storyIndex > 0) return { groupIndex, storyIndex: storyIndex - 1 };
  const previous = (groupIndex - 1 + groups.length) % groups.length;
  return { groupIndex: previous, storyIndex: Math.max(0, (groups[previous]?.stories.length ?? 1) - 1) };
}

function positionAt(groups: StoryGroup[], indices: Indices, play: number): Position | null {
  const group = groups[indices.groupIndex];
  const story = group?.stories[indices.storyIndex];
  if (!group || !story) return null;
  return { userId: group.user._id, storyId: story._id, ...indices, play };
}

/** The position's story in the groups as they are now; a story that went gives way to the one after. */
function resolve(groups: StoryGroup[], position: Position | null): Indices | null {
  if (!position || groups.length === 0) return null;
  const groupIndex = groups.findIndex((group) => group.user._id === position.userId);
  if (groupIndex === -1) {
    // The member's stories all went: the next member's come (the first's, after the last).
    const fallback = position.groupIndex % groups.length;
    return { groupIndex: fallback, storyIndex: startOf(groups[fallback] as StoryGroup) };
  }
  const stories = (groups[groupIndex] as StoryGroup).stories;
  const storyIndex = stories.findIndex((story) => story._id === position.storyId);
  if (storyIndex !== -1) return { groupIndex, storyIndex };
  // The member's last story went: the next member's come, as if it had ended.
  if (position.storyIndex >= stories.length)
    return nextIndices(groups, { groupIndex, storyIndex: stories.length - 1 });
  return { groupIndex, storyIndex: position.storyIndex };
}

export interface StoryCursor {
  group: StoryGroup;
  story: Story;
  groupIndex: number;
  storyIndex: number;
  play: number;
  /** The story that comes after this one, to preload. */
  upcoming: Story | undefined;
  next: () => void;
  previous: () => void;
}

/**
 * Steps through the groups of the strip, starting at `startUserId`'s stories; null once there is
 * nothing left to show (the last story was deleted), which closes the viewer.
 */
export function useStoryCursor(groups: StoryGroup[], startUserId: string): StoryCursor | null {
  const [position, setPosition] = useState<Position | null>(() => {
    const groupIndex = Math.max(
      0,
      groups.findIndex((group) => group.user._id === startUserId),
    );
    const group = groups[groupIndex];
    return group ? positionAt(groups, { groupIndex, storyIndex: startOf(group) }, 0) : null;
  });
  const indices = resolve(groups, position);
  const group = indices ? groups[indices.groupIndex] : undefined;
  const story = indices ? group?.stories[indices.storyIndex] : undefined;

  // A story that went was replaced above; the position follows, so the new one plays from its start.
  useEffect(() => {
    const found = resolve(groups, position);
    const shown = found && groups[found.groupIndex]?.stories[found.storyIndex];
    if (found && shown && position && shown._id !== position.storyId) {
      setPosition(positionAt(groups, found, position.play + 1));
    }
  }, [groups, position]);

  const go = useCallback(
    (step: typeof nextIndices) =>
      setPosition((current) => {
        const from = resolve(groups, current);
        if (!from || !current) return current;
        return positionAt(groups, step(groups, from), current.play + 1);
      }),
    [groups],
  );
  const next = useCallback(() => go(nextIndices), [go]);
  const previous = useCallback(() => go(previousIndices), [go]);

  if (!indices || !group || !story || !position) return null;
  const after = nextIndices(groups, indices);
  return {
    group,
    story,
    ...indices,
    play: position.play,
    upcoming: groups[after.groupIndex]?.stories[after.storyIndex],
    next,
    previous,
  };
}
