import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { makeNotification } from "../test/notification-fixtures";
import { notificationLayout as layout } from "./notification-layout";
import { NotificationSections } from "./notification-sections";
import { NotificationsSkeleton } from "./notification-states";

const classes = (names: string) => names.split(" ");
const NOW = new Date(2025, 5, 10, 12, 0, 0);
const noop = () => {};

/** A loaded day: its heading, and a row of an unread like (avatar, words, thumbnail, unread dot). */
function renderLoaded() {
  render(
    <MemoryRouter>
      <NotificationSections
        notifications={[makeNotification({ createdAt: new Date(2025, 5, 10, 11, 55).toISOString() })]}
        now={NOW}
        onOpen={noop}
        onToggleRead={noop}
        onAnswerRequest={noop}
      />
    </MemoryRouter>,
  );
  const heading = screen.getByRole("heading", { name: "Today" });
  const row = screen.getByRole("listitem");
  return { heading, row, card: screen.getByRole("list") };
}

describe("NotificationsSkeleton", () => {
  it("stands in for a day's heading and card, with a loaded row's columns, so nothing moves on arrival", () => {
    const { container } = render(<NotificationsSkeleton rows={2} />);
    const heading = container.querySelector("[data-skeleton-heading]");
    const rows = container.querySelectorAll("[data-skeleton-row]");
    expect(heading).toHaveClass(...classes(layout.heading));
    expect(heading?.nextElementSibling).toHaveClass(...classes(layout.card));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toHaveClass(...classes(layout.row));
      const [avatar, opener, toggle] = row.children;
      expect(row.children).toHaveLength(3);
      expect(avatar).toHaveClass(...classes(layout.avatarApart), ...classes(layout.avatar));
      expect(opener).toHaveClass(...classes(layout.opener));
      expect(opener?.firstElementChild).toHaveClass(...classes(layout.words));
      expect(opener?.lastElementChild).toHaveClass(...classes(layout.thumbnail));
      // The unread dot's column, which loaded rows end with.
      expect(toggle).toHaveClass(...classes(layout.toggle));
      expect(toggle?.firstElementChild).toHaveClass(...classes(layout.dot));
    }
    expect(screen.getByRole("status")).toHaveTextContent("Loading notifications...");
  });

  it("draws in the boxes the loaded day and row are drawn in", () => {
    const { heading, row, card } = renderLoaded();
    expect(heading).toHaveClass(...classes(layout.heading));
    expect(card).toHaveClass(...classes(layout.card));
    expect(row).toHaveClass(...classes(layout.row));
    const [avatarLink, opener, toggle] = row.children;
    expect(avatarLink).toHaveClass(...classes(layout.avatarApart));
    expect(avatarLink?.querySelector("img")).toHaveClass(...classes(layout.avatar));
    expect(opener).toHaveClass(...classes(layout.opener));
    expect(opener?.firstElementChild).toHaveClass(...classes(layout.words));
    expect(opener?.lastElementChild).toHaveClass(...classes(layout.thumbnail));
    expect(toggle).toHaveRole("button");
    expect(toggle).toHaveClass(...classes(layout.toggle));
    expect(toggle?.firstElementChild).toHaveClass(...classes(layout.dot));
  });

  it("continues the last day's list with the next page's loading rows, in its card, without a heading", () => {
    render(
      <MemoryRouter>
        <NotificationSections
          notifications={[
            makeNotification({ _id: "n-today", createdAt: new Date(2025, 5, 10, 11, 55).toISOString() }),
            makeNotification({ _id: "n-older", createdAt: new Date(2025, 5, 2, 9, 0).toISOString() }),
          ]}
          now={NOW}
          onOpen={noop}
          onToggleRead={noop}
          onAnswerRequest={noop}
          loadingRows={2}
        />
      </MemoryRouter>,
    );
    const [today, earlier] = screen.getAllByRole("list");
    expect(today?.querySelectorAll("[data-skeleton-row]")).toHaveLength(0);
    const loading = earlier?.querySelectorAll(":scope > [data-skeleton-row]") ?? [];
    expect(loading).toHaveLength(2);
    for (const row of loading) {
      expect(row.tagName).toBe("LI");
      expect(row).toHaveClass(...classes(layout.row));
      expect(row).toHaveAttribute("aria-hidden", "true");
    }
    // The rows after the last notification, hidden from screen readers: the list still has its one.
    expect(earlier?.lastElementChild).toBe(loading[1]);
    expect(within(earlier as HTMLElement).getAllByRole("listitem")).toHaveLength(1);
    expect(screen.getAllByRole("heading", { level: 2 })).toHaveLength(2);
  });
});
