import { POSTS_JOINED_PER_EVENT } from "@flik/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useEffectEvent, useRef } from "react";
import type { FlikSocket } from "../../../lib/socket";
import type { QuietAnswer } from "../../realtime/catch-up";
import { useJoinedRoomsCheck, useSocket } from "../../realtime/socket-provider";
import { readShownPostsAgain } from "../cache/post-cache";

/**
 * Sends a join or leave for these posts: one id as itself (as spec §7 names it), more as lists of up
 * to POSTS_JOINED_PER_EVENT, so a long feed joined again after a reconnect costs a few events of the
 * member's budget rather than one per post.
 */
function emitRooms(
  socket: FlikSocket,
  event: "joinPostRoom" | "leavePostRoom",
  postIds: readonly string[],
  onAnswer: (answer: QuietAnswer) => void = answered,
) {
  // A join always asks for its answer: the answer on the wire tells when the server has the page
  // watching (an end-to-end journey waits for it rather than for time).
  const send = (posts: string | string[]) =>
    event === "joinPostRoom" ? socket.emit(event, posts, onAnswer) : socket.emit(event, posts);
  if (postIds.length === 1) return send(postIds[0] as string);
  for (let at = 0; at < postIds.length; at += POSTS_JOINED_PER_EVENT)
    send(postIds.slice(at, at + POSTS_JOINED_PER_EVENT));
}

function answered(): void {}

/**
 * Keeps this socket in the rooms of exactly these posts: joins new ones, leaves dropped ones, leaves
 * all on unmount, and joins again after every connect (the server forgets rooms on disconnect). While
 * the socket is not connected nothing is sent: the next connect joins what is wanted by then, once.
 * Posts read before the socket first connected are read again only if their rooms' answer says they
 * may have had events meanwhile (after a reconnect, the catch-up reads every screen again); so are posts
 * read after it connected, before their rooms were joined, when the answer tells of an event since the
 * page began. What is read again is the posts' queries, or what `readAgain` reads (a screen whose posts
 * are cached elsewhere, the flicks feed).
 */
export function usePostRooms(postIds: readonly string[], readAgain?: () => void): void {
  const socket = useSocket();
  const check = useJoinedRoomsCheck();
  const queryClient = useQueryClient();
  const joined = useRef(new Set<string>());
  const wantedKey = [...new Set(postIds)].sort().join(",");
  // Called from a join's answer, later: the latest `readAgain`, with no effect depending on it.
  const readShownAgain = useEffectEvent(() => {
    if (readAgain) readAgain();
    else readShownPostsAgain(queryClient);
  });

  useEffect(() => {
    if (!socket) return;
    const rooms = joined.current;
    const rejoin = () =>
      emitRooms(socket, "joinPostRoom", [...rooms], (answer) => {
        if (check?.missedOnFirstConnect(answer)) readShownAgain();
      });
    socket.on("connect", rejoin);
    return () => {
      socket.off("connect", rejoin);
      if (socket.connected) emitRooms(socket, "leavePostRoom", [...rooms]);
      rooms.clear();
    };
  }, [socket, check]);

  useEffect(() => {
    if (!socket) return;
    const rooms = joined.current;
    const wanted = new Set(wantedKey ? wantedKey.split(",") : []);
    const dropped = [...rooms].filter((id) => !wanted.has(id));
    const added = [...wanted].filter((id) => !rooms.has(id));
    for (const id of dropped) rooms.delete(id);
    for (const id of added) rooms.add(id);
    // While connecting, the connect's rejoin sends them: an emit now would be buffered and sent too.
    if (!socket.connected) return;
    emitRooms(socket, "leavePostRoom", dropped);
    emitRooms(socket, "joinPostRoom", added, (answer) => {
      if (check?.heardSincePageBegan(answer)) readShownAgain();
    });
  }, [socket, wantedKey, check]);
}
