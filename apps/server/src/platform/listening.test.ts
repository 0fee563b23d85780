import { describe, expect, it } from "vitest";
import { readyMessage } from "./listening.js";

describe("readyMessage", () => {
  it("names each address the server listens on, IPv6 in brackets", () => {
    expect(readyMessage([{ address: "127.0.0.1", family: "IPv4", port: 3000 }], undefined)).toBe(
      "Flik is ready on http://127.0.0.1:3000",
    );
    expect(
      readyMessage(
        [
          { address: "127.0.0.1", family: "IPv4", port: 3000 },
          { address: "::1", family: "IPv6", port: 3000 },
        ],
        undefined,
      ),
    ).toBe("Flik is ready on http://127.0.0.1:3000 and http://[::1]:3000");
  });

  it("says when it listens on every interface, and where people reach it when PUBLIC_URL says", () => {
    expect(readyMessage([{ address: "0.0.0.0", family: "IPv4", port: 8080 }], "https://flik.example")).toBe(
      "Flik is ready on http://0.0.0.0:8080 (every interface); people reach it at https://flik.example",
    );
  });
});
