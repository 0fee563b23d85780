import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { LoadError } from "./load-error";

describe("LoadError", () => {
  it("keeps the focus on Try again while it retries, saying so, and takes no second press", async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    const { rerender } = render(
      <LoadError title="Something went wrong loading posts." onRetry={onRetry} retrying={false} />,
    );
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(onRetry).toHaveBeenCalledTimes(1);

    rerender(<LoadError title="Something went wrong loading posts." onRetry={onRetry} retrying />);
    const retrying = screen.getByRole("button", { name: "Retrying..." });
    // Not disabled: a disabled button would throw the focus to the page.
    expect(retrying).toHaveFocus();
    expect(retrying).toHaveAttribute("aria-disabled", "true");
    await user.click(retrying);
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
