import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useMinute } from "./use-minute";

function Clock() {
  return <p>{new Date(useMinute()).toISOString()}</p>;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("useMinute", () => {
  it("moves on each minute while read, and a first reader after a pause gets the time now", () => {
    vi.useFakeTimers({ now: new Date("2026-06-01T12:00:00.000Z") });
    const first = render(<Clock />);
    expect(screen.getByText("2026-06-01T12:00:00.000Z")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText("2026-06-01T12:01:00.000Z")).toBeInTheDocument();
    first.unmount();

    // Two hours with nothing reading the clock (no timer runs): the next screen's first render is right.
    vi.setSystemTime(new Date("2026-06-01T14:01:30.000Z"));
    render(<Clock />);
    expect(screen.getByText("2026-06-01T14:01:30.000Z")).toBeInTheDocument();
  });
});
