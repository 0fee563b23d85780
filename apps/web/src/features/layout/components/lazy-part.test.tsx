import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Component, type ComponentType, type ReactNode, useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { toast } from "../../../lib/toast";
import { lazyPart, PART_CODE_MISSING } from "./lazy-part";

vi.mock("../../../lib/toast", () => ({ toast: { error: vi.fn() } }));

afterEach(() => vi.mocked(toast.error).mockClear());

const codeMissing = () =>
  new TypeError("Failed to fetch dynamically imported module: http://localhost/assets/unfollow-dialog.js");

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

/** A screen with a button that opens the part, which closes itself through `onUnavailable`. */
function screenWith(Part: ComponentType<{ name: string; onUnavailable: () => void }>) {
  return function FeedScreen() {
    const [open, setOpen] = useState(false);
    return (
      <main>
        <p>The feed</p>
        <button type="button" onClick={() => setOpen(true)}>
          Open
        </button>
        {open && <Part name="Ann" onUnavailable={() => setOpen(false)} />}
      </main>
    );
  };
}

/** The screen's own boundary, as the router's error element stands for a screen. */
class ScreenBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>Something went wrong</p> : this.props.children;
  }
}

describe("lazyPart", () => {
  it("closes a part whose code can't be downloaded, says so, keeps the screen, and tries again next time", async () => {
    const user = userEvent.setup();
    // React reports the caught failure on the console.
    vi.spyOn(console, "error").mockImplementation(() => {});
    const load = vi
      .fn<() => Promise<ComponentType<{ name: string }>>>()
      .mockRejectedValueOnce(codeMissing())
      .mockResolvedValue(Greeting);
    const FeedScreen = screenWith(lazyPart(load));
    render(
      <ScreenBoundary>
        <FeedScreen />
      </ScreenBoundary>,
    );

    await user.click(screen.getByRole("button", { name: "Open" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(PART_CODE_MISSING, expect.anything()));
    expect(screen.getByText("The feed")).toBeInTheDocument();
    expect(screen.queryByText("Something went wrong")).not.toBeInTheDocument();
    expect(screen.queryByText("Hello Ann")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Open" }));
    expect(await screen.findByText("Hello Ann")).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(toast.error).toHaveBeenCalledTimes(1);
    vi.mocked(console.error).mockRestore();
  });

  it("leaves any other failure of the part to the screen's boundary", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, "error").mockImplementation(() => {});
    const Broken = (): ReactNode => {
      throw new Error("A bug in the part");
    };
    const FeedScreen = screenWith(lazyPart(async () => Broken));
    render(
      <ScreenBoundary>
        <FeedScreen />
      </ScreenBoundary>,
    );

    await user.click(screen.getByRole("button", { name: "Open" }));
    expect(await screen.findByText("Something went wrong")).toBeInTheDocument();
    expect(toast.error).not.toHaveBeenCalled();
    vi.mocked(console.error).mockRestore();
  });
});
