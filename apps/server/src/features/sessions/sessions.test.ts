import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { announcement } from "../../test/factories.js";
import { buildTestApp, personas, signIn, signUp, signUpAndIn, sqlLog } from "../../test/helper.js";

const built = await buildTestApp();
const { app } = built;
await signUp(built, personas.alice);
await signUp(built, personas.bob);

const iphone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

describe("sessions", () => {
  it("lists the member's active sessions with device, browser, location and which is current", async () => {
    const laptop = await signIn(built, personas.alice);
    await signIn(built, personas.alice, iphone);
    const response = await app.inject({ url: "/api/sessions", headers: laptop.headers });
    expect(response.statusCode).toBe(200);
    const { sessions } = response.json();
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    expect(sessions.filter((session: { current: boolean }) => session.current)).toEqual([
      expect.objectContaining({ _id: laptop.sessionId, current: true }),
    ]);
    expect(sessions).toContainEqual({
      _id: expect.any(String),
      device: "Apple iPhone (iOS 17.5)",
      browser: "Mobile Safari 17",
      location: "This computer",
      lastActive: expect.any(String),
      current: false,
    });
  });

  it("never lists another member's sessions", async () => {
    const bob = await signIn(built, personas.bob);
    const alice = await signIn(built, personas.alice);
    const { sessions } = (await app.inject({ url: "/api/sessions", headers: bob.headers })).json();
    expect(sessions.map((session: { _id: string }) => session._id)).not.toContain(alice.sessionId);
  });

  it("logout-current revokes the token at once", async () => {
    const alice = await signIn(built, personas.alice);
    const response = await app.inject({
      method: "PATCH",
      url: "/api/sessions/logout-current",
      headers: { ...alice.headers, "x-session-id": alice.sessionId },
    });
    expect(response.statusCode).toBe(200);
    const after = await app.inject({ url: "/api/user", headers: alice.headers });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: "Your session has ended. Please sign in again." });
  });

  it("refuses an x-session-id that is not the caller's session", async () => {
    const alice = await signIn(built, personas.alice);
    const bob = await signIn(built, personas.bob);
    const response = await app.inject({
      method: "PATCH",
      url: "/api/sessions/logout-current",
      headers: { ...alice.headers, "x-session-id": bob.sessionId },
    });
    expect(response.statusCode).toBe(400);
    expect((await app.inject({ url: "/api/user", headers: bob.headers })).statusCode).toBe(200);
  });

  it("logout-others keeps the current session and revokes the rest", async () => {
    const phone = await signIn(built, personas.alice, iphone);
    const laptop = await signIn(built, personas.alice);
    const response = await app.inject({
      method: "PATCH",
      url: "/api/sessions/logout-others",
      headers: { ...laptop.headers, "x-session-id": laptop.sessionId },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: "Logged out from all other devices!" });
    expect((await app.inject({ url: "/api/user", headers: phone.headers })).statusCode).toBe(401);
    expect((await app.inject({ url: "/api/user", headers: laptop.headers })).statusCode).toBe(200);
  });

  it("logs out one session by id, only the member's own", async () => {
    const phone = await signIn(built, personas.alice, iphone);
    const laptop = await signIn(built, personas.alice);
    const bob = await signIn(built, personas.bob);

    const othersSession = await app.inject({
      method: "PATCH",
      url: `/api/sessions/${phone.sessionId}/logout`,
      headers: bob.headers,
    });
    expect(othersSession.statusCode).toBe(404);
    expect(othersSession.json()).toEqual({ message: "Session not found" });
    expect((await app.inject({ url: "/api/user", headers: phone.headers })).statusCode).toBe(200);

    const own = await app.inject({
      method: "PATCH",
      url: `/api/sessions/${phone.sessionId}/logout`,
      headers: laptop.headers,
    });
    expect(own.statusCode).toBe(200);
    expect((await app.inject({ url: "/api/user", headers: phone.headers })).statusCode).toBe(401);
  });

  it("answers 404 for an id that is not a session id, and 401 without a token", async () => {
    const alice = await signIn(built, personas.alice);
    const badId = await app.inject({
      method: "PATCH",
      url: "/api/sessions/not-an-id/logout",
      headers: alice.headers,
    });
    expect(badId.statusCode).toBe(404);
    // The same words as for a well-formed id that names no session of theirs.
    expect(badId.json()).toEqual({ message: "Session not found" });
    const anonymous = await app.inject({ url: "/api/sessions" });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: "Please sign in to continue" });
  });
});

describe("sessions kept in memory", () => {
  const { database } = built;

  const announced = (expected: string) => announcement(built, expected);

  const userStatus = async (headers: { authorization: string }) =>
    (await app.inject({ url: "/api/user", headers })).statusCode;

  it("a signed-in request after the first costs no query for its session", async () => {
    const alice = await signIn(built, personas.alice);
    expect(await userStatus(alice.headers)).toBe(200);
    const lookups = async () => {
      const before = sqlLog.length;
      expect(await userStatus(alice.headers)).toBe(200);
      return sqlLog.slice(before).filter((statement) => /from "sessions"/.test(statement)).length;
    };
    expect(await lookups()).toBe(0);
  });

  it("a session revoked by another node (any change to its row) is refused once the database announces it", async () => {
    const alice = await signIn(built, personas.alice);
    expect(await userStatus(alice.headers)).toBe(200);
    const heard = announced(`session:${alice.sessionId}`);
    await database.db.execute(sql`update sessions set revoked_at = now() where id = ${alice.sessionId}`);
    await heard;
    expect(await userStatus(alice.headers)).toBe(401);
  });

  it("a member deleted by another node loses every kept session", async () => {
    const carol = await signUpAndIn(built, personas.carol);
    expect(await userStatus(carol.headers)).toBe(200);
    const heard = announced(`member:${carol.userId}`);
    await database.db.execute(sql`delete from users where id = ${carol.userId}`);
    await heard;
    expect(await userStatus(carol.headers)).toBe(401);
  });
});
