import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { createFakeSocket } from "../../../test/fake-socket";
import { searchKeys } from "../../search/api/search-keys";
import { postKeys } from "../api/post-keys";
import { usePostLiveUpdates } from "./use-post-live-updates";

const socket = createFakeSocket();
const catchUpListeners = new Set<() => void>();
const onCatchUp = (listener: () => void) => {
  catchUpListeners.add(listener);
  return () => catchUpListeners.delete(listener);
};
vi.mock("../../realtime/socket-provider", () => ({ useSocket: () => socket, useOnCatchUp: () => onCatchUp }));

describe("usePostLiveUpdates", () => {
  it("catches up with the posts on show, but not with a search's answer", async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const feed = vi.fn(async () => ({ pages: [], pageParams: [] }));
    const post = vi.fn(async () => ({ _id: "p-1" }));
    const search = vi.fn(async () => ({ members: [], posts: [], tags: [] }));
    renderHook(
      () => {
        usePostLiveUpdates();
        useQuery({ queryKey: postKeys.feed(), queryFn: feed });
        useQuery({ queryKey: postKeys.detail("p-1"), queryFn: post });
        useQuery({ queryKey: searchKeys.results("maya"), queryFn: search });
      },
      { wrapper },
    );
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect([feed, post, search].map((fn) => fn.mock.calls.length)).toEqual([1, 1, 1]);

    // A connect alone reads nothing again: the posts' rooms' answers (usePostRooms) and the member's
    // room's (the catch-up) say whether anything was missed.
    act(() => socket.fire("connect"));
    expect(queryClient.isFetching()).toBe(0);
    // The catch-up after the first connect, the screen read before it (a page opened at /search?q=maya).
    act(() => {
      for (const listener of catchUpListeners) listener();
    });
    await waitFor(() => expect(feed).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(post).toHaveBeenCalledTimes(2);
    expect(search).toHaveBeenCalledTimes(1);
  });
});
