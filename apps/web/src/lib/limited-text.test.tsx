import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { limitedText } from "./limited-text";

function Box({ initial, max }: { initial: string; max: number }) {
  const [value, setValue] = useState(initial);
  return <textarea aria-label="Bio" {...limitedText(value, max, setValue)} />;
}

describe("limitedText", () => {
  it("takes a key in a box under its limit", async () => {
    const user = userEvent.setup();
    render(<Box initial="Sea" max={150} />);
    await user.type(screen.getByRole("textbox", { name: "Bio" }), "!");
    expect(screen.getByRole("textbox", { name: "Bio" })).toHaveValue("Sea!");
  });

  it("leaves a box over its limit (text from before it) as it is when a key is pressed", async () => {
    const user = userEvent.setup();
    const before = "a".repeat(160);
    render(<Box initial={before} max={150} />);
    const box = screen.getByRole("textbox", { name: "Bio" });
    await user.type(box, "x");
    expect(box).toHaveValue(before);
    // As React reads beforeinput where a browser has no textInput event: from the key pressed.
    fireEvent.keyPress(box, { key: "x", code: "KeyX", charCode: 120, keyCode: 120, which: 120 });
    expect(box).toHaveValue(before);
  });
});
