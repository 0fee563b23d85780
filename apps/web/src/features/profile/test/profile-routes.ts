import type { Post, PublicProfile } from "@flik/shared";
import { signInAsAlice } from "../../../test/auth-storage";
import { fetchRoutes, jsonResponse, makeProfile, makeUser } from "../../../test/fixtures";
import { renderApp, stubFetch } from "../../../test/render-app";

type Routes = Parameters<typeof fetchRoutes>[0];

/** Alice's own profile as the server presents it. */
export const aliceProfile = makeProfile({
  _id: "u-alice",
  id: "u-alice",
  username: "alice",
  fullName: "Alice Liddell",
  isFollowed: false,
  postsCount: 2,
  followers: ["u-carol", "u-dan", "u-erin", "u-frank", "u-gina"],
  following: ["u-bob"],
  followersCount: 5,
  followingCount: 1,
});

interface ProfileFixture {
  member?: PublicProfile;
  posts?: Post[];
  isMyProfile?: boolean;
  nextCursor?: string | null;
  routes?: Routes;
}

/**
 * Alice signed in, opening `path` (or the last of a history), with the profile of `member` (Bob by
 * default) behind it.
 */
export function openProfile(path: string | string[], fixture: ProfileFixture = {}) {
  const { member = makeProfile(), posts = [], isMyProfile = false, nextCursor = null, routes = {} } = fixture;
  signInAsAlice();
  const fetchMock = stubFetch(
    fetchRoutes({
      "GET /user": jsonResponse(200, { user: makeUser({ following: ["u-bob"] }) }),
      [`GET /profile/${member.username}`]: jsonResponse(200, {
        user: member,
        posts,
        isMyProfile,
        nextCursor,
      }),
      [`GET /highlights/user/${member.username}`]: jsonResponse(200, { highlights: [] }),
      "GET /stories": jsonResponse(200, { stories: [] }),
      [`GET /stories/user/${member.username}`]: jsonResponse(200, { stories: [] }),
      ...routes,
    }),
  );
  return { ...renderApp(path), fetchMock };
}

/** Loads the lazy profile screens up front: their first, cold import can outlast a findBy's wait. */
export async function preloadProfileScreens(): Promise<void> {
  await Promise.all([import("../screens/profile-screen"), import("../screens/edit-profile-screen")]);
}
