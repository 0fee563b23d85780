import { describe, expect, it } from "vitest";
import { buildTestApp, personas, signIn, signUp } from "../../test/helper.js";

const built = await buildTestApp();
const { app } = built;
// Alice is a member before any test: the refusals and sign-ins below are about her account.
await signUp(built, personas.alice);

const signup = (payload: unknown) =>
  app.inject({ method: "POST", url: "/api/auth/signup", payload: payload as object });
const signin = (payload: unknown) =>
  app.inject({ method: "POST", url: "/api/auth/signin", payload: payload as object });

describe("POST /api/auth/signup", () => {
  it("creates a member and answers with a message", async () => {
    const response = await signup(personas.dan);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: "Welcome to Flik, @dan! You can log in now." });
  });

  it("refuses a taken username with 409 and says so, whatever its case", async () => {
    const response = await signup({ ...personas.bob, username: "ALICE" });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: "That username is already taken",
      errors: [{ field: "username", message: "That username is already taken" }],
    });
  });

  it("refuses a taken e-mail with 409 and says so, whatever its case", async () => {
    const response = await signup({ ...personas.bob, email: "Alice@Example.com" });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: "An account with that email already exists",
      errors: [{ field: "email", message: "An account with that email already exists" }],
    });
  });

  it("names both fields when the username and the e-mail are both someone's", async () => {
    const response = await signup({ ...personas.bob, username: "alice", email: "alice@example.com" });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: "That username is already taken, and an account with that email already exists",
      errors: [
        { field: "username", message: "That username is already taken" },
        { field: "email", message: "An account with that email already exists" },
      ],
    });
  });

  it.each([
    ["the username", { username: "password1", password: "Password1" }, "Password cannot be your username"],
    [
      "the username with a space either side",
      { username: "qa_pw2_N", password: " qa_pw2_N " },
      "Password cannot be your username",
    ],
    [
      "the address's name with spaces around",
      { email: "secret123@example.com", password: "  Secret123 " },
      "Password cannot be your email address",
    ],
    [
      "the e-mail address",
      { email: "mira@example.com", password: "MIRA@example.com" },
      "Password cannot be your email address",
    ],
    [
      "the address's name",
      { email: "secret123@example.com", password: "secret123" },
      "Password cannot be your email address",
    ],
  ])("refuses a password that is %s, as every change of it does", async (_case, fields, message) => {
    const response = await signup({
      ...personas.bob,
      username: "mira",
      email: "mira@example.com",
      ...fields,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, errors: [{ field: "password", message }] });
  });

  it("counts a password's characters as its sign-up did: 100 emoji sign up and sign in", async () => {
    const password = "😀".repeat(100);
    const made = await signup({
      ...personas.bob,
      username: "emoji_pw",
      email: "emoji_pw@example.com",
      password,
    });
    expect(made.statusCode, made.body).toBe(201);
    const answer = await signin({ identifier: "emoji_pw", password });
    expect(answer.statusCode, answer.body).toBe(200);
  });

  it("ignores fields a member may not set", async () => {
    await signup({
      ...personas.carol,
      verified: true,
      emailVerified: true,
      id: "00000000-0000-0000-0000-000000000000",
    });
    const carol = await signIn(built, personas.carol);
    const me = await app.inject({ url: "/api/user", headers: carol.headers });
    expect(me.json().user).toMatchObject({ verified: false, emailVerified: false });
    expect(me.json().user.id).not.toBe("00000000-0000-0000-0000-000000000000");
  });

  it.each([
    ["a missing field", { fullName: "Dan", username: "dan", email: "dan@example.com" }, "password"],
    ["a number for a name", { ...personas.bob, username: 42 }, "username"],
    ["spaces in a username", { ...personas.bob, username: "bob marley" }, "username"],
    ["a bad e-mail", { ...personas.bob, email: "bob-at-example" }, "email"],
    ["a short password", { ...personas.bob, password: "short" }, "password"],
    ["a blank full name", { ...personas.bob, fullName: "   " }, "fullName"],
    ["a 1 MB full name", { ...personas.bob, fullName: "x".repeat(1_000_000) }, "fullName"],
    ["a 1 MB password", { ...personas.bob, password: "x".repeat(1_000_000) }, "password"],
    ["a password of spaces", { ...personas.bob, password: " ".repeat(10) }, "password"],
    ["a username ending in a period", { ...personas.bob, username: "bob." }, "username"],
    ["a username of periods", { ...personas.bob, username: "..." }, "username"],
  ])("refuses %s with 400 naming the field", async (_case, payload, field) => {
    const response = await signup(payload);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toEqual(expect.any(String));
    expect(body.errors.map((error: { field: string }) => error.field)).toContain(field);
  });

  it("refuses a body that is not an object", async () => {
    for (const payload of [[], "alice", null]) {
      const response = await app.inject({
        method: "POST",
        url: "/api/auth/signup",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify(payload),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
  });

  it("refuses malformed JSON with 400", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/auth/signup",
      headers: { "content-type": "application/json" },
      payload: '{"username": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty("message");
  });

  it("refuses a body over the size limit with 413", async () => {
    const response = await signup({ ...personas.bob, bio: "x".repeat(2 * 1024 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toHaveProperty("message");
  });
});

describe("POST /api/auth/signin", () => {
  it("signs in with a username and answers token and user", async () => {
    const response = await signin({ identifier: "alice", password: personas.alice.password });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      token: expect.any(String),
      user: { _id: body.user.id, id: expect.any(String), username: "alice" },
    });
  });

  it("signs in with an e-mail or a username in any case", async () => {
    for (const identifier of ["ALICE@example.com", " Alice "]) {
      const response = await signin({ identifier, password: personas.alice.password });
      expect(response.statusCode).toBe(200);
      expect(response.json().user.username).toBe("alice");
    }
  });

  it("answers the same 401 for a wrong password and an unknown member", async () => {
    const wrongPassword = await signin({ identifier: "alice", password: "not-her-password" });
    const unknown = await signin({ identifier: "nobody", password: "whatever-it-is" });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ message: "Incorrect email/username or password" });
    expect(unknown.json()).toEqual(wrongPassword.json());
  });

  it("answers a password longer than any account's (over 128 characters) as a wrong one", async () => {
    for (const identifier of ["alice", "nobody"]) {
      const response = await signin({ identifier, password: "x".repeat(129) });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: "Incorrect email/username or password" });
    }
  });

  it("says how long an identifier may be (no e-mail address is longer)", async () => {
    const response = await signin({ identifier: "a".repeat(255), password: "x" });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Email or username is at most 254 characters");
  });

  it.each([
    ["no password", { identifier: "alice" }, "Password is required"],
    ["an empty password", { identifier: "alice", password: "" }, "Password is required"],
    ["no identifier", { password: "x" }, "Email or username is required"],
    ["a null identifier", { identifier: null, password: "x" }, "Email or username is required"],
    ["a blank identifier", { identifier: "  ", password: "x" }, "Email or username is required"],
    ["an object as identifier", { identifier: { $ne: null }, password: "x" }, "identifier must be text"],
    [
      "a 1 MB identifier",
      { identifier: "a".repeat(1_000_000), password: "x" },
      "Email or username is at most 254 characters",
    ],
  ])("refuses %s with 400, saying so", async (_case, payload, message) => {
    const response = await signin(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});

describe("rate limits", async () => {
  // An app for each test, so that none counts another's attempts.
  const [limited, limitedSignUp, local, proxied] = await Promise.all([
    buildTestApp({ authRateLimit: 3 }),
    buildTestApp({ authRateLimit: 3 }),
    buildTestApp({ authRateLimit: 3 }),
    buildTestApp({ authRateLimit: 3, trustProxy: true }),
  ]);
  /** A client elsewhere: calls from this machine itself are not counted per address. */
  const client = "192.0.2.10";

  it("answers 429 after too many sign-in attempts from one address, spoofed X-Forwarded-For or not", async () => {
    await signUp(limited, personas.bob);
    const attempt = (forwardedFor: string) =>
      limited.app.inject({
        method: "POST",
        url: "/api/auth/signin",
        remoteAddress: client,
        headers: { "x-forwarded-for": forwardedFor },
        payload: { identifier: "bob", password: "guess-guess" },
      });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await attempt(`10.0.0.${i}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const refused = await attempt("10.0.0.9");
    expect(refused.json().message).toMatch(/^Too many attempts/);
  });

  it("limits sign-up too", async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const response = await limitedSignUp.app.inject({
        method: "POST",
        url: "/api/auth/signup",
        remoteAddress: client,
        payload: { ...personas.carol, username: `carol${i}`, email: `carol${i}@example.com` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  it("does not count calls from this machine (IPv4 or IPv6 loopback) per address", async () => {
    const statuses = [];
    for (const [i, remoteAddress] of ["127.0.0.1", "::1", "::ffff:127.0.0.1", "127.0.0.2"].entries()) {
      for (const kind of ["signup", "signin"]) {
        const response = await local.app.inject({
          method: "POST",
          url: `/api/auth/${kind}`,
          remoteAddress,
          payload:
            kind === "signup"
              ? { ...personas.carol, username: `carol${i}`, email: `carol${i}@example.com` }
              : { identifier: `carol${i}`, password: personas.carol.password },
        });
        statuses.push(response.statusCode);
      }
    }
    expect(statuses).toEqual([201, 200, 201, 200, 201, 200, 201, 200]);
  });

  it("behind a proxy (TRUST_PROXY) counts the address the proxy saw, not what the client wrote", async () => {
    const attempt = (forwardedFor: string) =>
      proxied.app.inject({
        method: "POST",
        url: "/api/auth/signin",
        remoteAddress: "127.0.0.1",
        // The client wrote the first entries (one claiming to be this machine); the proxy added the last.
        headers: { "x-forwarded-for": `${forwardedFor}, ${client}` },
        payload: { identifier: "nobody", password: "guess-guess" },
      });
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await attempt(i === 0 ? "127.0.0.1" : `10.0.0.${i}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Another client behind the same proxy has its own count.
    const other = await proxied.app.inject({
      method: "POST",
      url: "/api/auth/signin",
      remoteAddress: "127.0.0.1",
      headers: { "x-forwarded-for": "198.51.100.4" },
      payload: { identifier: "nobody", password: "guess-guess" },
    });
    expect(other.statusCode).toBe(401);
  });
});
