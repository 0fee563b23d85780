import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { CodeInput, emptyCode } from "./code-input";

function Harness({ onComplete }: { onComplete?: (code: string) => void }) {
  const [code, setCode] = useState(emptyCode);
  return (
    <>
      <CodeInput value={code} onChange={setCode} onComplete={onComplete} />
      <output data-testid="code">{code.map((digit) => digit || "_").join("")}</output>
    </>
  );
}

function setup() {
  const onComplete = vi.fn();
  const user = userEvent.setup();
  render(<Harness onComplete={onComplete} />);
  const box = (n: number) => screen.getByRole("textbox", { name: `Digit ${n} of 6` });
  const code = () => screen.getByTestId("code").textContent;
  return { user, onComplete, box, code };
}

describe("CodeInput (spec §5's code entry)", () => {
  it("shows six labelled numeric boxes, the first one autofillable", () => {
    const { box } = setup();
    expect(screen.getByRole("group", { name: "Verification code" })).toBeInTheDocument();
    expect(screen.getAllByRole("textbox")).toHaveLength(6);
    expect(box(1)).toHaveAttribute("autocomplete", "one-time-code");
    expect(box(2)).toHaveAttribute("autocomplete", "off");
    for (const n of [1, 2, 3, 4, 5, 6]) expect(box(n)).toHaveAttribute("inputmode", "numeric");
  });

  it("takes one digit per box and moves forward on each", async () => {
    const { user, box, code } = setup();
    await user.click(box(1));
    await user.keyboard("12");
    expect(code()).toBe("12____");
    expect(box(3)).toHaveFocus();
  });

  it("refuses anything but digits", async () => {
    const { user, box, code } = setup();
    await user.click(box(1));
    await user.keyboard("a- 7");
    expect(code()).toBe("7_____");
    expect(box(2)).toHaveFocus();
  });

  it("Backspace clears a filled box, and in an empty box moves back", async () => {
    const { user, box, code } = setup();
    await user.click(box(1));
    await user.keyboard("123");
    expect(box(4)).toHaveFocus();

    await user.keyboard("{Backspace}");
    expect(box(3)).toHaveFocus();
    expect(code()).toBe("123___");

    await user.keyboard("{Backspace}");
    expect(code()).toBe("12____");
    expect(box(3)).toHaveFocus();

    await user.keyboard("{Backspace}");
    expect(box(2)).toHaveFocus();
  });

  it("a pasted six-digit code fills every box, whichever box it lands in", async () => {
    const { user, box, code, onComplete } = setup();
    await user.click(box(3));
    await user.paste("Your code: 482 913");
    expect(code()).toBe("482913");
    expect(box(6)).toHaveFocus();
    expect(onComplete).toHaveBeenCalledWith("482913");
  });

  it("a code autofilled into the first box spreads over all six", async () => {
    const { box, code, onComplete } = setup();
    // What a phone's one-time-code autofill does: the whole value at once, no key presses.
    fireEvent.change(box(1), { target: { value: "305118" } });
    expect(code()).toBe("305118");
    expect(onComplete).toHaveBeenCalledWith("305118");
  });

  it("reports completion once the sixth digit is typed, not before", async () => {
    const { user, box, onComplete } = setup();
    await user.click(box(1));
    await user.keyboard("12345");
    expect(onComplete).not.toHaveBeenCalled();
    await user.keyboard("6");
    expect(onComplete).toHaveBeenCalledExactlyOnceWith("123456");
  });

  it("arrow keys move between boxes, and a typed digit replaces the one there", async () => {
    const { user, box, code } = setup();
    await user.click(box(1));
    await user.keyboard("1234");
    await user.keyboard("{ArrowLeft}{ArrowLeft}9");
    expect(code()).toBe("1294__");
    expect(box(4)).toHaveFocus();
  });
});
