import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { openTestDatabase } from "../test/database.js";
import { factories } from "../test/factories.js";
import {
  collectEvents,
  connect,
  listen,
  nextEvent,
  personas,
  realtimeBed,
  roundTrip,
  signUpAndIn,
  type TestSocket,
  testConfig,
} from "../test/helper.js";
import { redisAnswers, redisUrl } from "../test/redis.js";

// .ci/run makes sure Redis answers; on a machine without it this scale-out check cannot run.
describe.runIf(await redisAnswers())("two app nodes on one Redis", async () => {
  const database = await openTestDatabase();
  const config = testConfig({ redisUrl });
  const nodeA = await buildApp(config, { database });
  const nodeB = await buildApp(config, { database });
  const sockets: TestSocket[] = [];
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await nodeA.app.close();
    await nodeB.app.close();
    await database.close();
  });

  it("claims no quiet on joinUser: one node does not see every event the others send", async () => {
    const dan = await signUpAndIn(nodeA, personas.dan);
    const socket = await connect(await listen(nodeB), { token: dan.token, userId: dan.userId }, sockets);
    expect(await socket.emitWithAck("joinUser", dan.userId)).toEqual({ ok: true });
  });

  it("closes a socket on node B when its session is revoked through node A", async () => {
    const carol = await signUpAndIn(nodeA, personas.carol);
    const socket = await connect(await listen(nodeB), { token: carol.token, userId: carol.userId }, sockets);
    const told = new Promise<void>((resolve) => socket.once("sessionRevoked", () => resolve()));
    const closed = new Promise<string>((resolve) => socket.once("disconnect", resolve));

    const response = await nodeA.app.inject({
      method: "PATCH",
      url: "/api/sessions/logout-current",
      headers: carol.headers,
    });
    expect(response.statusCode).toBe(200);
    await told;
    expect(await closed).toBe("io server disconnect");
  });

  it("takes a socket on node B out of a private member's post room when its member unfollows on node A", async () => {
    const onA = factories(nodeA);
    const { socketOf } = await realtimeBed(nodeB);
    const [author, leaver, stayer] = [
      await onA.newcomer("cluster_author"),
      await onA.newcomer("cluster_leaver"),
      await onA.newcomer("cluster_stayer"),
    ];
    await onA.call(author, "PUT", "/user/privacy", { isPrivate: true });
    for (const member of [leaver, stayer]) {
      await onA.requestFollow(member, author);
      await onA.acceptFollow(author, member);
    }
    const post = await onA.createPost(author);
    const [leaving, staying] = [await socketOf(leaver), await socketOf(stayer)];
    for (const socket of [leaving, staying])
      expect(await socket.emitWithAck("joinPostRoom", post._id)).toEqual({ ok: true });
    const leaverHears = collectEvents(leaving, "postUpdated");

    expect((await onA.call(leaver, "POST", `/unfollow/${author.userId}`)).statusCode).toBe(200);
    const updated = nextEvent(staying, "postUpdated");
    await onA.call(author, "PUT", `/posts/${post._id}`, { caption: "Followers only" });
    expect((await updated).post.caption).toBe("Followers only");
    await roundTrip(leaving);
    expect(leaverHears).toEqual([]);
  });
});
