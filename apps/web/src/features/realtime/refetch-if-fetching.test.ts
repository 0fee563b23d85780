import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { waitUntil } from "../../test/wait";
import { refetchIfFetching } from "./refetch-if-fetching";

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
    answerNext: async () => {
      await waitUntil(() => expect(waiting.length).toBeGreaterThan(0));
      waiting.shift()?.();
    },
  };
}

let stop: (() => void) | undefined;
afterEach(() => stop?.());

function watch(queryClient: QueryClient, queryFn: () => Promise<string[]>) {
  const observer = new QueryObserver(queryClient, { queryKey: key, queryFn });
  stop = observer.subscribe(() => {});
  return observer;
}

/** What a live event does to the cache: adds its message. */
const write = (queryClient: QueryClient, message: string) =>
  queryClient.setQueryData<string[]>(key, (messages) => (messages ? [...messages, message] : messages));

describe("refetchIfFetching", () => {
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
    write(queryClient, "Sent meanwhile");
    refetchIfFetching(queryClient, key);
    stored.push("Also meanwhile");
    write(queryClient, "Also meanwhile");
    refetchIfFetching(queryClient, key);
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

  it("asks nothing when the query is at rest: the event is kept as written", async () => {
    const server = slowServer(["Hi"]);
    const queryClient = new QueryClient();
    const observer = watch(queryClient, server.queryFn);
    await server.answerNext();
    await waitUntil(() => expect(observer.getCurrentResult().data).toEqual(["Hi"]));

    write(queryClient, "Live");
    refetchIfFetching(queryClient, key);

    expect(queryClient.isFetching()).toBe(0);
    expect(server.reads()).toBe(1);
    expect(observer.getCurrentResult().data).toEqual(["Hi", "Live"]);
  });

  it("forgets a query removed while it was being fetched", async () => {
    const server = slowServer([]);
    const queryClient = new QueryClient();
    watch(queryClient, server.queryFn);
    await waitUntil(() => expect(server.reads()).toBe(1));

    refetchIfFetching(queryClient, key);
    stop?.();
    stop = undefined;
    queryClient.removeQueries({ queryKey: key });

    expect(queryClient.getQueryCache().findAll({ queryKey: key })).toEqual([]);
    expect(queryClient.getQueryCache().hasListeners()).toBe(false);
    expect(server.reads()).toBe(1);
  });
});
