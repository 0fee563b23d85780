import { POSTS_JOINED_PER_EVENT } from "@flik/shared";
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import { createElement, type ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { createFakeSocket } from "../../../test/fake-socket";
import type { QuietAnswer } from "../../realtime/catch-up";
import { searchKeys } from "../../search/api/search-keys";
import { postKeys } from "../api/post-keys";
import { usePostRooms } from "./use-post-rooms";

const socket = createFakeSocket();
/** Whether the answer tells of events missed since the page read its posts (the provider's rule). */
const check = {
  missedOnFirstConnect: (answer: QuietAnswer) => !(answer.ok && answer.quietForMs === 30_000),
  /** An event a second ago, the page older: heard since it began. */
  heardSincePageBegan: (answer: QuietAnswer) => answer.ok && answer.quietForMs === 1_000,
};
vi.mock("../../realtime/socket-provider", () => ({
  useSocket: () => socket,
  useJoinedRoomsCheck: () => check,
}));

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
const wrapper = ({ children }: { children: ReactNode }) =>
  createElement(QueryClientProvider, { client: queryClient }, children);

const ids = (count: number, from = 0) => Array.from({ length: count }, (_, i) => `p-${from + i}`);
/** Every id sent by `event`, in one list, and how many events carried them. */
function sent(event: string) {
  const events = socket.emitted.filter(([name]) => name === event);
  return { events: events.length, ids: events.flatMap(([, payload]) => payload as string | string[]) };
}

describe("usePostRooms", () => {
  it("joins a long feed, again after a reconnect, in lists of at most POSTS_JOINED_PER_EVENT", () => {
    socket.connected = true;
    socket.emitted = [];
    const feed = ids(250);
    const { rerender, unmount } = renderHook(({ postIds }) => usePostRooms(postIds), {
      initialProps: { postIds: feed },
      wrapper,
    });
    expect(sent("joinPostRoom").events).toBe(Math.ceil(250 / POSTS_JOINED_PER_EVENT));
    expect(new Set(sent("joinPostRoom").ids)).toEqual(new Set(feed));
    for (const [, payload] of socket.emitted)
      expect((payload as string[]).length).toBeLessThanOrEqual(POSTS_JOINED_PER_EVENT);

    socket.emitted = [];
    act(() => socket.fire("connect"));
    expect(sent("joinPostRoom").events).toBe(Math.ceil(250 / POSTS_JOINED_PER_EVENT));
    expect(new Set(sent("joinPostRoom").ids)).toEqual(new Set(feed));

    // The next page joins only its own posts; a post gone from the list is left.
    socket.emitted = [];
    rerender({ postIds: [...feed.slice(1), ...ids(20, 250)] });
    expect(sent("leavePostRoom").ids).toEqual(["p-0"]);
    expect(new Set(sent("joinPostRoom").ids)).toEqual(new Set(ids(20, 250)));
    expect(sent("joinPostRoom").events).toBe(1);

    socket.emitted = [];
    unmount();
    expect(sent("leavePostRoom").ids).toHaveLength(269);
    expect(sent("leavePostRoom").events).toBe(Math.ceil(269 / POSTS_JOINED_PER_EVENT));
  });

  it("joins one post by its id alone, as spec §7 names the event", () => {
    socket.connected = true;
    socket.emitted = [];
    const { unmount } = renderHook(() => usePostRooms(["p-1"]), { wrapper });
    expect(socket.emitted).toEqual([["joinPostRoom", "p-1", expect.any(Function)]]);
    unmount();
    expect(socket.emitted).toContainEqual(["leavePostRoom", "p-1"]);
  });

  it("sends nothing while connecting: the connect joins the posts wanted by then, once", () => {
    socket.connected = false;
    socket.emitted = [];
    const { rerender, unmount } = renderHook(({ postIds }) => usePostRooms(postIds), {
      initialProps: { postIds: ["p-1", "p-2"] },
      wrapper,
    });
    rerender({ postIds: ["p-2", "p-3"] });
    expect(socket.emitted).toEqual([]);

    socket.connected = true;
    act(() => socket.fire("connect"));
    expect(socket.emitted).toHaveLength(1);
    expect(new Set(sent("joinPostRoom").ids)).toEqual(new Set(["p-2", "p-3"]));

    // Gone offline, leaving needs no message: the server forgot the rooms with the connection.
    socket.connected = false;
    socket.emitted = [];
    unmount();
    expect(socket.emitted).toEqual([]);
  });

  it("reads the posts on show again when their rooms' answer at the connect tells of events missed", async () => {
    socket.connected = false;
    socket.emitted = [];
    const feed = vi.fn(async () => ({ pages: [], pageParams: [] }));
    const search = vi.fn(async () => ({ members: [], posts: [], tags: [] }));
    const { unmount } = renderHook(
      () => {
        usePostRooms(["p-1", "p-2"]);
        useQuery({ queryKey: postKeys.feed(), queryFn: feed });
        useQuery({ queryKey: searchKeys.results("maya"), queryFn: search });
      },
      { wrapper },
    );
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    socket.connected = true;
    act(() => socket.fire("connect"));
    const [, , answer] = socket.emitted.find(([event]) => event === "joinPostRoom") as [
      string,
      string[],
      (answer: QuietAnswer) => void,
    ];

    // Quiet since before the page's reads: nothing to read again.
    act(() => answer({ ok: true, quietForMs: 30_000 }));
    expect(queryClient.isFetching()).toBe(0);
    expect(feed).toHaveBeenCalledTimes(1);

    // An event went to a post's room meanwhile: the posts are read again (a search's answer is not).
    act(() => answer({ ok: true, quietForMs: 12 }));
    await waitFor(() => expect(feed).toHaveBeenCalledTimes(2));
    expect(search).toHaveBeenCalledTimes(1);
    unmount();
  });

  it("reads the posts again when a join made after the connect tells of an event since the page began", async () => {
    socket.connected = true;
    socket.emitted = [];
    const feed = vi.fn(async () => ({ pages: [], pageParams: [] }));
    const { rerender, unmount } = renderHook(
      ({ postIds }) => {
        usePostRooms(postIds);
        useQuery({ queryKey: postKeys.feed(), queryFn: feed });
      },
      { wrapper, initialProps: { postIds: [] as string[] } },
    );
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    const callsBefore = feed.mock.calls.length;

    // The feed's posts came after the socket connected; their join's answer is what tells.
    rerender({ postIds: ["p-1"] });
    const [, , answer] = socket.emitted.find(([event]) => event === "joinPostRoom") as [
      string,
      string,
      (answer: QuietAnswer) => void,
    ];
    act(() => answer({ ok: true }));
    act(() => answer({ ok: true, quietForMs: 30_000 }));
    expect(queryClient.isFetching()).toBe(0);
    expect(feed).toHaveBeenCalledTimes(callsBefore);
    act(() => answer({ ok: true, quietForMs: 1_000 }));
    await waitFor(() => expect(feed).toHaveBeenCalledTimes(callsBefore + 1));
    unmount();
  });
});
