import { rooms } from "@flik/shared";
import { isUuid } from "../../platform/ids.js";
import type { Realtime } from "../../realtime/realtime.js";
import type { PostsService } from "./posts.service.js";

/** joinPostRoom / leavePostRoom: a member follows live changes of posts they may see. */
export function registerPostSockets(realtime: Realtime, posts: PostsService) {
  realtime.onConnection((socket) => {
    socket.on("joinPostRoom", async (postId, ack) => {
      const ok = isUuid(postId) && (await posts.canWatch(socket.data, postId));
      if (ok) await socket.join(rooms.post(postId));
      if (typeof ack === "function") ack({ ok });
    });
    socket.on("leavePostRoom", (postId) => {
      if (typeof postId === "string") socket.leave(rooms.post(postId));
    });
  });
}
