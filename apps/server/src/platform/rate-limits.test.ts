import type { FastifyRequest } from "fastify";
import { describe, expect, it, vi } from "vitest";
import { perAddressRateLimit, waitText } from "./rate-limits.js";

function requestFrom(ip: string, headers: Record<string, string> = {}) {
  const warn = vi.fn();
  return { request: { ip, headers, log: { warn } } as unknown as FastifyRequest, warn };
}

describe("perAddressRateLimit", () => {
  it("leaves calls from this machine uncounted and counts every other address", () => {
    const { allowList } = perAddressRateLimit(10, { trustProxy: false });
    expect(allowList(requestFrom("127.0.0.1").request)).toBe(true);
    expect(allowList(requestFrom("::1").request)).toBe(true);
    expect(allowList(requestFrom("192.0.2.1").request)).toBe(false);
  });

  it("warns once when calls come through a proxy TRUST_PROXY does not declare", () => {
    const { allowList } = perAddressRateLimit(10, { trustProxy: false });
    const first = requestFrom("127.0.0.1", { "x-forwarded-for": "192.0.2.1" });
    const second = requestFrom("127.0.0.1", { "x-forwarded-for": "192.0.2.2" });
    allowList(first.request);
    allowList(second.request);
    expect(first.warn).toHaveBeenCalledOnce();
    expect(first.warn.mock.calls[0]?.[0]).toMatch(/TRUST_PROXY=true/);
    expect(second.warn).not.toHaveBeenCalled();
  });

  it("does not warn when the proxy is declared, or a local call names no proxy", () => {
    const declared = perAddressRateLimit(10, { trustProxy: true });
    const throughProxy = requestFrom("127.0.0.1", { "x-forwarded-for": "127.0.0.1" });
    declared.allowList(throughProxy.request);
    const undeclared = perAddressRateLimit(10, { trustProxy: false });
    const direct = requestFrom("127.0.0.1");
    undeclared.allowList(direct.request);
    expect(throughProxy.warn).not.toHaveBeenCalled();
    expect(direct.warn).not.toHaveBeenCalled();
  });
});

describe("waitText", () => {
  it("rounds up to seconds, then minutes", () => {
    expect(waitText(200)).toBe("1 second");
    expect(waitText(42_001)).toBe("43 seconds");
    expect(waitText(60_000)).toBe("1 minute");
    expect(waitText(61_000)).toBe("2 minutes");
  });
});
