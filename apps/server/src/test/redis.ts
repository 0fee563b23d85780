import { createConnection } from "node:net";

export const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

/** Whether Redis answers: the scale-out tests need it (.ci/run starts it). */
export function redisAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const { hostname, port } = new URL(redisUrl);
    const probe = createConnection({ host: hostname, port: Number(port || 6379) });
    // Generous: a local Redis that is up answers at once, even on a busy machine.
    probe.setTimeout(15_000, () => {
      probe.destroy();
      resolve(false);
    });
    probe.once("connect", () => {
      probe.end();
      resolve(true);
    });
    probe.once("error", () => resolve(false));
  });
}
