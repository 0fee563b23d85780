import type {
  FollowListMember,
  Highlight,
  Post,
  PostAuthor,
  PostComment,
  PublicProfile,
  User,
} from "@flik/shared";

function base64Url(value: object): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** An unsigned JWT with Flik's claims; the client never verifies signatures. */
export function makeToken(claims: { sub?: string; sid?: string; exp?: number; iat?: number } = {}): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = { sub: "u-alice", sid: "s-alice-1", iat: now, exp: now + 3600, ...claims };
  return `${base64Url({ alg: "HS256", typ: "JWT" })}.${base64Url(payload)}.signature`;
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    _id: "u-alice",
    id: "u-alice",
    username: "alice",
    fullName: "Alice Liddell",
    email: "alice@example.com",
    emailVerified: true,
    phone: null,
    phoneVerified: false,
    website: "",
    bio: "",
    gender: null,
    avatar: "",
    profilePic: "",
    followers: [],
    following: [],
    followersCount: 0,
    followingCount: 0,
    postsCount: 0,
    verified: false,
    isPrivate: false,
    emailNotifications: true,
    pushNotifications: true,
    messagesFrom: "everyone",
    followRequestsCount: 0,
    blockedUsers: [],
    createdAt: "2025-01-01T00:00:00.000Z",
    ...overrides,
  };
}

/** Bob, whom Alice follows, and his members' view of things. */
export const bob: PostAuthor = {
  _id: "u-bob",
  username: "bob",
  fullName: "Bob Builder",
  avatar: "",
  isPrivate: false,
  followersCount: 3,
};
export const aliceAuthor: PostAuthor = {
  _id: "u-alice",
  username: "alice",
  fullName: "Alice Liddell",
  avatar: "",
  isPrivate: false,
  followersCount: 5,
};

export function makeComment(overrides: Partial<PostComment> = {}): PostComment {
  return {
    _id: "c-1",
    text: "Lovely!",
    createdAt: "2025-06-01T12:05:00.000Z",
    user: { _id: "u-carol", username: "carol", avatar: "" },
    ...overrides,
  };
}

/** Bob's photo post as Alice sees it, unless overridden. */
export function makePost(overrides: Partial<Post> = {}): Post {
  return {
    _id: "p-1",
    caption: "Sunset at the pier",
    location: "Brighton",
    tags: "#sunset #sea",
    image: "/media/image/sunset.jpg",
    mediaType: "image",
    width: 1080,
    height: 1350,
    placeholder: null,
    isReel: false,
    likes: [],
    likesCount: 2,
    isLiked: false,
    comments: [],
    commentsCount: 0,
    shares: 0,
    sharesCount: 0,
    isFollowed: true,
    isMyPost: false,
    user: bob,
    createdAt: "2025-06-01T12:00:00.000Z",
    updatedAt: "2025-06-01T12:00:00.000Z",
    ...overrides,
  };
}

/** A member's profile as another member sees it: Bob, whom the viewer follows, unless overridden. */
export function makeProfile(overrides: Partial<PublicProfile> = {}): PublicProfile {
  return {
    _id: "u-bob",
    id: "u-bob",
    username: "bob",
    fullName: "Bob Builder",
    avatar: "",
    profilePic: "",
    website: "",
    bio: "",
    verified: false,
    isPrivate: false,
    postsCount: 0,
    followers: ["u-alice", "u-carol", "u-dan"],
    following: ["u-carol"],
    followersCount: 3,
    followingCount: 1,
    isFollowed: true,
    isRequested: false,
    ...overrides,
  };
}

export function makeHighlight(overrides: Partial<Highlight> = {}): Highlight {
  return { _id: "h-1", name: "Summer", type: "image", src: "/media/image/summer.jpg", ...overrides };
}

export function makeFollowListMember(overrides: Partial<FollowListMember> = {}): FollowListMember {
  return {
    _id: "u-carol",
    username: "carol",
    fullName: "Carol Danvers",
    avatar: "",
    isPrivate: false,
    isFollowed: false,
    isRequested: false,
    ...overrides,
  };
}

export function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });
}

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** The sign-in pages ask which external provider there is; unless a test says, there is none. */
const NO_EXTERNAL_PROVIDER = "GET /auth/providers";

/**
 * Routes fetch calls by "METHOD /path" (path without the API base); unknown calls fail the test loudly,
 * except GET /auth/providers, which answers "none" unless the test routes it.
 */
export function fetchRoutes(routes: Record<string, Handler | Response>): Handler {
  return (url, init) => {
    const path = url.replace(/^\/api/, "").split("?")[0] ?? "";
    const key = `${init.method ?? "GET"} ${path}`;
    const route =
      routes[key] ?? (key === NO_EXTERNAL_PROVIDER ? jsonResponse(200, { oidc: null }) : undefined);
    if (!route) throw new Error(`Unexpected request: ${key}`);
    return route instanceof Response ? route.clone() : route(url, init);
  };
}

/** A fetch mock's calls without GET /auth/providers (asked by every visit of the sign-in pages). */
export function appCalls<Call extends unknown[]>(fetchMock: { mock: { calls: Call[] } }): Call[] {
  return fetchMock.mock.calls.filter(([url]) => !String(url).endsWith("/auth/providers"));
}

/** A promise that never settles: keeps a request "in flight" for the whole test. */
export function pending(): Promise<Response> {
  return new Promise(() => {});
}

/** The JSON body a stubbed route received on its first (or `call`-th) call. */
export function sentJson(route: { mock: { calls: unknown[][] } }, call = 0): unknown {
  const init = route.mock.calls[call]?.[1] as RequestInit | undefined;
  return JSON.parse(String(init?.body));
}
