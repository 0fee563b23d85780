import type { Poll, Post, Tag, TrendingTag, UserSearchResult } from "@flik/shared";
import { screen } from "@testing-library/react";
import { signInAsAlice } from "../../../test/auth-storage";
import { fetchRoutes, jsonResponse, makePost, makeUser } from "../../../test/fixtures";
import { renderApp, stubFetch } from "../../../test/render-app";

type Routes = Parameters<typeof fetchRoutes>[0];

/** The members Alice may find. */
export const bob: UserSearchResult = { _id: "u-bob", username: "bob", fullName: "Bob Builder", avatar: "" };
export const bobby: UserSearchResult = {
  _id: "u-bobby",
  username: "bobby_tables",
  fullName: "Bobby Tables",
  avatar: "",
};

export const sunsetTag: Tag = { name: "sunset", postsCount: 1204 };
export const seaTag: Tag = { name: "sea", postsCount: 1 };

export const trending: TrendingTag[] = [
  { name: "worldcup", postsCount: 5300, recentCount: 812 },
  { name: "sunset", postsCount: 1204, recentCount: 1 },
];

/** Today's poll as Alice sees it before voting: no counts. */
export function makePoll(overrides: Partial<Poll> = {}): Poll {
  return {
    _id: "poll-1",
    question: "Beach or mountains?",
    options: [
      { _id: "opt-beach", text: "Beach", votes: null },
      { _id: "opt-mountains", text: "Mountains", votes: null },
    ],
    myVote: null,
    totalVotes: null,
    ...overrides,
  };
}

/** The same poll once Alice voted Beach: 3 votes of 4. */
export const votedPoll = makePoll({
  options: [
    { _id: "opt-beach", text: "Beach", votes: 3 },
    { _id: "opt-mountains", text: "Mountains", votes: 1 },
  ],
  myVote: "opt-beach",
  totalVotes: 4,
});

/** Posts numbered from `from`: distinct ids and captions. */
export function postsFrom(from: number, count: number): Post[] {
  return Array.from({ length: count }, (_, index) =>
    makePost({ _id: `p-${from + index}`, caption: `Post ${from + index}` }),
  );
}

export const page = (posts: Post[], nextCursor: string | null = null) =>
  jsonResponse(200, { posts, nextCursor });

/** What a search answers: these members, posts and tags. */
export function searchRoutes({
  members = [],
  posts = [],
  tags = [],
}: {
  members?: UserSearchResult[];
  posts?: Post[];
  tags?: Tag[];
}): Routes {
  return {
    "GET /user/search": () => jsonResponse(200, { users: members }),
    "GET /posts/search": () => jsonResponse(200, { posts, nextCursor: null }),
    "GET /tags/search": () => jsonResponse(200, { tags }),
  };
}

/** The lazy screens' first import can outlast a findBy's wait on a busy machine: loaded up front. */
export async function preloadExploreScreens(): Promise<void> {
  await Promise.all([import("../screens/explore-screen"), import("../../tags/screens/tag-screen")]);
}

/** Alice signed in on `path` (explore by default), with an empty explore and the given answers. */
export async function openExplore(
  path = "/search",
  routes: Routes = {},
  options: { fakeTimers?: boolean } = {},
) {
  signInAsAlice();
  const fetchMock = stubFetch(
    fetchRoutes({
      "GET /user": jsonResponse(200, { user: makeUser() }),
      "GET /explore": () => page([]),
      "GET /polls/current": () => jsonResponse(200, { poll: makePoll() }),
      "GET /tags/trending": () => jsonResponse(200, { tags: trending }),
      ...routes,
    }),
  );
  const view = renderApp(path, options);
  await screen.findByRole("heading", { level: 1, name: "Explore" });
  return { ...view, fetchMock };
}

export const searchBox = () => screen.getByRole("combobox", { name: "Search people, posts and tags" });

/** The calls made to "METHOD /path", each as its URL. */
export function urlsOf(fetchMock: ReturnType<typeof stubFetch>, key: string): URL[] {
  return fetchMock.mock.calls
    .map(([url, init]) => ({ url: new URL(String(url), "http://flik.test"), method: init?.method ?? "GET" }))
    .filter(({ url, method }) => `${method} ${url.pathname.replace(/^\/api/, "")}` === key)
    .map(({ url }) => url);
}
