import { OTP_MAX_ATTEMPTS, OTP_VALID_MINUTES, TOO_MANY_WRONG_CODES } from "@flik/shared";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { oneTimeCodes } from "../../db/schema.js";
import { HttpError } from "../../platform/errors.js";
import { factories } from "../../test/factories.js";
import { buildTestApp } from "../../test/helper.js";
import { createOneTimeCodes, NOBODY } from "./one-time-codes.js";

const built = await buildTestApp();
const { db } = built.database;
const { newcomer } = factories(built);
let now = Date.now();
const codes = createOneTimeCodes({ db, secret: "a-test-secret-of-at-least-32-characters", clock: () => now });

const invalidMessage = "Invalid code";
/** Redeems and says what came of it: the target used, or the refusal's message. */
async function redeem(userId: string, code: string, check?: () => void) {
  try {
    return await codes.redeem(userId, "email_change", code, {
      invalidMessage,
      ...(check && { check }),
      use: async (target) => ({ used: target }),
    });
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 400) return { refused: error.message };
    throw error;
  }
}
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");
const storedFor = (userId: string) => db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, userId));

describe("one-time codes", () => {
  it("are six digits, kept only as a keyed hash with their target and expiry", async () => {
    const { userId } = await newcomer("aino");
    const code = await codes.issue(userId, "email_change", "aino.new@example.com");
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await storedFor(userId);
    expect(row?.codeHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(row?.codeHash).not.toContain(code);
    expect(row).toMatchObject({ target: "aino.new@example.com", attempts: 0 });
    expect(row?.expiresAt.getTime()).toBe(now + OTP_VALID_MINUTES * 60_000);
  });

  it("are used once, however many right tries race", async () => {
    const { userId } = await newcomer("bodil");
    const code = await codes.issue(userId, "email_change", "bodil.new@example.com");
    const results = await Promise.all([1, 2, 3].map(() => redeem(userId, code)));
    expect(results.filter((result) => "used" in result)).toEqual([{ used: "bodil.new@example.com" }]);
    expect(results.filter((result) => "refused" in result)).toHaveLength(2);
    expect(await storedFor(userId)).toEqual([]);
  });

  it("stay usable when a check refuses the right code", async () => {
    const { userId } = await newcomer("cajsa");
    const code = await codes.issue(userId, "email_change", "cajsa.new@example.com");
    await expect(
      redeem(userId, code, () => {
        throw new HttpError(400, "Password cannot be your username");
      }),
    ).resolves.toEqual({ refused: "Password cannot be your username" });
    expect(await redeem(userId, code)).toEqual({ used: "cajsa.new@example.com" });
  });

  it("die after five wrong tries, and a new code starts the count again", async () => {
    const { userId } = await newcomer("disa");
    const code = await codes.issue(userId, "email_change", "disa.new@example.com");
    for (let i = 0; i < OTP_MAX_ATTEMPTS; i++) {
      expect(await redeem(userId, otherThan(code))).toEqual({ refused: invalidMessage });
    }
    expect(await redeem(userId, code)).toEqual({ refused: TOO_MANY_WRONG_CODES });
    const fresh = await codes.issue(userId, "email_change", "disa.new@example.com");
    expect(await redeem(userId, fresh)).toEqual({ used: "disa.new@example.com" });
  });

  it("expire after ten minutes", async () => {
    const { userId } = await newcomer("eira");
    const code = await codes.issue(userId, "email_change", "eira.new@example.com");
    now += OTP_VALID_MINUTES * 60_000;
    expect(await redeem(userId, code)).toEqual({ refused: invalidMessage });
  });

  it("are bound to their purpose and member", async () => {
    const { userId } = await newcomer("fia");
    const other = await newcomer("greta");
    const code = await codes.issue(userId, "phone_change", "+14155552671");
    expect(await redeem(userId, code)).toEqual({ refused: invalidMessage }); // an e-mail change
    expect(await redeem(other.userId, code)).toEqual({ refused: invalidMessage });
    expect(await redeem(NOBODY, code)).toEqual({ refused: invalidMessage });
    const [row] = await storedFor(userId);
    expect(row?.attempts).toBe(0);
  });

  it("keep one live code per member and purpose", async () => {
    const { userId } = await newcomer("hilde");
    await codes.issue(userId, "email_change", "first@example.com");
    await codes.issue(userId, "email_change", "second@example.com");
    await codes.issue(userId, "password_reset", "hilde@example.com");
    const rows = await storedFor(userId);
    expect(rows.map((row) => [row.purpose, row.target]).sort()).toEqual([
      ["email_change", "second@example.com"],
      ["password_reset", "hilde@example.com"],
    ]);
  });
});
