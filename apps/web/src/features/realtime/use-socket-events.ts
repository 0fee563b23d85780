import type { ServerToClientEvents } from "@flik/shared";
import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { keepEventWritten } from "./refetch-after";
import { useOnCatchUp, useSocket } from "./socket-provider";

/** What a feature listens to: the server's events by name, plus the socket's own `disconnect`. */
export type SocketHandlers = { [E in keyof ServerToClientEvents]?: ServerToClientEvents[E] } & {
  disconnect?: () => void;
};

export interface SocketLifecycle {
  /** Every connect, the first included: rooms do not survive a reconnect, so this is where to join. */
  onConnect?: () => void;
  /**
   * After a connect, once the member's room is joined again, when events may have gone undelivered
   * (spec: at most once): always after a reconnect; after the first connect (a screen is read while the
   * socket connects) unless the server says the member's rooms were quiet since the page's first read.
   * This is where a feature catches up on what its member's room brings; a room of its own that the
   * server's answer does not cover (the flicks feed's) is joined `onConnect`, its join's own answer
   * telling whether to catch up after a first connect.
   */
  onCatchUp?: () => void;
  /**
   * The queries the handlers write events into: one being fetched when an event comes is fetched again
   * after, as its answer may predate the event (`keepEventWritten`), unless the handler asked for it
   * again itself. A key for every event (chat, notifications), or one per event name for the events worth it: posts and stories name only those
   * that come at an author's pace (a new or deleted post or story), not those that come at a crowd's (a
   * post's likes, a story's views), which would keep long feeds loading again; what a fetch drops of
   * those, the next fetch shows.
   */
  writesTo?: QueryKey | { [E in keyof SocketHandlers]?: QueryKey };
}

function keyWritten(writesTo: SocketLifecycle["writesTo"], event: string): QueryKey | undefined {
  if (writesTo === undefined || isQueryKey(writesTo)) return writesTo;
  return writesTo[event as keyof SocketHandlers];
}

function isQueryKey(value: NonNullable<SocketLifecycle["writesTo"]>): value is QueryKey {
  return Array.isArray(value);
}

type Listener = (...args: unknown[]) => void;
interface Subscribable {
  on(event: string, listener: Listener): unknown;
  off(event: string, listener: Listener): unknown;
}

/**
 * Mounts live listeners the same way everywhere: subscribes each handler on mount (or when the socket
 * appears), unsubscribes on unmount. Handlers may be new functions on every render; the latest ones are
 * called, and the socket is only re-subscribed when the set of event names changes.
 */
export function useSocketEvents(handlers: SocketHandlers, lifecycle: SocketLifecycle = {}): void {
  const socket = useSocket();
  const onCatchUp = useOnCatchUp();
  const queryClient = useQueryClient();
  const latest = useRef({ handlers, lifecycle });
  useEffect(() => {
    latest.current = { handlers, lifecycle };
  });
  const names = Object.keys(handlers).sort().join(",");

  useEffect(() => {
    if (!socket) return;
    // The typed socket only takes literal event names; the names here come from the typed handlers.
    const target = socket as unknown as Subscribable;
    const listeners = (names ? names.split(",") : []).map((name): [string, Listener] => [
      name,
      (...args) => {
        const current = latest.current;
        keepEventWritten(queryClient, keyWritten(current.lifecycle.writesTo, name), () =>
          (current.handlers[name as keyof SocketHandlers] as Listener | undefined)?.(...args),
        );
      },
    ]);
    const onConnect = () => latest.current.lifecycle.onConnect?.();
    target.on("connect", onConnect);
    const stopCatchingUp = onCatchUp?.(() => latest.current.lifecycle.onCatchUp?.());
    for (const [name, listener] of listeners) target.on(name, listener);
    return () => {
      target.off("connect", onConnect);
      stopCatchingUp?.();
      for (const [name, listener] of listeners) target.off(name, listener);
    };
  }, [socket, onCatchUp, names, queryClient]);
}
