import { EMAIL_VERIFY_CODE_SENT, NUL_CHARACTER_MESSAGE, OTP_MAX_ATTEMPTS } from "@flik/shared";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { oneTimeCodes } from "../../db/schema.js";
import { factories } from "../../test/factories.js";
import { buildTestApp, type Method, realtimeBed, type SignedIn } from "../../test/helper.js";
import { keptCountFor, keptMailTo, keptTextTo } from "../../test/outbox.js";
import { codeIn } from "../../test/smtp.js";

// The default outbox: mail and texts are kept in memory, where each test reads its code.
const built = await buildTestApp();
const { app, mailer, sms } = built;
const { newcomer, call, verifyEmail } = factories(built);
const { socketOf } = await realtimeBed(built);

const me = async (member: SignedIn) => (await call(member, "GET", "/user")).json().user;
const signin = (identifier: string, password: string) =>
  app.inject({ method: "POST", url: "/api/auth/signin", payload: { identifier, password } });
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("PUT /api/user/password", () => {
  it("refuses a wrong current password with 400, never 401, and the session lives on", async () => {
    const anna = await newcomer("anna");
    const response = await call(anna, "PUT", "/user/password", {
      currentPassword: "not-my-password",
      newPassword: "a-new-password",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: "Current password is incorrect",
      errors: [{ field: "currentPassword", message: "Current password is incorrect" }],
    });
    expect((await call(anna, "GET", "/user")).statusCode).toBe(200);
  });

  it.each([
    ["the current one", "gunnhild-password", "New password must be different from the current one"],
    ["the username", "GunnHild", "Password cannot be your username"],
    ["the e-mail address", "gunnhild@example.com", "Password cannot be your email address"],
  ])("refuses a new password that is %s with the rule's message", async (_case, newPassword, message) => {
    const gunnhild = await newcomer("gunnhild");
    const response = await call(gunnhild, "PUT", "/user/password", {
      currentPassword: "gunnhild-password",
      newPassword,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, errors: [{ field: "newPassword", message }] });
  });

  it("takes a new password of 70 emoji: 70 characters, as every limit counts them", async () => {
    const ines = await newcomer("ines");
    const response = await call(ines, "PUT", "/user/password", {
      currentPassword: "ines-password",
      newPassword: "🔑".repeat(70),
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it("changes the password, ends every other session and closes its socket, and keeps this one", async () => {
    const laptop = await newcomer("hedda");
    const phone = await newcomer("hedda"); // a second session of hers
    const phoneSocket = await socketOf(phone);
    const closed = new Promise<string>((resolve) => phoneSocket.once("disconnect", resolve));

    const response = await call(laptop, "PUT", "/user/password", {
      currentPassword: "hedda-password",
      newPassword: "hedda-has-a-new-one",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: "Password updated! Please log in again." });

    expect((await call(phone, "GET", "/user")).statusCode).toBe(401);
    expect(await closed).toBe("io server disconnect");
    expect((await call(laptop, "GET", "/user")).statusCode).toBe(200);
    expect((await signin("hedda", "hedda-password")).statusCode).toBe(401);
    expect((await signin("hedda", "hedda-has-a-new-one")).statusCode).toBe(200);
    const notice = await keptMailTo(mailer, "hedda@example.com");
    expect(notice.subject).toBe("Your Flik password was changed");
  });

  it("limits password changes per member", async () => {
    const ida = await newcomer("ida");
    const statuses = [];
    for (let i = 0; i < 11; i++) {
      const response = await call(ida, "PUT", "/user/password", {
        currentPassword: `guess-${i}-guess`,
        newPassword: "a-new-password",
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
  });
});

describe("e-mail change", () => {
  it("sends a code to the new address, switches on it, marks it verified and tells the old address", async () => {
    const jorun = await newcomer("jorun");
    expect((await me(jorun)).email).toBe("jorun@example.com"); // kept by the account cache now

    const asked = await call(jorun, "POST", "/user/request-email-otp", { email: " Jorun.New@Example.com " });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ message: "OTP sent to your new email!" });
    const mail = await keptMailTo(mailer, "jorun.new@example.com");
    expect(mail.subject).toBe("Confirm your new Flik email");
    expect(keptCountFor(mailer, "jorun@example.com")).toBe(0);

    const verified = await call(jorun, "POST", "/user/verify-email-otp", { otp: codeIn(mail) });
    expect(verified.statusCode).toBe(200);
    const { user } = verified.json();
    expect(user).toMatchObject({ _id: jorun.userId, email: "jorun.new@example.com", emailVerified: true });
    expect(user).not.toHaveProperty("passwordHash");
    expect(await me(jorun)).toEqual(user);

    const notice = await keptMailTo(mailer, "jorun@example.com");
    expect(notice.subject).toBe("Your Flik email address was changed");
    expect(notice.text).toContain("j•••@example.com");
    expect(notice.code).toBeUndefined();
    expect((await signin("jorun.new@example.com", "jorun-password")).statusCode).toBe(200);
    expect((await signin("jorun@example.com", "jorun-password")).statusCode).toBe(401);
  });

  it("verifies the member's own address the same way while it is not verified, and only then", async () => {
    const ebba = await newcomer("ebba");
    expect((await me(ebba)).emailVerified).toBe(false);
    const asked = await call(ebba, "POST", "/user/request-email-otp", { email: "Ebba@example.com" });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ message: EMAIL_VERIFY_CODE_SENT });
    const mail = await keptMailTo(mailer, "ebba@example.com");
    expect(mail.subject).toBe("Verify your Flik email");
    const verified = await call(ebba, "POST", "/user/verify-email-otp", { otp: codeIn(mail) });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user).toMatchObject({ email: "ebba@example.com", emailVerified: true });
    // The address did not change: no "your address was changed" notice to it.
    expect(keptCountFor(mailer, "ebba@example.com")).toBe(1);

    const again = await call(ebba, "POST", "/user/request-email-otp", { email: "ebba@example.com" });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: "That is already your email" });
    expect(keptCountFor(mailer, "ebba@example.com")).toBe(1);
  });

  it("refuses the member's own verified address with 400 and a taken one with 409", async () => {
    const kaja = await newcomer("kaja");
    await newcomer("lotta");
    await verifyEmail(kaja);
    const own = await call(kaja, "POST", "/user/request-email-otp", { email: "KAJA@example.com" });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toMatchObject({ message: "That is already your email" });
    const taken = await call(kaja, "POST", "/user/request-email-otp", { email: "Lotta@example.com" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      errors: [{ field: "email", message: "An account with that email already exists" }],
    });
    expect(keptCountFor(mailer, "lotta@example.com")).toBe(0);
  });

  it("answers 409 when the address was taken between the code and its use, and changes nothing", async () => {
    const maja = await newcomer("maja");
    const nils = await newcomer("nils");
    await call(maja, "POST", "/user/request-email-otp", { email: "wanted@example.com" });
    const majasCode = codeIn(await keptMailTo(mailer, "wanted@example.com", 1));
    await call(nils, "POST", "/user/request-email-otp", { email: "wanted@example.com" });
    const nilsCode = codeIn(await keptMailTo(mailer, "wanted@example.com", 2));
    expect((await call(nils, "POST", "/user/verify-email-otp", { otp: nilsCode })).statusCode).toBe(200);

    const late = await call(maja, "POST", "/user/verify-email-otp", { otp: majasCode });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: "An account with that email already exists" });
    expect((await me(maja)).email).toBe("maja@example.com");
  });

  it("refuses a wrong code with the spec's message, and the sixth try even with the right code", async () => {
    const olga = await newcomer("olga");
    const none = await call(olga, "POST", "/user/verify-email-otp", { otp: "123456" });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ message: "Invalid or expired OTP." });

    await call(olga, "POST", "/user/request-email-otp", { email: "olga.new@example.com" });
    const code = codeIn(await keptMailTo(mailer, "olga.new@example.com"));
    for (let i = 0; i < OTP_MAX_ATTEMPTS; i++) {
      const wrong = await call(olga, "POST", "/user/verify-email-otp", { otp: otherThan(code) });
      expect(wrong.json()).toMatchObject({ errors: [{ field: "otp", message: "Invalid or expired OTP." }] });
    }
    const sixth = await call(olga, "POST", "/user/verify-email-otp", { otp: code });
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json()).toMatchObject({ message: "Too many wrong codes. Request a new code." });
    expect((await me(olga)).email).toBe("olga@example.com");
  });

  it("limits code requests per member", async () => {
    const pia = await newcomer("pia");
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const response = await call(pia, "POST", "/user/request-email-otp", { email: `pia-${i}@example.com` });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe("phone change", () => {
  it("texts a code to the number in E.164, sets it verified on the code, and GET /user shows it", async () => {
    const rut = await newcomer("rut");
    expect((await me(rut)).phone).toBeNull();
    const asked = await call(rut, "POST", "/user/phone/request-otp", { phone: "+1 (415) 555-2671" });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ message: "OTP sent to your phone!" });
    const text = keptTextTo(sms, "+14155552671");
    // Saying what it is for: the number's holder may not be who asked.
    expect(text?.body).toMatch(
      /^Your Flik code is \d{6}, to add this number to a Flik account\. .*If you didn't ask for it, ignore this text/,
    );

    const wrong = await call(rut, "POST", "/user/phone/verify", { otp: otherThan(text?.code ?? "") });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: "Invalid OTP" });

    const verified = await call(rut, "POST", "/user/phone/verify", { otp: text?.code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user).toMatchObject({ phone: "+14155552671", phoneVerified: true });
    expect(await me(rut)).toMatchObject({ phone: "+14155552671", phoneVerified: true });

    const again = await call(rut, "POST", "/user/phone/request-otp", { phone: "+14155552671" });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      errors: [{ field: "phone", message: "That is already your phone number" }],
    });
  });

  it("tells that a number is taken only to one who holds the phone: asked, it is texted; its code answers 409", async () => {
    const sara = await newcomer("sara");
    const tina = await newcomer("tina");
    await call(sara, "POST", "/user/phone/request-otp", { phone: "+44 20 7183 8750" });
    const code = keptTextTo(sms, "+442071838750")?.code;
    expect((await call(sara, "POST", "/user/phone/verify", { otp: code })).statusCode).toBe(200);

    const sent = sms.kept.length;
    const asked = await call(tina, "POST", "/user/phone/request-otp", { phone: "+442071838750" });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ message: "OTP sent to your phone!" });
    expect(sms.kept.length).toBe(sent + 1);
    const tinasCode = keptTextTo(sms, "+442071838750")?.code;

    const taken = await call(tina, "POST", "/user/phone/verify", { otp: tinasCode });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      message: "That phone number belongs to another account",
      errors: [{ field: "phone", message: "That phone number belongs to another account" }],
    });
    expect(await me(tina)).toMatchObject({ phone: null, phoneVerified: false });
    expect(await me(sara)).toMatchObject({ phone: "+442071838750", phoneVerified: true });
  });

  it("texts one number at most 5 times in 15 minutes, whichever members ask", async () => {
    const asking = await Promise.all(["vera", "walt"].map((name) => newcomer(name)));
    const ask = (member: (typeof asking)[number]) =>
      call(member, "POST", "/user/phone/request-otp", { phone: "+1 (646) 555-0137" });
    for (const member of [asking[0], asking[1], asking[0], asking[1], asking[0]])
      expect((await ask(member as (typeof asking)[number])).statusCode).toBe(200);
    const sent = sms.kept.length;
    const refused = await ask(asking[1] as (typeof asking)[number]);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many codes requested\. Please try again in \d+ minutes?\.$/);
    expect(refused.headers["retry-after"]).toBeDefined();
    expect(sms.kept.length).toBe(sent);
  });

  it.each([
    ["no country code", "4155552671"],
    ["too few digits", "+1 415 555"],
    ["letters", "+1 415 CALL ME"],
    ["an empty number", "   "],
    ["an extension", "+1 415 555 2671 ext. 12"],
  ])("refuses a malformed number (%s) with 400 and texts nothing", async (_case, phone) => {
    const ulla = await newcomer("ulla");
    const sent = sms.kept.length;
    const response = await call(ulla, "POST", "/user/phone/request-otp", { phone });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(expect.any(String));
    expect(sms.kept.length).toBe(sent);
  });
});

describe("bad input to the account calls", () => {
  it.each<[string, Method, string, object]>([
    ["a missing current password", "PUT", "/user/password", { newPassword: "long-enough" }],
    [
      "a number as current password",
      "PUT",
      "/user/password",
      { currentPassword: 1, newPassword: "long-enough" },
    ],
    [
      "a NUL in the new password",
      "PUT",
      "/user/password",
      { currentPassword: "x", newPassword: "long\u0000enough" },
    ],
    ["a short new password", "PUT", "/user/password", { currentPassword: "x", newPassword: "short" }],
    ["a missing e-mail", "POST", "/user/request-email-otp", {}],
    ["a blank e-mail", "POST", "/user/request-email-otp", { email: "   " }],
    ["a NUL in the e-mail", "POST", "/user/request-email-otp", { email: "v\u0000@example.com" }],
    ["an object as e-mail", "POST", "/user/request-email-otp", { email: { $ne: null } }],
    ["a missing code", "POST", "/user/verify-email-otp", {}],
    ["a NUL in the code", "POST", "/user/verify-email-otp", { otp: "12345\u0000" }],
    ["a number as code", "POST", "/user/phone/verify", { otp: 123456 }],
    ["a seven-digit code", "POST", "/user/phone/verify", { otp: "1234567" }],
    ["a missing phone", "POST", "/user/phone/request-otp", {}],
    ["a NUL in the phone", "POST", "/user/phone/request-otp", { phone: "+1415555\u00002671" }],
    ["a number as phone", "POST", "/user/phone/request-otp", { phone: 14155552671 }],
  ])("refuses %s with 400", async (_case, method, url, payload) => {
    const vilde = await newcomer("vilde");
    const response = await call(vilde, method, url, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: expect.any(String), errors: expect.any(Array) });
    if (JSON.stringify(payload).includes("\\u0000"))
      expect(response.json().errors).toContainEqual(
        expect.objectContaining({ message: NUL_CHARACTER_MESSAGE }),
      );
  });

  it("says 'Email cannot be empty' for a blank e-mail", async () => {
    const vilde = await newcomer("vilde");
    const response = await call(vilde, "POST", "/user/request-email-otp", { email: "  " });
    expect(response.json().message).toBe("Email cannot be empty");
  });

  it("says 'OTP cannot be empty' for a missing or blank code, and that a number is not text", async () => {
    const vilde = await newcomer("vilde");
    for (const [payload, message] of [
      [{}, "OTP cannot be empty"],
      [{ otp: "  " }, "OTP cannot be empty"],
      [{ otp: 123456 }, "otp must be text"],
    ] as const) {
      const response = await call(vilde, "POST", "/user/verify-email-otp", payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });

  it("answers 401 signed out", async () => {
    for (const [method, url] of [
      ["PUT", "/api/user/password"],
      ["POST", "/api/user/request-email-otp"],
      ["POST", "/api/user/verify-email-otp"],
      ["POST", "/api/user/phone/request-otp"],
      ["POST", "/api/user/phone/verify"],
    ] as const) {
      expect((await app.inject({ method, url, payload: {} })).statusCode).toBe(401);
    }
  });
});

describe("a gateway that cannot send", async () => {
  // Nothing listens on port 9 of this machine: the SMS webhook's request fails at once.
  const down = await buildTestApp({ sms: { webhookUrl: "http://127.0.0.1:9/sms" } });
  const downCall = factories(down);
  it("answers 503 with Retry-After and keeps no code", async () => {
    const wanda = await downCall.newcomer("wanda");
    const response = await downCall.call(wanda, "POST", "/user/phone/request-otp", {
      phone: "+33 1 42 68 53 00",
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      message: "We couldn't send the code right now. Please try again in a moment.",
    });
    expect(response.headers["retry-after"]).toBe("30");
    const rows = await down.database.db
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.userId, wanda.userId));
    expect(rows).toEqual([]);
  });
});
