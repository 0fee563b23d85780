import { afterEach, describe, expect, it } from "vitest";
import { noteServerDate, serverNow } from "./server-clock";
import { timeAgo } from "./time-ago";

const HOUR = 3_600_000;
const at = (time: number) => new Date(time).toUTCString();

afterEach(() => noteServerDate(at(Date.now())));

describe("serverNow", () => {
  it("reads the server's clock from its answers' Date header when the device's is far off", () => {
    const receivedAt = Date.now();
    noteServerDate(at(receivedAt - 25 * HOUR), receivedAt);
    expect(Math.abs(serverNow() - (Date.now() - 25 * HOUR))).toBeLessThan(2_000);
    // A post the server made a minute ago is a minute old, not a day.
    expect(timeAgo(new Date(receivedAt - 25 * HOUR - 90_000).toISOString())).toBe("1m ago");
  });

  it("keeps the device's own clock within a few seconds of the server's, and ignores a header it can't read", () => {
    const receivedAt = Date.now();
    noteServerDate(at(receivedAt + 4_000), receivedAt);
    expect(serverNow() - Date.now()).toBeLessThanOrEqual(0);
    noteServerDate(at(receivedAt + 3 * HOUR), receivedAt);
    noteServerDate("not a date", receivedAt);
    noteServerDate(null, receivedAt);
    expect(serverNow() - Date.now()).toBeGreaterThan(3 * HOUR - 2_000);
  });
});
