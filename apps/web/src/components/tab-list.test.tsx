import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { colourClass, contrastOf } from "../test/contrast";
import { segmentedTabs, TabList } from "./tab-list";

const TABS = [
  { id: "one", label: "One" },
  { id: "two", label: "Two" },
  { id: "three", label: "Three" },
] as const;

function Tabs({ count = 0 }: { count?: number }) {
  const [selected, setSelected] = useState<(typeof TABS)[number]["id"]>("one");
  return (
    <>
      <TabList
        tabs={TABS}
        selected={selected}
        onSelect={setSelected}
        label="Numbers"
        tabId={(tab) => `tab-${tab}`}
        panelId={() => "panel"}
        className={segmentedTabs.track}
        tabClassName={segmentedTabs.tab}
        tabName={(tab) => (tab.id === "three" && count > 0 ? `Three (${count} new)` : undefined)}
        renderTab={(tab) => (tab.id === "three" && count > 0 ? `${tab.label} ${count}` : tab.label)}
      />
      <div id="panel" role="tabpanel" aria-labelledby={`tab-${selected}`}>
        {selected}
      </div>
    </>
  );
}

describe("TabList", () => {
  it("is one tab stop whose arrows, Home and End select a tab and its panel", async () => {
    const user = userEvent.setup();
    render(<Tabs />);
    const list = screen.getByRole("tablist", { name: "Numbers" });
    expect(list).toBeInTheDocument();

    await user.tab();
    expect(screen.getByRole("tab", { name: "One" })).toHaveFocus();
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "Two" })).toHaveFocus();
    expect(screen.getByRole("tab", { name: "Two" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tabpanel", { name: "Two" })).toHaveTextContent("two");
    await user.keyboard("{End}");
    expect(screen.getByRole("tab", { name: "Three" })).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "One" })).toHaveFocus();

    expect(screen.getAllByRole("tab").map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);
    for (const tab of screen.getAllByRole("tab")) expect(tab).toHaveAttribute("aria-controls", "panel");
  });

  it("names a tab by what it says beyond its label", () => {
    render(<Tabs count={4} />);
    expect(screen.getByRole("tab", { name: "Three (4 new)" })).toHaveTextContent("Three 4");
  });

  it("sets the selected segment apart from the track at 3:1 and more, each text readable on its ground", () => {
    render(<Tabs />);
    const track = colourClass(screen.getByRole("tablist"), "bg");
    const selected = screen.getByRole("tab", { selected: true });
    const fill = colourClass(selected, "bg");
    expect(contrastOf(fill, track)).toBeGreaterThanOrEqual(3);
    expect(contrastOf(colourClass(selected, "text"), fill)).toBeGreaterThanOrEqual(4.5);
    const unselected = screen.getByRole("tab", { name: "Two" });
    expect(contrastOf(colourClass(unselected, "text"), track)).toBeGreaterThanOrEqual(4.5);
  });
});
