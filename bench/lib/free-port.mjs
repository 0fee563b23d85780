import { createServer } from "node:net";

/**
 * A port nothing listens on now, chosen by the system: a fixed range could hold another service of the
 * machine (NATS listens on 4222 on some).
 */
export function freePort() {
  return new Promise((done, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
    probe.on("error", reject);
  });
}
