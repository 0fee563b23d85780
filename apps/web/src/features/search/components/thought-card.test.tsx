import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { THOUGHT_ROTATION_MS, THOUGHTS } from "../explore-content";
import { ThoughtCard } from "./thought-card";

const DAY_MS = 24 * 60 * 60 * 1000;
const [first, second, third] = THOUGHTS;

beforeEach(() => {
  vi.useFakeTimers();
  // Day 0 of the list: the card opens on its first item.
  vi.setSystemTime(DAY_MS * THOUGHTS.length * 2000 + 12 * 60 * 60 * 1000);
});

afterEach(() => {
  vi.useRealTimers();
});

const quote = () => screen.getByRole("figure").querySelector("blockquote")?.textContent;

describe("ThoughtCard", () => {
  it("shows the thought or fact of the day and moves on every 30 s", () => {
    render(<ThoughtCard />);
    expect(screen.getByRole("heading", { name: "Thought of the day" })).toBeInTheDocument();
    expect(quote()).toBe(first?.text);
    expect(screen.getByText(`— ${first?.by}`)).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(THOUGHT_ROTATION_MS - 1));
    expect(quote()).toBe(first?.text);
    act(() => vi.advanceTimersByTime(1));
    expect(quote()).toBe(second?.text);
    expect(screen.getByRole("heading", { name: "Fact of the day" })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(THOUGHT_ROTATION_MS));
    expect(quote()).toBe(third?.text);
    // Changes of its own are not read out; nothing takes the focus.
    expect(screen.getByRole("figure")).toHaveAttribute("aria-live", "off");
    expect(document.body).toHaveFocus();
  });

  it("starts each day on another item", () => {
    vi.setSystemTime(Date.now() + DAY_MS);
    render(<ThoughtCard />);
    expect(quote()).toBe(second?.text);
  });

  it("holds still while paused, or while the pointer is on it, and Next is read out", () => {
    render(<ThoughtCard />);
    fireEvent.click(screen.getByRole("button", { name: "Pause rotation" }));
    act(() => vi.advanceTimersByTime(THOUGHT_ROTATION_MS * 3));
    expect(quote()).toBe(first?.text);

    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(quote()).toBe(second?.text);
    expect(screen.getByRole("figure")).toHaveAttribute("aria-live", "polite");

    fireEvent.click(screen.getByRole("button", { name: "Resume rotation" }));
    fireEvent.pointerEnter(screen.getByRole("figure"));
    act(() => vi.advanceTimersByTime(THOUGHT_ROTATION_MS * 2));
    expect(quote()).toBe(second?.text);
    fireEvent.pointerLeave(screen.getByRole("figure"));
    act(() => vi.advanceTimersByTime(THOUGHT_ROTATION_MS));
    expect(quote()).toBe(third?.text);
  });
});
