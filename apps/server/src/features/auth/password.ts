import argon2 from "argon2";

/** argon2id with explicit parameters (design.md: at least 19 MiB and 2 passes). */
const options = { type: argon2.argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => argon2.hash(password, options);

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password; with no hash (unknown member) it still spends the same work on a dummy hash, so the
 * answer time does not tell whether an account exists.
 */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword("flik-dummy-password");
    await argon2.verify(await dummyHash, password);
    return false;
  }
  return argon2.verify(hash, password);
}
