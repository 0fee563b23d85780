export type FollowListKind = "followers" | "following";

export const followKeys = {
  all: ["follows"] as const,
  list: (kind: FollowListKind, userId: string) => [...followKeys.all, kind, userId] as const,
};
