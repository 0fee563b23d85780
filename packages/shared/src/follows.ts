/** POST /follow/{userId} and POST /unfollow/{userId}. */
export interface FollowResponse {
  isFollowed: boolean;
  /**
   * A private member not yet followed: the follow became a request, waiting for their answer (issue 16).
   * Optional until the server sends it.
   */
  isRequested?: boolean;
  followersCount: number;
}

/** A row of the followers and following lists. */
export interface FollowListMember {
  _id: string;
  username: string;
  fullName: string;
  avatar: string;
  isFollowed: boolean;
  /** The viewer asked to follow this private member and waits for their answer. */
  isRequested?: boolean;
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
/** POST /follow-requests/{userId}/accept: the caller's followers count after the new follow. */
export interface FollowRequestAccepted {
  message: string;
  followersCount: number;
}
