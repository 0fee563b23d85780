import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeStory } from "../test/story-fixtures";
import { StoryProgress } from "./story-progress";

const storiesOf = (count: number) =>
  Array.from({ length: count }, (_, index) => makeStory({ _id: `s-${index}` }));

describe("StoryProgress", () => {
  it("shows one bar per story: the played ones full, the current one filling, the rest empty", () => {
    render(<StoryProgress stories={storiesOf(3)} current={1} fraction={0.25} />);
    const bars = screen.getAllByRole("progressbar");
    expect(bars.map((bar) => bar.getAttribute("aria-valuenow"))).toEqual(["100", "25", "0"]);
    expect(bars[1]).toHaveAccessibleName("Story 2 of 3");
  });

  it("narrows the space between the bars as they grow many, so that 100 still fit a phone", () => {
    const gapOf = (count: number) => {
      const { container, unmount } = render(
        <StoryProgress stories={storiesOf(count)} current={0} fraction={0} />,
      );
      const gap = [...(container.firstElementChild?.classList ?? [])].find((name) => name.startsWith("gap-"));
      unmount();
      return gap;
    };
    expect(gapOf(5)).toBe("gap-1");
    expect(gapOf(40)).toBe("gap-0.5");
    // 99 gaps of 1 px leave a 360 px phone's row (336 px inside its margins) 2 px and more per bar.
    expect(gapOf(100)).toBe("gap-px");
  });
});
