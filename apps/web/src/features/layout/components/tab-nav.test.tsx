import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { TabNav } from "./tab-nav";

function renderTabNav(notifications: number) {
  render(
    <MemoryRouter>
      <TabNav pathname="/search" badges={{ notifications }} />
    </MemoryRouter>,
  );
  const tab = screen.getByRole("link", { name: "Notifications" });
  const icon = tab.querySelector("svg");
  // The phone bar's badge: on the icon's corner, beside the icon in one box.
  const badge = icon?.parentElement?.querySelector("span[aria-hidden='true']");
  return { tab, icon, badge };
}

describe("TabNav's phone badge", () => {
  it.each([
    [150, "99+"],
    [12, "12"],
  ])("shows %i as %s on the icon's top-right corner, growing rightwards off the icon", (count, shown) => {
    const { tab, badge } = renderTabNav(count);
    expect(tab).toHaveAccessibleDescription(`${count} unread`);
    expect(badge).toHaveTextContent(shown);
    // Its left edge held just short of the icon's middle (the icon is 24px: left-2 is 8px in), never
    // its right edge, which would make a wider count grow leftwards over the icon.
    expect(badge).toHaveClass("absolute", "-top-2", "left-2", "lg:hidden");
    expect(badge?.className).not.toMatch(/(^|\s)-?right-/);
    // A little smaller than the rail's, so "99+" stays inside its tab on a 320px phone.
    expect(badge).toHaveClass("max-lg:px-1", "max-lg:text-[10px]");
  });

  it("shows no badge at zero", () => {
    const { tab, badge } = renderTabNav(0);
    expect(badge).toBeNull();
    expect(within(tab).queryByText(/\d/)).toBeNull();
  });
});
