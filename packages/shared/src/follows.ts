/** POST /follow/{userId} and POST /unfollow/{userId}. */
export interface FollowResponse {
  isFollowed: boolean;
  followersCount: number;
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
