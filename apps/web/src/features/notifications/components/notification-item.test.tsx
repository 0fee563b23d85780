import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { colourClass, contrastOf } from "../../../test/contrast";
import { makeNotification } from "../test/notification-fixtures";
import { NotificationSections } from "./notification-sections";

const noop = () => {};

describe("NotificationItem's read toggle", () => {
  it("draws a read notification's 'Mark as unread' ring at 3:1 or more on its row (WCAG 1.4.11)", () => {
    render(
      <MemoryRouter>
        <NotificationSections
          notifications={[makeNotification({ read: true })]}
          now={new Date(2025, 5, 10, 12, 0, 0)}
          onOpen={noop}
          onToggleRead={noop}
          onAnswerRequest={noop}
        />
      </MemoryRouter>,
    );

    const ring = screen.getByRole("button", { name: "Mark as unread" }).firstElementChild as Element;
    expect(ring).toHaveClass("border-2");
    const colour = colourClass(ring, "border");
    // A read row is white, zinc-50 under the pointer.
    expect(contrastOf(colour, "white")).toBeGreaterThanOrEqual(3);
    expect(contrastOf(colour, "zinc-50")).toBeGreaterThanOrEqual(3);
  });
});
