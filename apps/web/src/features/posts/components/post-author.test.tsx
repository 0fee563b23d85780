import { act, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makePost } from "../../../test/fixtures";
import { PostAuthor } from "./post-author";

afterEach(() => {
  vi.useRealTimers();
});

describe("PostAuthor", () => {
  it("moves its time on each minute without the post changing (a memoised feed card)", () => {
    vi.useFakeTimers({ now: new Date("2026-06-01T12:00:30.000Z") });
    render(
      <MemoryRouter>
        <PostAuthor post={makePost({ createdAt: "2026-06-01T12:00:00.000Z" })} />
      </MemoryRouter>,
    );
    expect(screen.getByText("Just now")).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(60_000));

    expect(screen.getByText("1m ago")).toBeInTheDocument();
  });
});
