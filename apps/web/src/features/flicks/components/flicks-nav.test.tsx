import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { FlicksNav } from "./flicks-nav";

let unread = 0;
vi.mock("../../notifications/hooks/use-notifications-unread", () => ({
  useLiveNotificationsUnreadCount: () => unread,
}));

function renderFlicksNav(count: number) {
  unread = count;
  render(
    <MemoryRouter initialEntries={["/flicks"]}>
      <FlicksNav />
    </MemoryRouter>,
  );
  const tab = screen.getByRole("link", { name: "Notifications" });
  const badge = tab.querySelector("svg")?.parentElement?.querySelector("span[aria-hidden='true']");
  return { tab, badge };
}

describe("FlicksNav's phone badge", () => {
  it.each([
    [150, "99+"],
    [12, "12"],
  ])("shows %i as %s on the icon's top-right corner, growing rightwards off the icon", (count, shown) => {
    const { tab, badge } = renderFlicksNav(count);
    expect(tab).toHaveAccessibleDescription(`${count} unread`);
    expect(badge).toHaveTextContent(shown);
    // Its left edge held just short of the icon's middle, never its right edge (which grew leftwards).
    expect(badge).toHaveClass("absolute", "-top-2", "left-2", "lg:hidden");
    expect(badge?.className).not.toMatch(/(^|\s)-?right-/);
    expect(badge).toHaveClass("max-lg:px-1", "max-lg:text-[10px]");
  });
});
