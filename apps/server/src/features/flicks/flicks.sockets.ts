import { rooms } from "@flik/shared";
import type { Realtime } from "../../realtime/realtime.js";

/** joinFlicks / leaveFlicks: an open flicks feed hears of new and deleted flicks (room `flicks`). */
export function registerFlickSockets(realtime: Realtime) {
  realtime.onConnection((socket) => {
    // The acknowledgement, if any, is the last argument (the realtime layer puts it after a payload).
    socket.on("joinFlicks", async (...args: unknown[]) => {
      await socket.join(rooms.flicks);
      const ack = args.at(-1);
      if (typeof ack !== "function") return;
      // A feed read as the socket connects is read again only if the room had an event since.
      const quietForMs = realtime.quietFor(socket, [rooms.flicks]);
      ack(quietForMs === undefined ? { ok: true } : { ok: true, quietForMs });
    });
    socket.on("leaveFlicks", async (...args: unknown[]) => {
      await socket.leave(rooms.flicks);
      answerOk(args.at(-1));
    });
  });
}

function answerOk(ack: unknown): void {
  if (typeof ack === "function") ack({ ok: true });
}
