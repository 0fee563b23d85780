/** POST /follow/{userId} and POST /unfollow/{userId}. */
export interface FollowResponse {
  isFollowed: boolean;
  /** A private member was asked instead (a follow request waits for their answer). */
  isRequested: boolean;
  followersCount: number;
}

/** A row of the followers and following lists. */
export interface FollowListMember {
  _id: string;
  username: string;
  fullName: string;
  avatar: string;
  /** Unfollowing a private member is asked once more: coming back takes a new request. */
  isPrivate: boolean;
  isFollowed: boolean;
  /** The viewer asked to follow this member and waits for their answer. */
  isRequested: boolean;
}
export interface FollowersResponse {
  followers: FollowListMember[];
  nextCursor: string | null;
}
export interface FollowingResponse {
  following: FollowListMember[];
  nextCursor: string | null;
}

/** A member who asked to follow the caller (GET /follow-requests), newest request first. */
export interface FollowRequest {
  _id: string;
  username: string;
  fullName: string;
  avatar: string;
  requestedAt: string;
}
export interface FollowRequestsPage {
  requests: FollowRequest[];
  nextCursor: string | null;
}

/**
 * DELETE /followers/{userId}: the member no longer follows the caller (Instagram's Remove follower);
 * the caller's followers count after it.
 */
export interface FollowerRemoved {
  message: string;
  followersCount: number;
}

/** POST /follow-requests/{userId}/accept: the caller's followers count after the new follow. */
export interface FollowRequestAccepted {
  message: string;
  followersCount: number;
}
