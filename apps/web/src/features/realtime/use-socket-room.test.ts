import { act, renderHook } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createFakeSocket } from "../../test/fake-socket";
import { type RoomEvents, useSocketRoom } from "./use-socket-room";

const socket = createFakeSocket();
vi.mock("./socket-provider", () => ({ useSocket: () => socket }));

const CHAT: RoomEvents = ["joinChat", "leaveChat"];

beforeEach(() => {
  socket.connected = true;
  socket.emitted = [];
});

function open(id: string | null) {
  return renderHook(({ room }) => useSocketRoom(CHAT, room), { initialProps: { room: id } });
}

describe("useSocketRoom", () => {
  it("joins the room while mounted, again on every connect, and leaves it on unmount", () => {
    const { unmount } = open("c-1");
    expect(socket.emitted).toEqual([["joinChat", "c-1"]]);

    socket.emitted = [];
    act(() => socket.fire("connect"));
    expect(socket.emitted).toEqual([["joinChat", "c-1"]]);

    socket.emitted = [];
    unmount();
    expect(socket.emitted).toEqual([["leaveChat", "c-1"]]);
    // Gone: a later connect joins nothing.
    socket.emitted = [];
    act(() => socket.fire("connect"));
    expect(socket.emitted).toEqual([]);
  });

  it("moves from one room to the next", () => {
    const { rerender } = open("c-1");
    socket.emitted = [];
    rerender({ room: "c-2" });
    expect(socket.emitted).toEqual([
      ["leaveChat", "c-1"],
      ["joinChat", "c-2"],
    ]);
  });

  it("sends no leave while disconnected, so the reconnect's join of the room opened meanwhile stands", () => {
    const { rerender } = open("c-1");
    socket.connected = false;
    socket.emitted = [];
    // Left and another opened while offline: nothing is sent (a socket.io client would buffer it and
    // send it after the reconnect's joins).
    rerender({ room: "c-2" });
    expect(socket.emitted).toEqual([]);

    socket.connected = true;
    act(() => socket.fire("connect"));
    expect(socket.emitted).toEqual([["joinChat", "c-2"]]);
  });

  it("opened again while disconnected, the room is joined once on the connect and not left after it", () => {
    const { rerender } = open("c-1");
    socket.connected = false;
    socket.emitted = [];
    rerender({ room: null });
    rerender({ room: "c-1" });

    socket.connected = true;
    act(() => socket.fire("connect"));
    expect(socket.emitted).toEqual([["joinChat", "c-1"]]);
  });

  it("joins nothing without a room", () => {
    open(null);
    act(() => socket.fire("connect"));
    expect(socket.emitted).toEqual([]);
  });
});
