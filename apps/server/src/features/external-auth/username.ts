import { isReservedUsername, USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from "@flik/shared";

/**
 * A text from a profile (a nickname, an e-mail address, a name) as a username, or null when too little
 * of it is left: lower case, accents dropped, the part before an `@`, spaces and dashes as underscores,
 * only letters, numbers, periods and underscores, at most USERNAME_MAX_LENGTH characters; null too for
 * a name kept for Flik ("support"), which no profile may give a member.
 */
export function usernameFrom(text: unknown): string | null {
  if (typeof text !== "string") return null;
  const name = text
    .split("@")[0]
    ?.normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[\s-]+/g, "_")
    .replace(/[^a-z0-9._]/g, "")
    .replace(/([._])[._]+/g, "$1")
    .replace(/^[._]+|[._]+$/g, "")
    .slice(0, USERNAME_MAX_LENGTH)
    .replace(/[._]+$/, "");
  return name && name.length >= USERNAME_MIN_LENGTH && !isReservedUsername(name) ? name : null;
}

/** The profile's texts a username is made from, best first. */
export function usernameBase(claims: Record<string, unknown>, fallbackEmail: string | null): string {
  for (const text of [claims.preferred_username, claims.nickname, fallbackEmail, claims.name]) {
    const name = usernameFrom(text);
    if (name) return name;
  }
  return "member";
}

/** `base` with `n` after it, cut so the whole stays within USERNAME_MAX_LENGTH. */
export const withNumber = (base: string, n: number) =>
  `${base.slice(0, USERNAME_MAX_LENGTH - String(n).length)}${n}`;

/** The names tried in order: the base, then with 2, 3 … 99 after it. */
export const usernameCandidates = (base: string) => [
  base,
  ...Array.from({ length: 98 }, (_, index) => withNumber(base, index + 2)),
];
