import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { openTestDatabase } from "../test/database.js";
import { connect, listen, personas, signUpAndIn, type TestSocket, testConfig } from "../test/helper.js";
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

  it("closes a socket on node B when its session is revoked through node A", async () => {
    const carol = await signUpAndIn(nodeA, personas.carol);
    const socket = await connect(await listen(nodeB), { token: carol.token, userId: carol.userId }, sockets);
    const told = new Promise<void>((resolve) => socket.once("sessionRevoked", resolve));
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
});
