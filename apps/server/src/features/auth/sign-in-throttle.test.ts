import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { factories } from "../../test/factories.js";
import { buildTestApp } from "../../test/helper.js";
import { lockAfter, SIGN_IN_FREE_FAILURES, SIGN_IN_MAX_LOCK_MS } from "./sign-in-throttle.js";

// Time stands still unless a test moves it, so no lock lifts while a slow machine runs a test.
let now = Date.now();
const built = await buildTestApp({}, { clock: () => now });
const { app, database } = built;
const { newcomer } = factories(built);

let addresses = 0;
/** A sign-in from a client address of its own each time: the account's count is what is tested. */
const signin = (identifier: string, password: string) =>
  app.inject({
    method: "POST",
    url: "/api/auth/signin",
    payload: { identifier, password },
    remoteAddress: `10.2.${Math.floor(++addresses / 250) % 250}.${addresses % 250}`,
  });

async function statusesOf(identifier: string, password: string, times: number) {
  const statuses = [];
  for (let i = 0; i < times; i++) statuses.push((await signin(identifier, password)).statusCode);
  return statuses;
}

describe("sign-in throttling per account", () => {
  it("locks an account after five failures from five addresses, the right password too, with Retry-After", async () => {
    await newcomer("anke");
    expect(await statusesOf("anke", "not-her-password", SIGN_IN_FREE_FAILURES)).toEqual([
      401, 401, 401, 401, 401,
    ]);
    const locked = await signin("anke", "anke-password");
    expect(locked.statusCode).toBe(429);
    expect(locked.headers["retry-after"]).toBe("1");
    expect(locked.json()).toEqual({
      message:
        "Too many failed sign-ins to this account. Please try again in 1 second, or reset your password.",
    });
  });

  it("counts each name of an account apart, so a lock never tells whose an e-mail address is", async () => {
    await newcomer("agda");
    await statusesOf("agda", "not-her-password", SIGN_IN_FREE_FAILURES);
    expect((await signin("agda", "agda-password")).statusCode).toBe(429);
    // Her address answers a wrong guess as an address nobody has would, and her own password lets her in.
    const hers = await signin("agda@example.com", "wrong-guess");
    const nobodys = await signin("nobody-here@example.com", "wrong-guess");
    expect({ status: hers.statusCode, body: hers.json() }).toEqual({
      status: nobodys.statusCode,
      body: nobodys.json(),
    });
    expect(hers.statusCode).toBe(401);
    expect((await signin("agda@example.com", "agda-password")).statusCode).toBe(200);
    // A success starts every count of the account again.
    expect((await signin("agda", "agda-password")).statusCode).toBe(200);
  });

  it("lifts the lock after its time, and a success starts the count again", async () => {
    await newcomer("berit");
    await statusesOf("berit", "wrong-password", SIGN_IN_FREE_FAILURES);
    now += 1000;
    expect((await signin("berit", "berit-password")).statusCode).toBe(200);
    // Counted from zero again: four free failures, then locked.
    expect(await statusesOf("berit", "wrong-password", SIGN_IN_FREE_FAILURES - 1)).toEqual([
      401, 401, 401, 401,
    ]);
    expect((await signin("berit", "berit-password")).statusCode).toBe(200);
  });

  it("doubles each lock, up to fifteen minutes at most", async () => {
    await newcomer("cilla");
    await statusesOf("cilla", "wrong-password", SIGN_IN_FREE_FAILURES);
    const waits = [];
    for (let i = 0; i < 4; i++) {
      const refused = await signin("cilla", "cilla-password");
      expect(refused.statusCode).toBe(429);
      const wait = Number(refused.headers["retry-after"]);
      waits.push(wait);
      now += wait * 1000;
      expect((await signin("cilla", "wrong-password")).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8]);

    // Many failures later, the lock is never longer than fifteen minutes.
    await database.db.execute(
      sql`update sign_in_throttles set failures = 40, locked_until = null where user_id = (select id from users where username = 'cilla')`,
    );
    expect((await signin("cilla", "wrong-password")).statusCode).toBe(401);
    const longest = await signin("cilla", "cilla-password");
    expect(longest.headers["retry-after"]).toBe(String(SIGN_IN_MAX_LOCK_MS / 1000));
    expect(longest.json().message).toContain("try again in 15 minutes");
    now += SIGN_IN_MAX_LOCK_MS;
    expect((await signin("cilla", "cilla-password")).statusCode).toBe(200);
  });

  it("checks only five of thirty guesses sent at once from thirty addresses", async () => {
    await newcomer("dagny");
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signin("dagny", `guess-number-${i}`)),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 401)).toHaveLength(SIGN_IN_FREE_FAILURES);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - SIGN_IN_FREE_FAILURES);
  });

  it("answers an identifier that names nobody exactly as an account", async () => {
    await newcomer("elin");
    const answers = async (identifier: string) => {
      const seen = [];
      for (let i = 0; i < SIGN_IN_FREE_FAILURES + 2; i++) {
        const response = await signin(identifier, "wrong-password");
        seen.push({
          status: response.statusCode,
          body: response.json(),
          retryAfter: response.headers["retry-after"],
        });
      }
      return seen;
    };
    const known = await answers("elin");
    const unknown = await answers("no_such_member");
    expect(unknown).toEqual(known);
    expect(known.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401, 429, 429]);

    const together = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signin(`nobody_${Math.floor(i / 12)}`, `guess-${i}`)),
    );
    expect(together.filter((response) => response.statusCode === 401)).toHaveLength(SIGN_IN_FREE_FAILURES);
  });

  it("forgets old failures after a day without one", async () => {
    await newcomer("frida");
    await statusesOf("frida", "wrong-password", SIGN_IN_FREE_FAILURES - 1);
    now += 24 * 60 * 60_000;
    expect(await statusesOf("frida", "wrong-password", SIGN_IN_FREE_FAILURES - 1)).toEqual([
      401, 401, 401, 401,
    ]);
    expect((await signin("frida", "frida-password")).statusCode).toBe(200);
  });
});

describe("lockAfter", () => {
  it("is free for the first four failures, then 1 s doubling to 15 minutes", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 14, 15, 100].map(lockAfter)).toEqual([
      0,
      0,
      0,
      0,
      1000,
      2000,
      4000,
      512_000,
      SIGN_IN_MAX_LOCK_MS,
      SIGN_IN_MAX_LOCK_MS,
    ]);
  });
});
