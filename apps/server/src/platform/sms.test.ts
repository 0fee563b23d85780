import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { tempDir } from "../test/temp-dir.js";
import { createSmsSender } from "./sms.js";

const log = pino({ level: "silent" });

describe("SMS sender", () => {
  it("keeps text messages in the outbox folder without SMS_WEBHOOK_URL", async () => {
    const sms = createSmsSender(
      { webhookUrl: undefined, webhookAuthorization: undefined },
      tempDir("sms"),
      log,
    );
    await sms.send({ to: "+14155552671", body: "Your Flik code: 123456", code: "123456" });
    expect(sms.kind).toBe("outbox");
    const [kept] = sms.kept;
    expect(kept?.file).toMatch(/outbox\/sms-.+\.txt$/);
    expect(readFileSync(kept?.file ?? "", "utf8")).toBe("To: +14155552671\n\nYour Flik code: 123456\n");
  });

  it("posts to the webhook as JSON with the configured Authorization, and fails on a refusal", async () => {
    const received: { authorization: string | undefined; body: unknown }[] = [];
    let status = 202;
    const gateway = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", () => {
        received.push({ authorization: request.headers.authorization, body: JSON.parse(body) });
        response.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
    afterAll(() => new Promise<void>((resolve) => gateway.close(() => resolve())));
    const { port } = gateway.address() as AddressInfo;
    const sms = createSmsSender(
      { webhookUrl: `http://127.0.0.1:${port}/send`, webhookAuthorization: "Bearer gateway-key" },
      null,
      log,
    );
    await sms.send({ to: "+14155552671", body: "Your Flik code: 123456", code: "123456" });
    expect(received).toEqual([
      { authorization: "Bearer gateway-key", body: { to: "+14155552671", body: "Your Flik code: 123456" } },
    ]);
    expect(sms.kept).toHaveLength(0);
    status = 500;
    await expect(sms.send({ to: "+14155552671", body: "again" })).rejects.toThrow("SMS gateway answered 500");
  });
});
