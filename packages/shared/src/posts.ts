import { z } from "zod";
import {
  COMMENT_MAX_LENGTH,
  MEDIA_DIMENSION_MAX,
  MEDIA_URL_MAX_LENGTH,
  POST_CAPTION_MAX_LENGTH,
  POST_LOCATION_MAX_LENGTH,
  POST_TAGS_MAX_LENGTH,
} from "./constants.js";
import type { MediaType } from "./media.js";
import { textSchema } from "./text.js";
import { hasVisibleText, withoutControlCharacters } from "./text-input.js";

/** An uploaded file's URL: the built-in host's `/media/...` path or an absolute http(s) URL. */
export const mediaUrlSchema = textSchema("Please select a file")
  .trim()
  .min(1, "Please select a file")
  .max(MEDIA_URL_MAX_LENGTH, `Media URL is at most ${MEDIA_URL_MAX_LENGTH} characters`)
  .refine(
    (url) => url.startsWith("/media/") || /^https?:\/\/[^\s/]+\/\S*$/i.test(url),
    "Media must be the URL of an uploaded file",
  );
export type MediaUrlSchema = typeof mediaUrlSchema;

/** Why a media URL of another host is refused (`mediaUrlSchemaFor`, issue 20). */
export const MEDIA_HOST_MESSAGE = "Media must be a file uploaded to Flik";

const caption = textSchema()
  .overwrite(withoutControlCharacters)
  .trim()
  .max(POST_CAPTION_MAX_LENGTH, `Caption is at most ${POST_CAPTION_MAX_LENGTH} characters`);
const location = textSchema()
  .trim()
  .max(POST_LOCATION_MAX_LENGTH, `Location is at most ${POST_LOCATION_MAX_LENGTH} characters`);
const tags = textSchema()
  .trim()
  .max(POST_TAGS_MAX_LENGTH, `Tags are at most ${POST_TAGS_MAX_LENGTH} characters`);

/** A side of the media in pixels, as the media host answered it. */
const dimension = (name: "width" | "height") =>
  z
    .number(`${name} must be a number of pixels`)
    .int(`${name} must be a whole number of pixels`)
    .min(1, `${name} must be at least 1 pixel`)
    .max(MEDIA_DIMENSION_MAX, `${name} must be at most ${MEDIA_DIMENSION_MAX} pixels`);

/** The media's size (our addition to spec §7): optional, but width and height come together. */
const mediaSize = {
  width: dimension("width").optional(),
  height: dimension("height").optional(),
};
const bothOrNeither = (body: { width?: number | undefined; height?: number | undefined }) =>
  (body.width === undefined) === (body.height === undefined);
const sizeTogether = { message: "Send width and height together", path: ["height"] };

/**
 * POST /posts (spec §7) and PUT /posts/{id}, with `mediaUrl` the rule for the post's media: any
 * uploaded file's URL by default, the media host in use on the server (`mediaBodies`, issue 20).
 */
export function postBodies(mediaUrl: MediaUrlSchema = mediaUrlSchema) {
  const createPostBody = z
    .object({
      caption: caption.default(""),
      location: location.default(""),
      tags: tags.default(""),
      image: mediaUrl,
      isReel: z.boolean("isReel must be true or false").default(false),
      ...mediaSize,
    })
    .refine(bothOrNeither, sizeTogether);

  /** The same fields as create; the ones sent are changed. A size goes with new media. */
  const updatePostBody = z
    .object({
      caption: caption.optional(),
      location: location.optional(),
      tags: tags.optional(),
      image: mediaUrl.optional(),
      isReel: z.boolean("isReel must be true or false").optional(),
      ...mediaSize,
    })
    .refine(bothOrNeither, sizeTogether)
    .refine((body) => body.width === undefined || body.image !== undefined, {
      message: "A size is sent with the media it measures",
      path: ["width"],
    });
  return { createPostBody, updatePostBody };
}

export const { createPostBody, updatePostBody } = postBodies();
export type CreatePostBody = z.input<typeof createPostBody>;
export type UpdatePostBody = z.input<typeof updatePostBody>;

/** POST /posts/{id}/comment: trimmed, non-blank (spec §5), capped. */
export const commentBody = z.object({
  text: textSchema("Comment text is required")
    .overwrite(withoutControlCharacters)
    .trim()
    .min(1, "Comment cannot be empty")
    .max(COMMENT_MAX_LENGTH, `Comment is at most ${COMMENT_MAX_LENGTH} characters`)
    .refine(hasVisibleText, "Comment cannot be empty"),
});
export type CommentBody = z.input<typeof commentBody>;

export interface PostAuthor {
  _id: string;
  username: string;
  fullName: string;
  avatar: string;
  /** Unfollowing a private author is asked once more: coming back takes a new request. */
  isPrivate: boolean;
  followersCount: number;
}

/** Comment of spec §3. */
export interface PostComment {
  _id: string;
  text: string;
  createdAt: string;
  user: { _id: string; username: string; avatar: string };
}

/**
 * Who may delete a comment, as on Instagram: its author, and the owner of the post it is on. The
 * server's posts.policy asks this, and the web app shows "Delete comment" by it.
 */
export function canDeleteComment(
  viewerId: string | null | undefined,
  comment: { authorId: string; postOwnerId: string },
): boolean {
  return !!viewerId && (viewerId === comment.authorId || viewerId === comment.postOwnerId);
}

/** `DELETE /posts/{id}/comments/{commentId}`: the post's comment count after it. */
export interface CommentDeletedResponse {
  message: string;
  commentsCount: number;
}

/** Post of spec §3, as one viewer sees it (isLiked, isFollowed, isMyPost are theirs). */
export interface Post {
  _id: string;
  caption: string;
  location: string;
  tags: string;
  /** The media URL, image or video. */
  image: string;
  mediaType: MediaType;
  /** Set when the media is a video (spec §3's optional video field). */
  video?: string;
  /**
   * The media's size in pixels (our addition), so a frame of its shape is drawn before it loads; null
   * for posts made before sizes were kept, or when the host did not say.
   */
  width: number | null;
  height: number | null;
  /**
   * A ThumbHash of the photo, base64 (our addition, issue 20): painted blurred until the photo loads.
   * Made from a video's poster. Null for another host's media and posts made before placeholders were kept.
   */
  placeholder: string | null;
  isReel: boolean;
  /**
   * Ids of the members who liked it, newest first: at most POST_LIKES_LISTED for a post, PAGE_LIKES_LISTED
   * for each post of a page (feed, profile grid); the viewer's own like is always among them.
   */
  likes: string[];
  likesCount: number;
  isLiked: boolean;
  /** The newest comments, oldest first: a few in feeds, up to POST_COMMENTS_LISTED on the post itself. */
  comments: PostComment[];
  commentsCount: number;
  /**
   * Where the comments older than those listed start (our addition): the `?cursor=` of GET
   * /posts/{id}/comments, null when the post has no more than it lists. Every post the server presents
   * carries it; a post made up on the client may leave it out.
   */
  commentsCursor?: string | null;
  shares: number;
  sharesCount: number;
  isFollowed: boolean;
  isMyPost: boolean;
  user: PostAuthor;
  createdAt: string;
  updatedAt: string;
}

export interface PostsPage {
  posts: Post[];
  nextCursor: string | null;
}
/**
 * GET /posts/{id}/comments (our addition): a page of a post's comments older than its cursor, newest
 * pages first (the order the post lists its newest in); each page's comments oldest first, as a post's.
 */
export interface PostCommentsPage {
  comments: PostComment[];
  nextCursor: string | null;
}
export interface PostResponse {
  post: Post;
}
export interface LikeResponse {
  likes: string[];
  isLiked: boolean;
  likesCount: number;
}
export interface CommentResponse {
  comment: PostComment;
  commentsCount: number;
}
export interface ShareResponse {
  sharesCount: number;
}

/** The fields of a post an edit can change, as broadcast in postUpdated. */
export type PostEdit = Pick<
  Post,
  | "_id"
  | "caption"
  | "location"
  | "tags"
  | "image"
  | "mediaType"
  | "isReel"
  | "width"
  | "height"
  | "placeholder"
  | "updatedAt"
>;
