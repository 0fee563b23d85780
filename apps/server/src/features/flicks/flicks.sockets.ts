import { rooms } from "@flik/shared";
import type { Realtime } from "../../realtime/realtime.js";

/** joinFlicks / leaveFlicks: an open flicks feed hears of new and deleted flicks (room `flicks`). */
export function registerFlickSockets(realtime: Realtime) {
  realtime.onConnection((socket) => {
    socket.on("joinFlicks", () => socket.join(rooms.flicks));
    socket.on("leaveFlicks", () => socket.leave(rooms.flicks));
  });
}
