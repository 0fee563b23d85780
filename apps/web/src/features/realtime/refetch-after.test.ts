import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { waitUntil } from "../../test/wait";
import { keepEventWritten, REFETCH_GAP_MS } from "./refetch-after";

const key = ["chats", "messages", "c-bob"] as const;

/** A server whose answers the test releases one at a time; each holds what was stored when it was read. */
function slowServer(stored: string[]) {
  const waiting: (() => void)[] = [];
  let reads = 0;
  const queryFn = () => {
    reads += 1;
    const answer = [...stored];
    return new Promise<string[]>((resolve) => waiting.push(() => resolve(answer)));
  };
  return {
    queryFn,
    reads: () => reads,
    /** Answers the oldest read still waiting, once there is one; moves no clock, fake or real. */
    answerNext: async () => {
      for (let turn = 0; turn < 1000 && waiting.length === 0; turn++) await Promise.resolve();
      const answer = waiting.shift();
      if (!answer) throw new Error("no read is waiting for its answer");
      answer();
    },
  };
}

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  vi.useRealTimers();
});

/** Runs what is due now (promises, zero-delay timers) until `check` holds, without moving the fake clock. */
async function settleUntil(check: () => boolean) {
  for (let step = 0; step < 100 && !check(); step++) await vi.advanceTimersByTimeAsync(0);
  expect(check()).toBe(true);
}

function watch(queryClient: QueryClient, queryFn: () => Promise<string[]>) {
  const observer = new QueryObserver(queryClient, { queryKey: key, queryFn });
  stop = observer.subscribe(() => {});
  return observer;
}

/** What a live event does to the cache: adds its message. */
const write = (queryClient: QueryClient, message: string) =>
  queryClient.setQueryData<string[]>(key, (messages) => (messages ? [...messages, message] : messages));

describe("keepEventWritten", () => {
  it("keeps an event that comes while the query's answer is on its way, with one more fetch", async () => {
    const stored = ["Hi"];
    const server = slowServer(stored);
    const queryClient = new QueryClient();
    const observer = watch(queryClient, server.queryFn);
    await server.answerNext();
    await waitUntil(() => expect(observer.getCurrentResult().data).toEqual(["Hi"]));

    void queryClient.invalidateQueries({ queryKey: key });
    await waitUntil(() => expect(server.reads()).toBe(2));
    // Stored after that read, then sent live: written into the cache, then overwritten by the answer.
    stored.push("Sent meanwhile");
    keepEventWritten(queryClient, key, () => write(queryClient, "Sent meanwhile"));
    stored.push("Also meanwhile");
    keepEventWritten(queryClient, key, () => write(queryClient, "Also meanwhile"));
    await server.answerNext();

    // The older answer is not cut short, and both events share the one fetch after it.
    await waitUntil(() => expect(server.reads()).toBe(3));
    await server.answerNext();
    await waitUntil(() =>
      expect(observer.getCurrentResult().data).toEqual(["Hi", "Sent meanwhile", "Also meanwhile"]),
    );
    expect(queryClient.isFetching()).toBe(0);
    expect(server.reads()).toBe(3);
    expect(queryClient.getQueryCache().hasListeners()).toBe(false);
  });

  it("fetches again at most once a second while events keep coming during its fetches", async () => {
    vi.useFakeTimers();
    const stored = ["Hi"];
    const server = slowServer(stored);
    const queryClient = new QueryClient();
    const observer = watch(queryClient, server.queryFn);
    const event = (message: string) => {
      stored.push(message);
      keepEventWritten(queryClient, key, () => write(queryClient, message));
    };
    await server.answerNext();
    await settleUntil(() => observer.getCurrentResult().data?.length === 1);

    void queryClient.invalidateQueries({ queryKey: key });
    await settleUntil(() => server.reads() === 2);
    event("One");
    await server.answerNext();
    // The first fetch for events starts as soon as the older answer lands.
    await settleUntil(() => server.reads() === 3);
    event("Two");
    await server.answerNext();
    await settleUntil(() => observer.getCurrentResult().data?.length === 2);

    // The next waits a second from the last.
    await vi.advanceTimersByTimeAsync(REFETCH_GAP_MS - 1);
    expect(server.reads()).toBe(3);
    await vi.advanceTimersByTimeAsync(1);
    await settleUntil(() => server.reads() === 4);
    await server.answerNext();
    await settleUntil(() => observer.getCurrentResult().data?.length === 3);
    expect(observer.getCurrentResult().data).toEqual(["Hi", "One", "Two"]);
  });

  it("leaves alone a query the event's own handler asked for again: that fetch holds the event", async () => {
    vi.useFakeTimers();
    const stored = ["Hi"];
    const server = slowServer(stored);
    const queryClient = new QueryClient();
    const observer = watch(queryClient, server.queryFn);
    await server.answerNext();
    await settleUntil(() => observer.getCurrentResult().data?.length === 1);
    /** An event whose handler asks for the list again rather than writing into it. */
    const event = (message: string) => {
      stored.push(message);
      keepEventWritten(queryClient, key, () => void queryClient.invalidateQueries({ queryKey: key }));
    };

    // At rest when it comes: one fetch, the handler's.
    event("One");
    await settleUntil(() => server.reads() === 2);
    await server.answerNext();
    await settleUntil(() => observer.getCurrentResult().data?.length === 2);
    await vi.advanceTimersByTimeAsync(REFETCH_GAP_MS * 2);
    expect(server.reads()).toBe(2);

    // Fetching when it comes: the handler's fetch replaces that one, and nothing follows it.
    void queryClient.invalidateQueries({ queryKey: key });
    await settleUntil(() => server.reads() === 3);
    event("Two");
    await settleUntil(() => server.reads() === 4);
    await server.answerNext();
    await server.answerNext();
    await settleUntil(() => observer.getCurrentResult().data?.length === 3);
    await vi.advanceTimersByTimeAsync(REFETCH_GAP_MS * 2);
    expect(server.reads()).toBe(4);
    expect(observer.getCurrentResult().data).toEqual(["Hi", "One", "Two"]);
    expect(queryClient.getQueryCache().hasListeners()).toBe(false);
  });

  it("asks nothing when the query is at rest: the event is kept as written", async () => {
    const server = slowServer(["Hi"]);
    const queryClient = new QueryClient();
    const observer = watch(queryClient, server.queryFn);
    await server.answerNext();
    await waitUntil(() => expect(observer.getCurrentResult().data).toEqual(["Hi"]));

    keepEventWritten(queryClient, key, () => write(queryClient, "Live"));

    expect(queryClient.isFetching()).toBe(0);
    expect(server.reads()).toBe(1);
    expect(observer.getCurrentResult().data).toEqual(["Hi", "Live"]);
  });

  it("forgets a query removed while it was being fetched", async () => {
    const server = slowServer([]);
    const queryClient = new QueryClient();
    watch(queryClient, server.queryFn);
    await waitUntil(() => expect(server.reads()).toBe(1));

    keepEventWritten(queryClient, key, () => {});
    stop?.();
    stop = undefined;
    queryClient.removeQueries({ queryKey: key });

    expect(queryClient.getQueryCache().findAll({ queryKey: key })).toEqual([]);
    expect(queryClient.getQueryCache().hasListeners()).toBe(false);
    expect(server.reads()).toBe(1);
  });
});
