import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { PasswordField } from "./password-field";

describe("PasswordField", () => {
  it("shows and hides the password with an accessible toggle", async () => {
    const user = userEvent.setup();
    render(<PasswordField name="password" required />);
    const input = screen.getByLabelText("Password");
    await user.type(input, "wonderland");

    expect(input).toHaveAttribute("type", "password");
    // Its name says what a press does, so it is not also a toggle that reads "pressed".
    const show = screen.getByRole("button", { name: "Show password" });
    expect(show).not.toHaveAttribute("aria-pressed");

    await user.click(show);
    expect(input).toHaveAttribute("type", "text");
    expect(input).toHaveValue("wonderland");
    const hide = screen.getByRole("button", { name: "Hide password" });

    await user.click(hide);
    expect(input).toHaveAttribute("type", "password");
    expect(screen.getByRole("button", { name: "Show password" })).toBeInTheDocument();
  });

  it("does not submit its form when toggled", async () => {
    const user = userEvent.setup();
    let submitted = false;
    render(
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submitted = true;
        }}
      >
        <PasswordField name="password" />
      </form>,
    );
    await user.click(screen.getByRole("button", { name: "Show password" }));
    expect(submitted).toBe(false);
  });
});
