import { notifyManager, type QueryClient } from "@tanstack/react-query";
import { useCallback, useSyncExternalStore } from "react";

/**
 * What the member has asked for and the server has not confirmed yet, by key (a post id for likes, a
 * member id for follows). The query cache keeps only what the server said; screens show the cache's
 * copy with the intent laid over it, so a rollback is just dropping the intent, and a live event that
 * changes the server's copy meanwhile is never overwritten by a stale optimistic value.
 */
export class IntentStore<T> {
  private readonly intents = new Map<string, T>();
  private readonly syncing = new Set<string>();
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  get(key: string): T | undefined {
    return this.intents.get(key);
  }

  set(key: string, value: T | undefined) {
    if (value === undefined) this.intents.delete(key);
    else this.intents.set(key, value);
    for (const listener of this.listeners) listener();
  }

  /** Claims the one request loop of `key`; false when a loop already runs (it will see the new intent). */
  beginSync(key: string): boolean {
    if (this.syncing.has(key)) return false;
    this.syncing.add(key);
    return true;
  }

  endSync(key: string) {
    this.syncing.delete(key);
  }

  /**
   * Drops a settled intent once the query cache has told its screens the server's answer: the cache
   * notifies in a later tick, and dropping the intent sooner would flash the old state for a frame.
   * A tap meanwhile (a new loop, or another value) keeps its intent.
   */
  release(key: string) {
    const settled = this.intents.get(key);
    notifyManager.schedule(() => {
      if (!this.syncing.has(key) && this.intents.get(key) === settled) this.set(key, undefined);
    });
  }
}

/** One store per query client, so tests (one client each) never share intents. */
export function intentStorePerClient<T>(): (queryClient: QueryClient) => IntentStore<T> {
  const stores = new WeakMap<QueryClient, IntentStore<T>>();
  return (queryClient) => {
    let store = stores.get(queryClient);
    if (!store) {
      store = new IntentStore<T>();
      stores.set(queryClient, store);
    }
    return store;
  };
}

/** The pending intent of `key`, re-rendering when it changes. */
export function useIntent<T>(store: IntentStore<T>, key: string): T | undefined {
  return useSyncExternalStore(
    store.subscribe,
    useCallback(() => store.get(key), [store, key]),
  );
}

export interface IntentSync<T> {
  store: IntentStore<T>;
  key: string;
  /** The server's state as the caller had it when the member acted. */
  lastKnown: T;
  /** The server's state as the cache has it now (a live event may have moved it on). */
  cached: () => T | undefined;
  /** Sends one request for `wanted`, writes the answer to the cache, and says the server's new state. */
  send: (wanted: T) => Promise<T>;
  /** Tells the member; `server` is the last state the server confirmed. */
  onError: (error: unknown, server: T) => void;
}

/**
 * Sends requests until the server agrees with the member's latest intent, one at a time: a burst of
 * taps costs at most two requests and the last tap wins. A failure drops the intent, which shows the
 * server's state again (the rollback).
 */
export async function syncIntent<T>({ store, key, lastKnown, cached, send, onError }: IntentSync<T>) {
  if (!store.beginSync(key)) return;
  let server = lastKnown;
  try {
    for (;;) {
      server = cached() ?? server;
      const wanted = store.get(key);
      if (wanted === undefined || wanted === server) break;
      server = await send(wanted);
    }
  } catch (error) {
    onError(error, server);
  } finally {
    store.endSync(key);
    store.release(key);
  }
}
