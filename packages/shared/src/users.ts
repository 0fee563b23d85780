import { z } from "zod";
import type { MessagesFrom } from "./account.js";
import { fullNameSchema, usernameSchema } from "./auth.js";
import { BIO_MAX_LENGTH, GENDERS, type Gender, WEBSITE_MAX_LENGTH } from "./constants.js";
import type { Post } from "./posts.js";
import { MEDIA_HOST_MESSAGE, type MediaUrlSchema, mediaUrlSchema } from "./posts.js";
import { textSchema } from "./text.js";
import { hasVisibleText, withoutControlCharacters } from "./text-input.js";
import { httpAddress } from "./website.js";

/** A member as the member sees themself (spec §3 User). */
export interface User {
  _id: string;
  id: string;
  username: string;
  fullName: string;
  email: string;
  emailVerified: boolean;
  phone: string | null;
  phoneVerified: boolean;
  website: string;
  bio: string;
  gender: Gender | null;
  avatar: string;
  profilePic: string;
  /**
   * The ids of the newest FOLLOW_IDS_LISTED followers and followings (spec §3's lists, bounded so a
   * popular member's every page load stays small); the whole lists are paged by GET /followers/{id} and
   * GET /following/{id}, and whether the member follows someone comes with that member's profile and
   * posts (`isFollowed`).
   */
  followers: string[];
  following: string[];
  followersCount: number;
  followingCount: number;
  postsCount: number;
  verified: boolean;
  isPrivate: boolean;
  emailNotifications: boolean;
  pushNotifications: boolean;
  /** Who may start a chat with the member (settings, Privacy). */
  messagesFrom: MessagesFrom;
  /** Members asking to follow this (private) member, waiting for an answer (GET /follow-requests). */
  followRequestsCount: number;
  /** Whom the member blocked, newest block first (the blocked member is never told). */
  blockedUsers: BlockedUser[];
  createdAt: string;
}

/** A member the caller blocked, as the blocked accounts panel lists them. */
export interface BlockedUser {
  _id: string;
  username: string;
  fullName: string;
  avatar: string;
}

/** GET /user and GET /profile/me. */
export interface UserResponse {
  user: User;
}

/** POST /user/block and PUT /user/unblock: "Blocked {username}" / "Unblocked {username}", and the account. */
export interface BlockResponse {
  message: string;
  user: User;
}

export const websiteSchema = textSchema()
  .trim()
  .max(WEBSITE_MAX_LENGTH, `Website must be at most ${WEBSITE_MAX_LENGTH} characters`)
  .refine((url) => url === "" || /^https?:\/\//i.test(url), {
    message: "Website must start with http:// or https://",
    abort: true,
  })
  // A host with a dot in it, as a site on the web has (not `http://x` or `https://localhost`), and an
  // address a browser can open: the profile shows no link for one it can't (`https://example.com:99999`).
  .refine(
    (url) => url === "" || (/^https?:\/\/[^\s/]+\.[^\s]*$/i.test(url) && hasDottedHost(url)),
    "Website must be a full address, like https://example.com",
  )
  // `https://bank.example@evil.example` reads as one site and opens another (a path's `/@name` is fine).
  .refine((url) => !/^https?:\/\/[^/?#]*@/i.test(url), "Website can't include a username or password");

/** The host as the browser reads it, not the text before the first slash (`https://x?a.b` is host x). */
function hasDottedHost(url: string): boolean {
  // A final dot (`localhost.`, a fully qualified name) joins no two names.
  return httpAddress(url)?.hostname.replace(/\.$/, "").includes(".") ?? false;
}

export const bioSchema = textSchema()
  .overwrite(withoutControlCharacters)
  // Spaces and blank lines around it are no part of it; a bio of invisible characters alone is none.
  .trim()
  .max(BIO_MAX_LENGTH, `Bio must be at most ${BIO_MAX_LENGTH} characters`)
  // Blank lines kept to one between paragraphs: a bio of newlines would push the profile off screen.
  .transform((bio) => (hasVisibleText(bio) ? bio.replace(/(?:[ \t]*\r?\n){3,}/g, "\n\n") : ""));

/** A new avatar: an uploaded file's URL by `mediaUrl`'s rule, or a data URL of an image (spec §7). */
const avatarSchemaFor = (mediaUrl: MediaUrlSchema) =>
  textSchema()
    .trim()
    .max(12_000_000, "The picture is too large")
    .refine(
      (value) => value === "" || value.startsWith("data:image/") || mediaUrlSchema.safeParse(value).success,
      { message: "Avatar must be an image", abort: true },
    )
    .refine(
      (value) => value === "" || value.startsWith("data:image/") || mediaUrl.safeParse(value).success,
      MEDIA_HOST_MESSAGE,
    );

const genderMessage = "Choose one of the listed genders";

/**
 * A gender as a client sends it: the stored value (`prefer_not_to_say`) or spec §2's label of the
 * select ("Prefer not to say"), in any letter case; an empty choice is none.
 */
const genderSchema = textSchema(genderMessage, { notText: genderMessage }).transform(
  (text, context): Gender | null => {
    const key = text
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, "_");
    if (key === "") return null;
    const gender = GENDERS.find((value) => value === key);
    if (gender) return gender;
    context.addIssue({ code: "custom", message: genderMessage });
    return z.NEVER;
  },
);

/**
 * PUT /profile/update accepts spec §7's three forms (username, website, bio and an optional avatar;
 * bio, gender, username and fullName; or the avatar alone): every field is optional.
 */
export const updateProfileBodyFor = (mediaUrl: MediaUrlSchema) =>
  z.object({
    username: usernameSchema.optional(),
    fullName: fullNameSchema.optional(),
    website: websiteSchema.optional(),
    bio: bioSchema.optional(),
    gender: genderSchema.nullable().optional(),
    avatar: avatarSchemaFor(mediaUrl).optional(),
  });
export const updateProfileBody = updateProfileBodyFor(mediaUrlSchema);
export type UpdateProfileBody = z.input<typeof updateProfileBody>;

/**
 * A member's address in a path (GET /profile/{username}, /highlights/user/{username}): any text, since an
 * address naming no possible member is a 404, not a 400.
 */
export const usernameParams = z.object({ username: textSchema() });

/** PUT /user: fullName, username, bio. */
export const updateUserBody = updateProfileBody.pick({ fullName: true, username: true, bio: true });

/** Another member's profile as the viewer sees it (no e-mail, phone or settings). */
export interface PublicProfile {
  _id: string;
  id: string;
  username: string;
  fullName: string;
  avatar: string;
  profilePic: string;
  website: string;
  bio: string;
  verified: boolean;
  isPrivate: boolean;
  postsCount: number;
  /**
   * The ids of the newest FOLLOW_IDS_LISTED followers and followings, as GET /user's, without members
   * blocked either way with the viewer; empty for a private member the viewer does not follow. The
   * viewer's own id is among the followers whenever they follow.
   */
  followers: string[];
  following: string[];
  followersCount: number;
  followingCount: number;
  /** Does the viewer follow this member? */
  isFollowed: boolean;
  /** Does the viewer wait for this (private) member to answer their follow request? */
  isRequested: boolean;
}

/** GET /profile/{username}: `posts` is empty for a private member the viewer does not follow. */
export interface ProfileResponse {
  user: PublicProfile;
  posts: Post[];
  isMyProfile: boolean;
  /** For the next page of posts: GET /profile/{username}/posts?cursor= */
  nextCursor: string | null;
}
