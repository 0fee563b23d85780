import { z } from "zod";
import { fullNameSchema, usernameSchema } from "./auth.js";
import { BIO_MAX_LENGTH, HIGHLIGHT_NAME_MAX_LENGTH, WEBSITE_MAX_LENGTH } from "./constants.js";
import type { MediaType } from "./media.js";
import type { Post } from "./posts.js";
import { mediaUrlSchema } from "./posts.js";
import { GENDERS } from "./user.js";

export const websiteSchema = z
  .string()
  .trim()
  .max(WEBSITE_MAX_LENGTH, `Website must be at most ${WEBSITE_MAX_LENGTH} characters`)
  .refine(
    (url) => url === "" || /^https?:\/\/[^\s/]+\.[^\s]*$/i.test(url),
    "Website must start with http:// or https://",
  );

export const bioSchema = z.string().max(BIO_MAX_LENGTH, `Bio must be at most ${BIO_MAX_LENGTH} characters`);

/** A new avatar: an uploaded file's URL, or a data URL of an image (spec §7). */
export const avatarSchema = z
  .string()
  .trim()
  .max(12_000_000, "The picture is too large")
  .refine(
    (value) => value === "" || value.startsWith("data:image/") || mediaUrlSchema.safeParse(value).success,
    "Avatar must be an image",
  );

/**
 * PUT /profile/update accepts spec §7's three forms (username, website, bio and an optional avatar;
 * bio, gender, username and fullName; or the avatar alone): every field is optional.
 */
export const updateProfileBody = z.object({
  username: usernameSchema.optional(),
  fullName: fullNameSchema.optional(),
  website: websiteSchema.optional(),
  bio: bioSchema.optional(),
  gender: z.enum(GENDERS, "Choose one of the listed genders").nullable().optional(),
  avatar: avatarSchema.optional(),
});
export type UpdateProfileBody = z.input<typeof updateProfileBody>;

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
  followersCount: number;
  followingCount: number;
  /** Does the viewer follow this member? */
  isFollowed: boolean;
}

/** GET /profile/{username}: `posts` is empty for a private member the viewer does not follow. */
export interface ProfileResponse {
  user: PublicProfile;
  posts: Post[];
  isMyProfile: boolean;
  /** For the next page of posts: GET /profile/{username}/posts?cursor= */
  nextCursor: string | null;
}

/** A row of the followers and following lists. */
export interface FollowListMember {
  _id: string;
  username: string;
  fullName: string;
  avatar: string;
  isFollowed: boolean;
}
export interface FollowersResponse {
  followers: FollowListMember[];
  nextCursor: string | null;
}
export interface FollowingResponse {
  following: FollowListMember[];
  nextCursor: string | null;
}

/** Highlight of spec §3. */
export interface Highlight {
  _id: string;
  name: string;
  type: MediaType;
  src: string;
}

/** POST /highlights and PUT /highlights/{id}: the name is trimmed and required (spec §5). */
export const highlightBody = z.object({
  name: z
    .string("Highlight name is required")
    .trim()
    .min(1, "Highlight name is required")
    .max(HIGHLIGHT_NAME_MAX_LENGTH, `Highlight name must be at most ${HIGHLIGHT_NAME_MAX_LENGTH} characters`),
  type: z.enum(["image", "video"], "Highlight type must be image or video"),
  src: z
    .string("Please upload an image or video for this highlight")
    .trim()
    .min(1, "Please upload an image or video for this highlight")
    .pipe(mediaUrlSchema),
});
export type HighlightBody = z.input<typeof highlightBody>;
