import type { BlockedUser, Gender, PublicProfile, User } from "@flik/shared";
import type { UserRow } from "../../db/schema.js";
import type { Relation } from "./users.policy.js";

/** Relations of a member that are loaded with their account (follows, requests, blocks) and passed in. */
export interface UserRelations {
  followers: string[];
  following: string[];
  followRequestsCount: number;
  blockedUsers: BlockedUser[];
}

const noRelations: UserRelations = {
  followers: [],
  following: [],
  followRequestsCount: 0,
  blockedUsers: [],
};

/** The member as they see themself; never the password hash. */
export function presentSelf(row: UserRow, relations: UserRelations = noRelations): User {
  return {
    _id: row.id,
    id: row.id,
    username: row.username,
    fullName: row.fullName,
    email: row.email,
    emailVerified: row.emailVerified,
    phone: row.phone,
    phoneVerified: row.phoneVerified,
    website: row.website,
    bio: row.bio,
    gender: row.gender as Gender | null,
    avatar: row.avatar,
    profilePic: row.avatar,
    followers: relations.followers,
    following: relations.following,
    followersCount: row.followersCount,
    followingCount: row.followingCount,
    postsCount: row.postsCount,
    verified: row.verified,
    isPrivate: row.isPrivate,
    emailNotifications: row.emailNotifications,
    pushNotifications: row.pushNotifications,
    messagesFrom: row.messagesFrom,
    followRequestsCount: relations.followRequestsCount,
    blockedUsers: relations.blockedUsers,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Another member's profile: what anyone signed in may see, never their e-mail, phone or settings, and
 * the follow lists the viewer may see.
 */
export function presentPublic(
  row: UserRow,
  relation: Relation,
  lists: Pick<UserRelations, "followers" | "following">,
): PublicProfile {
  return {
    _id: row.id,
    id: row.id,
    username: row.username,
    fullName: row.fullName,
    avatar: row.avatar,
    profilePic: row.avatar,
    website: row.website,
    bio: row.bio,
    verified: row.verified,
    isPrivate: row.isPrivate,
    postsCount: row.postsCount,
    followers: lists.followers,
    following: lists.following,
    followersCount: row.followersCount,
    followingCount: row.followingCount,
    isFollowed: relation.isFollower,
    isRequested: relation.isRequested,
  };
}
