import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ConfirmDialog } from "./confirm-dialog";

function DeleteDialog() {
  return (
    <ConfirmDialog title="Delete this post?" confirmLabel="Delete" onConfirm={vi.fn()} onCancel={vi.fn()}>
      You can't undo this.
    </ConfirmDialog>
  );
}

describe("ConfirmDialog", () => {
  it("starts on Cancel, and Tab goes round as the dialog reads: Close at the top, then Cancel, Delete", async () => {
    const user = userEvent.setup();
    render(<DeleteDialog />);
    const close = screen.getByRole("button", { name: "Close" });
    const cancel = screen.getByRole("button", { name: "Cancel" });
    const confirm = screen.getByRole("button", { name: "Delete" });
    expect(cancel).toHaveFocus();

    await user.tab({ shift: true });
    expect(close).toHaveFocus();

    const reached = [];
    for (let press = 0; press < 3; press++) {
      await user.tab();
      reached.push(document.activeElement);
    }
    expect(reached).toEqual([cancel, confirm, close]);
  });
});
