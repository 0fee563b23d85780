import { NUL_CHARACTER_MESSAGE, OTP_MAX_ATTEMPTS, OTP_VALID_MINUTES } from "@flik/shared";
import { describe, expect, it } from "vitest";
import { factories } from "../../test/factories.js";
import { buildTestApp, realtimeBed } from "../../test/helper.js";
import { codeIn, startSmtpServer } from "../../test/smtp.js";

// Mail really leaves: through SMTP to a real SMTP server, where each test reads its code.
const smtp = await startSmtpServer();
let now = Date.now();
const built = await buildTestApp({ mail: { smtpUrl: smtp.url } }, { clock: () => now });
const { app } = built;
const { newcomer } = factories(built);
const { socketOf } = await realtimeBed(built);

const FORGOT_ANSWER = {
  message: "OTP sent successfully! If an account uses that email, a 6-digit code is on its way.",
};
const INVALID = {
  message: "Invalid or expired code",
  errors: [{ field: "otp", message: "Invalid or expired code" }],
};

let addresses = 0;
/** Each call from a client address of its own unless told, so limits per address stay out of the way. */
const forgot = (email: unknown, remoteAddress = `10.1.0.${++addresses % 250}`) =>
  app.inject({
    method: "POST",
    url: "/api/auth/forgot-password",
    payload: { email } as object,
    remoteAddress,
  });
const reset = (payload: object) => app.inject({ method: "POST", url: "/api/auth/reset-password", payload });
const signin = (identifier: string, password: string) =>
  app.inject({ method: "POST", url: "/api/auth/signin", payload: { identifier, password } });

/** Asks for a code for `email` and reads it from the SMTP server's inbox. */
async function mailedCode(email: string) {
  const since = smtp.inbox.length;
  const response = await forgot(email);
  expect(response.statusCode).toBe(200);
  return codeIn(await smtp.nextMailTo(email, since));
}

describe("forgot and reset password", () => {
  it("resets a forgotten password end to end, the code read from a real SMTP server", async () => {
    const rosa = await newcomer("rosa");
    const socket = await socketOf(rosa);
    const revoked = new Promise<void>((resolve) => socket.once("sessionRevoked", () => resolve()));
    const closed = new Promise<string>((resolve) => socket.once("disconnect", resolve));

    const since = smtp.inbox.length;
    const requestedAt = Date.now();
    const answer = await forgot("Rosa@Example.com ");
    const answeredAt = Date.now();
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual(FORGOT_ANSWER);
    const mail = await smtp.nextMailTo("rosa@example.com", since);
    console.info(
      `[forgot-password] answered in ${answeredAt - requestedAt} ms; the code was in the SMTP server's inbox ${mail.receivedAt - requestedAt} ms after the request`,
    );
    expect(mail.source).toContain("Subject: Your Flik password reset code");
    expect(mail.source).toContain(`It expires in ${OTP_VALID_MINUTES} minutes`);
    const code = codeIn(mail);
    expect(code).toMatch(/^\d{6}$/);

    const done = await reset({ email: "rosa@example.com", otp: code, newPassword: "a-brand-new-secret" });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: "Password reset successfully!" });

    // Every session of hers ended, her socket told and closed.
    const old = await app.inject({ url: "/api/user", headers: rosa.headers });
    expect(old.statusCode).toBe(401);
    await revoked;
    expect(await closed).toBe("io server disconnect");

    expect((await signin("rosa", "rosa-password")).statusCode).toBe(401);
    const fresh = await signin("rosa", "a-brand-new-secret");
    expect(fresh.statusCode).toBe(200);
    const me = await app.inject({
      url: "/api/user",
      headers: { authorization: `Bearer ${fresh.json().token}` },
    });
    expect(me.json().user.emailVerified).toBe(true);

    // The code was used; her address is told of the change.
    const again = await reset({ email: "rosa@example.com", otp: code, newPassword: "yet-another-secret" });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject(INVALID);
    const notice = await smtp.nextMailTo("rosa@example.com", smtp.inbox.indexOf(mail) + 1);
    expect(notice.source).toContain("Subject: Your Flik password was changed");
    expect(notice.source).not.toMatch(/Your code: \d{6}/);
  });

  it("answers an unknown e-mail exactly as a known one, and mails nothing", async () => {
    await newcomer("sven");
    const since = smtp.inbox.length;
    const unknown = await forgot("nobody-here@example.com");
    const known = await forgot("sven@example.com");
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(unknown.json()).toEqual(FORGOT_ANSWER);
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());
    await smtp.nextMailTo("sven@example.com", since);
    expect(smtp.inbox.filter((mail) => mail.to.includes("nobody-here@example.com"))).toEqual([]);
  });

  it("refuses a wrong code, counts it, and still takes the right one", async () => {
    await newcomer("tove");
    const code = await mailedCode("tove@example.com");
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const refused = await reset({ email: "tove@example.com", otp: wrong, newPassword: "tove-new-password" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject(INVALID);
    const accepted = await reset({ email: "tove@example.com", otp: code, newPassword: "tove-new-password" });
    expect(accepted.statusCode).toBe(200);
  });

  it("refuses a code once its ten minutes are over", async () => {
    await newcomer("ulla");
    const code = await mailedCode("ulla@example.com");
    now += OTP_VALID_MINUTES * 60_000 + 1000;
    const response = await reset({ email: "ulla@example.com", otp: code, newPassword: "ulla-new-password" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject(INVALID);
    expect((await signin("ulla", "ulla-password")).statusCode).toBe(200);
  });

  it("refuses the sixth try even with the right code, until a new code is asked for", async () => {
    await newcomer("vera");
    const code = await mailedCode("vera@example.com");
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < OTP_MAX_ATTEMPTS; i++) {
      const response = await reset({
        email: "vera@example.com",
        otp: wrong,
        newPassword: "vera-new-password",
      });
      expect(response.json()).toMatchObject(INVALID);
    }
    const sixth = await reset({ email: "vera@example.com", otp: code, newPassword: "vera-new-password" });
    expect(sixth.statusCode).toBe(400);
    // Said as a wrong code is: an address nobody has could not say "too many" (see below).
    expect(sixth.json()).toEqual(INVALID);
    expect((await signin("vera", "vera-password")).statusCode).toBe(200);

    const fresh = await mailedCode("vera@example.com");
    const response = await reset({ email: "vera@example.com", otp: fresh, newPassword: "vera-new-password" });
    expect(response.statusCode).toBe(200);
  });

  it("replaces the earlier code when a new one is asked for", async () => {
    await newcomer("wilma");
    const first = await mailedCode("wilma@example.com");
    let second = await mailedCode("wilma@example.com");
    // One chance in a million that both are the same six digits: ask once more then.
    if (second === first) second = await mailedCode("wilma@example.com");
    const old = await reset({ email: "wilma@example.com", otp: first, newPassword: "wilma-new-password" });
    expect(old.statusCode).toBe(400);
    expect(old.json()).toMatchObject(INVALID);
    const current = await reset({
      email: "wilma@example.com",
      otp: second,
      newPassword: "wilma-new-password",
    });
    expect(current.statusCode).toBe(200);
  });

  it("refuses a new password that breaks a rule with the rule, and keeps the code for a better one", async () => {
    await newcomer("xaviera_k");
    const code = await mailedCode("xaviera_k@example.com");
    const asUsername = await reset({ email: "xaviera_k@example.com", otp: code, newPassword: "Xaviera_K" });
    expect(asUsername.statusCode).toBe(400);
    expect(asUsername.json()).toMatchObject({ message: "Password cannot be your username" });
    const done = await reset({ email: "xaviera_k@example.com", otp: code, newPassword: "a-much-better-one" });
    expect(done.statusCode).toBe(200);
  });

  it("answers a reset for an unknown e-mail as a wrong code", async () => {
    const response = await reset({
      email: "nobody-at-all@example.com",
      otp: "123456",
      newPassword: "whatever-it-is",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject(INVALID);
  });

  it("answers the tries at an unknown address's code as a member's, their spent code included", async () => {
    await newcomer("ylva");
    const code = await mailedCode("ylva@example.com");
    expect((await forgot("nobody-ylva@example.com")).statusCode).toBe(200);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const tries = async (email: string, otps: string[]) => {
      const answers = [];
      for (const otp of otps) {
        const response = await reset({ email, otp, newPassword: "a-new-password-1" });
        answers.push({ status: response.statusCode, body: response.json() });
      }
      return answers;
    };
    // Five wrong tries, then the right code: spent, and said as a wrong one is.
    const otps = [...Array(OTP_MAX_ATTEMPTS).fill(wrong), code];
    const known = await tries("ylva@example.com", otps);
    expect(await tries("nobody-ylva@example.com", otps)).toEqual(known);
    expect(known).toMatchObject(otps.map(() => ({ status: 400, body: INVALID })));
  });

  it("lifts a sign-in lock: the owner proves the address and is in at once", async () => {
    await newcomer("yara");
    for (let i = 0; i < 6; i++) await signin("yara", `guess-number-${i}`);
    expect((await signin("yara", "yara-password")).statusCode).toBe(429);
    const code = await mailedCode("yara@example.com");
    expect(
      (await reset({ email: "yara@example.com", otp: code, newPassword: "yara-new-password" })).statusCode,
    ).toBe(200);
    expect((await signin("yara", "yara-new-password")).statusCode).toBe(200);
  });

  it("limits code requests per e-mail address, from any client address, known or not", async () => {
    await newcomer("zelda");
    const statuses = async (email: string) => {
      const seen = [];
      for (let i = 0; i < 6; i++) seen.push(await forgot(email));
      return seen;
    };
    const known = await statuses("zelda@example.com");
    const unknown = await statuses("not-zelda@example.com");
    expect(known.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(unknown.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(known[5]?.json().message).toMatch(
      /^Too many codes requested\. Please try again in \d+ minutes?\.$/,
    );
    expect(known[5]?.headers["retry-after"]).toMatch(/^\d+$/);
    expect(unknown[5]?.json()).toEqual(known[5]?.json());
  });

  it.each([
    ["a missing e-mail", "/auth/forgot-password", {}],
    ["a number for an e-mail", "/auth/forgot-password", { email: 42 }],
    ["a NUL in the e-mail", "/auth/forgot-password", { email: "a\u0000@example.com" }],
    ["not an e-mail", "/auth/forgot-password", { email: "someone" }],
    ["a missing code", "/auth/reset-password", { email: "a@example.com", newPassword: "long-enough" }],
    [
      "a five-digit code",
      "/auth/reset-password",
      { email: "a@example.com", otp: "12345", newPassword: "long-enough" },
    ],
    [
      "a code as a number",
      "/auth/reset-password",
      { email: "a@example.com", otp: 123456, newPassword: "long-enough" },
    ],
    [
      "letters in the code",
      "/auth/reset-password",
      { email: "a@example.com", otp: "12a456", newPassword: "long-enough" },
    ],
    [
      "a NUL in the code",
      "/auth/reset-password",
      { email: "a@example.com", otp: "12345\u0000", newPassword: "long-enough" },
    ],
    [
      "a short password",
      "/auth/reset-password",
      { email: "a@example.com", otp: "123456", newPassword: "short" },
    ],
    [
      "a NUL in the password",
      "/auth/reset-password",
      { email: "a@example.com", otp: "123456", newPassword: "long-\u0000-enough" },
    ],
    [
      "an array for a password",
      "/auth/reset-password",
      { email: "a@example.com", otp: "123456", newPassword: ["x"] },
    ],
  ])("refuses %s with 400", async (_case, url, payload) => {
    const response = await app.inject({
      method: "POST",
      url: `/api${url}`,
      payload,
      remoteAddress: "10.9.9.9",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: expect.any(String), errors: expect.any(Array) });
    if (JSON.stringify(payload).includes("\\u0000"))
      expect(response.json().errors).toContainEqual(
        expect.objectContaining({ message: NUL_CHARACTER_MESSAGE }),
      );
  });
});

describe("limits per client address", async () => {
  const limited = await buildTestApp({ authRateLimit: 3 });
  it("are not reset by a spoofed X-Forwarded-For", async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      const response = await limited.app.inject({
        method: "POST",
        url: "/api/auth/forgot-password",
        remoteAddress: "198.51.100.7",
        headers: { "x-forwarded-for": `192.0.2.${i}` },
        payload: { email: `someone-${i}@example.com` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });
});
