import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { notificationKeys } from "../api/notification-keys";
import { readAgainWhenSettled, stopNotificationReads } from "./use-mark-notification";

describe("the reads a mark stops", () => {
  it("are made again once each, however many marks stopped them: a second asking would stop the first", async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const reads: AbortSignal[] = [];
    let answerNow = true;
    const observer = new QueryObserver(queryClient, {
      queryKey: notificationKeys.list(),
      queryFn: ({ signal }) => {
        reads.push(signal);
        // The reads the marks stop never answer; the list's first and the one made again do.
        return answerNow ? Promise.resolve(reads.length) : new Promise<number>(() => {});
      },
    });
    const unsubscribe = observer.subscribe(() => {});
    await waitFor(() => expect(queryClient.getQueryData(notificationKeys.list())).toBe(1));

    // A read on its way as the first mark is made, and another (a reconnect's) as the second is.
    answerNow = false;
    void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
    await waitFor(() => expect(reads).toHaveLength(2));
    await stopNotificationReads(queryClient);
    void queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
    await waitFor(() => expect(reads).toHaveLength(3));
    await stopNotificationReads(queryClient);
    expect(reads.slice(1).every((signal) => signal.aborted)).toBe(true);

    answerNow = true;
    readAgainWhenSettled(queryClient);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    // The list, asked once more, and that read not stopped by one more asking of its own.
    expect(reads).toHaveLength(4);
    expect(reads[3]?.aborted).toBe(false);
    expect(queryClient.getQueryData(notificationKeys.list())).toBe(4);
    unsubscribe();
    queryClient.clear();
  });
});
