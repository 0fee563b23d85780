import { type ClientToServerEvents, rooms, type ServerToClientEvents } from "@flik/shared";
import { afterAll, describe, expect, it } from "vitest";
import { userIdentities } from "./db/schema.js";
import { exploreScoresQueue } from "./features/explore/explore.service.js";
import { trendingTagsQueue } from "./features/tags/tags.service.js";
import {
  both,
  byPersona,
  type Cells,
  type Exemption,
  type Expected,
  eventsSeen,
  headStatuses,
  inOrder,
  type LiveBed,
  type LiveCase,
  openBed,
  type Route,
  type RouteCase,
  shows,
  status,
  type Who,
  whoFor,
} from "./test/authorization-matrix.js";
import {
  buildWorld,
  type OwnerKind,
  type PersonaKey,
  personaKeys,
  type World,
} from "./test/authorization-world.js";
import { factories } from "./test/factories.js";
import { buildTestApp, listen, roundTrip } from "./test/helper.js";

/**
 * The authorization matrix (issue 16, item 7): every route of the app and every socket event about a
 * member's things, tried as the owner, an approved follower, a stranger, a requester, a member she
 * blocked, a member who blocked her and a signed-out visitor, on a public and on a private owner; each
 * cell says what that persona must get. The routes come from the app itself: a route without a row, or
 * a row naming no route, fails the first test. Who each persona is: test/authorization-world.ts; what
 * a cell means: test/authorization-matrix.ts. Adding a route is adding its row, one line of cells.
 */
const registered: Route[] = [];
const built = await buildTestApp(
  {},
  {
    onRoute: (route) => {
      for (const method of [route.method].flat()) registered.push(`${method} ${route.url}`);
    },
  },
);
const baseUrl = await listen(built);
const f = factories(built);
const worlds: Record<OwnerKind, World> = {
  public: await buildWorld(built, "public"),
  private: await buildWorld(built, "private"),
};
const kinds: OwnerKind[] = ["public", "private"];
/** A sign-in through an identity provider, linked to the owner (as POST /user/identities links one). */
async function linkIdentityOf(w: World) {
  const [identity] = await built.database.db
    .insert(userIdentities)
    .values({
      userId: w.members.owner.userId,
      issuer: "https://id.example.com",
      subject: crypto.randomUUID(),
      email: `${w.usernames.owner}@id.example.com`,
    })
    .returning({ id: userIdentities.id });
  if (!identity) throw new Error("no identity linked");
  return identity;
}
const ownersIdentity = {
  public: await linkIdentityOf(worlds.public),
  private: await linkIdentityOf(worlds.private),
};
// The summaries trending tags and For You read, refreshed once the worlds are made (the job runner's
// schedules are off in tests).
await built.jobs.runNow(trendingTagsQueue, {});
await built.jobs.runNow(exploreScoresQueue, {});

const ownerOf = (w: World) => w.members.owner;
/** The owner's own tag (authorization-world.ts). */
const tagOf = (w: World) => `${w.kind === "public" ? "pub" : "priv"}owned`;
const ownerId = (w: World) => w.members.owner.userId;
let made = 0;
/** A text no other step of the run writes. */
const unique = (what: string) => `${what} #${++made}`;

/**
 * A probe on something of the owner's that the persona's attempt may remove or leave behind: a new one
 * each time, removed by the owner when the attempt did not.
 */
async function onNew<T>(
  make: () => Promise<T>,
  attempt: (thing: T) => Promise<Awaited<ReturnType<Who["call"]>>>,
  cleanUp: (thing: T) => Promise<unknown>,
) {
  const thing = await make();
  const answer = await attempt(thing);
  if (answer.statusCode !== 200) await cleanUp(thing);
  return status(answer);
}
const newPost = (w: World) => () => f.createPost(ownerOf(w), { caption: unique("to delete") });
const newFlick = (w: World) => () => f.createFlick(ownerOf(w));
const newStory = (w: World) => async (): Promise<{ _id: string }> =>
  (await f.call(ownerOf(w), "POST", "/stories", { url: w.imageUrl })).json().story;
/** A third member for the owner's new groups (a group has at least three), one per world. */
const groupFillers = new Map<World, Promise<Awaited<ReturnType<typeof f.newcomer>>>>();
const newGroup = (w: World) => async () => {
  const filler = groupFillers.get(w) ?? f.newcomer(`${w.usernames.owner}_filler`);
  groupFillers.set(w, filler);
  return f.groupOf(ownerOf(w), [w.pal, await filler], unique("to leave"));
};
const deletePost = (w: World) => (post: { _id: string }) =>
  f.call(ownerOf(w), "DELETE", `/posts/${post._id}`);

const row = (
  route: Route,
  about: string,
  expected: Expected,
  probe: RouteCase["probe"],
  options: { settles?: boolean } = {},
): RouteCase => ({ route, about, expected, probe, ...options });

// Cells, in this order: owner, follower, stranger, requester, blocked, blocker, visitor.
const seenByAll: Cells = ["200+", "200+", "200+", "200+", "404", "404", "401"];
const seenByFollowers: Cells = ["200+", "200+", "404", "404", "404", "404", "401"];
const listedForAll: Cells = ["200+", "200+", "200+", "200+", "200-", "200-", "401"];
const listedForFollowers: Cells = ["200+", "200+", "200-", "200-", "200-", "200-", "401"];
const grid = { public: seenByAll, private: ["200+", "200+", "200-", "200-", "404", "404", "401"] } as const;
const ownersOnly = (ok: string, others: string): Cells => [ok, others, others, others, others, others, "401"];
const actOnPost = (ok: string): Expected => ({
  public: [ok, ok, ok, ok, "404", "404", "401"],
  private: [ok, ok, "404", "404", "404", "404", "401"],
});
/** Changing what a member owns (a post, a highlight): 403 where the caller may see it, else 404. */
const changeOwned = {
  public: ["200", "403", "403", "403", "404", "404", "401"],
  private: ["200", "403", "404", "404", "404", "404", "401"],
} as const;

/** The owner in the caller's own account: followed, or blocked by the caller (the blocked are not told). */
const inOwnAccount: Cells = ["200+", "200+", "200-", "200-", "200-", "200+", "401"];

const cases: RouteCase[] = [
  // Members and profiles.
  row(
    "GET /api/user",
    "the owner, in the caller's own account (following, blockedUsers)",
    both(inOwnAccount),
    (who, w) => who.call("GET", "/api/user").then((r) => shows(r, ownerId(w))),
  ),
  row(
    "GET /api/profile/me",
    "the owner, in the caller's own account (following, blockedUsers)",
    both(inOwnAccount),
    (who, w) => who.call("GET", "/api/profile/me").then((r) => shows(r, ownerId(w))),
  ),
  row("GET /api/user/search", "the owner, searched by username", both(listedForAll), (who, w) =>
    who.call("GET", `/api/user/search?q=${w.usernames.owner}`).then((r) => shows(r, ownerId(w))),
  ),
  row("GET /api/auth", "the owner, searched by username (the same search)", both(listedForAll), (who, w) =>
    who.call("GET", `/api/auth?search=${w.usernames.owner}`).then((r) => shows(r, ownerId(w))),
  ),
  row("GET /api/profile/:username", "the owner's profile and her post in its grid", grid, (who, w) =>
    who.call("GET", `/api/profile/${w.usernames.owner}`).then((r) => shows(r, w.post._id)),
  ),
  row("GET /api/profile/:username/posts", "the owner's post, in her grid", grid, (who, w) =>
    who.call("GET", `/api/profile/${w.usernames.owner}/posts?limit=50`).then((r) => shows(r, w.post._id)),
  ),

  // Follows and follow requests.
  row(
    "GET /api/followers/:userId",
    "the owner's followers (the follower listed)",
    { public: seenByAll, private: ["200+", "200+", "403", "403", "404", "404", "401"] },
    (who, w) =>
      who.call("GET", `/api/followers/${ownerId(w)}`).then((r) => shows(r, w.members.follower.userId)),
  ),
  row("GET /api/followers/:userId", "the owner in a pal's followers", both(listedForAll), (who, w) =>
    who.call("GET", `/api/followers/${w.pal.userId}`).then((r) => shows(r, ownerId(w))),
  ),
  row(
    "GET /api/following/:userId",
    "whom the owner follows (the pal listed)",
    { public: seenByAll, private: ["200+", "200+", "403", "403", "404", "404", "401"] },
    (who, w) => who.call("GET", `/api/following/${ownerId(w)}`).then((r) => shows(r, w.pal.userId)),
  ),
  row(
    "GET /api/follow-requests",
    "the requester's request to the owner, in the caller's requests",
    { public: ownersOnly("200-", "200-"), private: ownersOnly("200+", "200-") },
    (who, w) => who.call("GET", "/api/follow-requests").then((r) => shows(r, w.members.requester.userId)),
  ),
  row(
    "POST /api/follow-requests/:userId/accept",
    "accept the requester's request to the owner",
    { public: ownersOnly("404", "404"), private: ownersOnly("200", "404") },
    (who, w) => who.call("POST", `/api/follow-requests/${w.members.requester.userId}/accept`).then(status),
    { settles: true },
  ),
  row(
    "POST /api/follow-requests/:userId/decline",
    "decline the requester's request to the owner",
    { public: ownersOnly("404", "404"), private: ownersOnly("200", "404") },
    (who, w) => who.call("POST", `/api/follow-requests/${w.members.requester.userId}/decline`).then(status),
    { settles: true },
  ),
  row(
    "POST /api/follow/:userId",
    "follow the owner, or ask to",
    {
      public: ["400", "200 following", "200 following", "200 following", "403", "403", "401"],
      private: ["400", "200 following", "200 requested", "200 requested", "403", "403", "401"],
    },
    async (who, w) => {
      const answer = await who.call("POST", `/api/follow/${ownerId(w)}`);
      if (answer.statusCode !== 200) return status(answer);
      const { isFollowed, isRequested } = answer.json();
      return `200 ${isFollowed ? "following" : isRequested ? "requested" : "neither"}`;
    },
    { settles: true },
  ),
  row(
    "DELETE /api/followers/:userId",
    "remove the follower from the owner's followers (anyone else's call removes from their own list)",
    // The follower's own call names themselves: no one follows themselves (400).
    both(["200 removed", "400", "200 kept", "200 kept", "200 kept", "200 kept", "401"]),
    async (who, w) => {
      const answer = await who.call("DELETE", `/api/followers/${w.members.follower.userId}`);
      if (answer.statusCode !== 200) return status(answer);
      const followers = (await f.call(ownerOf(w), "GET", `/followers/${ownerId(w)}`)).json().followers;
      const kept = followers.some((member: { _id: string }) => member._id === w.members.follower.userId);
      return `200 ${kept ? "kept" : "removed"}`;
    },
    { settles: true },
  ),
  row(
    "POST /api/unfollow/:userId",
    "unfollow the owner, or withdraw a request",
    both(["400", "200", "200", "200", "403", "403", "401"]),
    (who, w) => who.call("POST", `/api/unfollow/${ownerId(w)}`).then(status),
    { settles: true },
  ),

  // Blocks.
  row(
    "POST /api/user/block",
    "block the owner",
    both(["400", "200", "200", "200", "200", "200", "401"]),
    (who, w) => who.call("POST", "/api/user/block", { userId: ownerId(w) }).then(status),
    { settles: true },
  ),
  row(
    "PUT /api/user/unblock",
    "lift a block of the owner (only the blocker has one; the owner herself is refused, as for a block)",
    both(["400", "404", "404", "404", "404", "200", "401"]),
    (who, w) => who.call("PUT", "/api/user/unblock", { userId: ownerId(w) }).then(status),
    { settles: true },
  ),

  // Highlights.
  row(
    "GET /api/highlights",
    "the owner's highlight, in the caller's own",
    both(ownersOnly("200+", "200-")),
    (who, w) => who.call("GET", "/api/highlights").then((r) => shows(r, w.highlight._id)),
  ),
  row("GET /api/highlights/user/:username", "the owner's highlights", grid, (who, w) =>
    who.call("GET", `/api/highlights/user/${w.usernames.owner}`).then((r) => shows(r, w.highlight._id)),
  ),
  row("PUT /api/highlights/:id", "edit the owner's highlight", changeOwned, (who, w) =>
    who
      .call("PUT", `/api/highlights/${w.highlight._id}`, {
        name: "Trips",
        type: "image",
        src: w.highlight.src,
      })
      .then(status),
  ),
  row("DELETE /api/highlights/:id", "delete a highlight of the owner's", changeOwned, (who, w) =>
    onNew(
      async () =>
        (
          await f.call(ownerOf(w), "POST", "/highlights", { name: "Gone", type: "image", src: w.imageUrl })
        ).json().highlight,
      (highlight) => who.call("DELETE", `/api/highlights/${highlight._id}`),
      (highlight) => f.call(ownerOf(w), "DELETE", `/highlights/${highlight._id}`),
    ),
  ),

  // Posts.
  row("GET /api/posts", "the owner's post, in the caller's feed", both(listedForFollowers), (who, w) =>
    who.call("GET", "/api/posts?limit=50").then((r) => shows(r, w.post._id)),
  ),
  row("GET /api/posts/:id", "the owner's post", { public: seenByAll, private: seenByFollowers }, (who, w) =>
    who.call("GET", `/api/posts/${w.post._id}`).then((r) => shows(r, w.post._id)),
  ),
  row("GET /api/posts/:id", "the owner's comment on a pal's post", both(listedForAll), (who, w) =>
    who.call("GET", `/api/posts/${w.palPost._id}`).then((r) => shows(r, w.texts.onPalPost)),
  ),
  row("GET /api/posts/:id", "the owner's like on a pal's post", both(listedForAll), (who, w) =>
    who
      .call("GET", `/api/posts/${w.palPost._id}`)
      .then((r) => shows(r, (body: { post: { likes: string[] } }) => body.post.likes.includes(ownerId(w)))),
  ),
  row(
    "GET /api/posts/:id/comments",
    "the comments of the owner's post (hers on it)",
    { public: seenByAll, private: seenByFollowers },
    (who, w) =>
      who
        .call("GET", `/api/posts/${w.postsOf.owner._id}/comments`)
        .then((r) => shows(r, w.texts.commentTo.owner)),
  ),
  row("GET /api/posts/:id/comments", "the owner's comment on a pal's post", both(listedForAll), (who, w) =>
    who.call("GET", `/api/posts/${w.palPost._id}/comments`).then((r) => shows(r, w.texts.onPalPost)),
  ),
  row(
    "GET /api/posts/search",
    "the owner's post, found by a word of its tags",
    { public: listedForAll, private: listedForFollowers },
    (who, w) => who.call("GET", `/api/posts/search?q=${tagOf(w)}&limit=50`).then((r) => shows(r, w.post._id)),
  ),
  row(
    "GET /api/posts/search",
    "the owner's post, found by its tag exactly",
    { public: listedForAll, private: listedForFollowers },
    (who, w) =>
      who.call("GET", `/api/posts/search?q=%23${tagOf(w)}&limit=50`).then((r) => shows(r, w.post._id)),
  ),
  row("PUT /api/posts/:id", "edit the owner's post", changeOwned, (who, w) =>
    who.call("PUT", `/api/posts/${w.target._id}`, { caption: w.target.caption }).then(status),
  ),
  row("DELETE /api/posts/:id", "delete a post of the owner's", changeOwned, (who, w) =>
    onNew(newPost(w), (post) => who.call("DELETE", `/api/posts/${post._id}`), deletePost(w)),
  ),
  row("POST /api/posts/:id/like", "like the owner's post", actOnPost("200"), (who, w) =>
    who.call("POST", `/api/posts/${w.target._id}/like`).then(status),
  ),
  row("POST /api/posts/:id/unlike", "unlike the owner's post", actOnPost("200"), (who, w) =>
    who.call("POST", `/api/posts/${w.target._id}/unlike`).then(status),
  ),
  row("POST /api/posts/:id/comment", "comment on the owner's post", actOnPost("201"), (who, w) =>
    who.call("POST", `/api/posts/${w.target._id}/comment`, { text: "Nice" }).then(status),
  ),
  row(
    "DELETE /api/posts/:id/comments/:commentId",
    "delete the owner's comment on her post (hers alone, and the post's owner's)",
    changeOwned,
    (who, w) =>
      onNew(
        () => f.comment(ownerOf(w), w.target, unique("hers to delete")),
        (comment) => who.call("DELETE", `/api/posts/${w.target._id}/comments/${comment._id}`),
        (comment) => f.call(ownerOf(w), "DELETE", `/posts/${w.target._id}/comments/${comment._id}`),
      ),
  ),
  row(
    "DELETE /api/posts/:id/comments/:commentId",
    "delete the caller's own comment on the owner's post (whoever may still see it)",
    actOnPost("200"),
    async (who, w) => {
      const made = await who.call("POST", `/api/posts/${w.target._id}/comment`, { text: "Mine" });
      const commentId = made.statusCode === 201 ? made.json().comment._id : crypto.randomUUID();
      return status(await who.call("DELETE", `/api/posts/${w.target._id}/comments/${commentId}`));
    },
  ),
  row("POST /api/posts/:id/share", "share the owner's post", actOnPost("200"), (who, w) =>
    who.call("POST", `/api/posts/${w.target._id}/share`).then(status),
  ),

  // Flicks.
  row(
    "GET /api/flicks",
    "the owner's flick, in the flicks feed",
    { public: listedForAll, private: listedForFollowers },
    (who, w) => who.call("GET", "/api/flicks?limit=50").then((r) => shows(r, w.flick._id)),
  ),
  row("GET /api/flicks", "the owner's comment on a pal's flick", both(listedForAll), (who, w) =>
    who.call("GET", "/api/flicks?limit=50").then((r) => shows(r, w.texts.onPalFlick)),
  ),
  row("POST /api/flicks/:id/like", "react to the owner's flick", actOnPost("200"), (who, w) =>
    who.call("POST", `/api/flicks/${w.flick._id}/like`, { emoji: "🔥" }).then(status),
  ),
  row("POST /api/flicks/:id/comment", "comment on the owner's flick", actOnPost("201"), (who, w) =>
    who.call("POST", `/api/flicks/${w.flick._id}/comment`, { text: "Wow" }).then(status),
  ),
  row("POST /api/flicks/:id/share", "share the owner's flick", actOnPost("200"), (who, w) =>
    who.call("POST", `/api/flicks/${w.flick._id}/share`).then(status),
  ),
  row("DELETE /api/flicks/:id", "delete a flick of the owner's", changeOwned, (who, w) =>
    onNew(newFlick(w), (flick) => who.call("DELETE", `/api/flicks/${flick._id}`), deletePost(w)),
  ),

  // Tags and explore (issue 18). A tag is a word: what is guarded is the posts behind it, and counts of
  // them (a tag of which the caller may see no post is not shown to them).
  row(
    "GET /api/tags/:name/posts",
    "the owner's post, on her tag's page",
    { public: seenByAll, private: seenByFollowers },
    (who, w) => who.call("GET", `/api/tags/${tagOf(w)}/posts?limit=50`).then((r) => shows(r, w.post._id)),
  ),
  row(
    "GET /api/tags/search",
    "the owner's tag, searched",
    { public: listedForAll, private: listedForFollowers },
    (who, w) => who.call("GET", `/api/tags/search?q=${tagOf(w)}`).then((r) => shows(r, `"${tagOf(w)}"`)),
  ),
  row(
    "GET /api/tags/trending",
    "the owner's tag, trending (only posts every member may see count)",
    { public: listedForAll, private: ["200-", "200-", "200-", "200-", "200-", "200-", "401"] },
    (who, w) => who.call("GET", "/api/tags/trending").then((r) => shows(r, `"${tagOf(w)}"`)),
  ),
  row(
    "GET /api/explore",
    "the owner's post, in For You (never the caller's own)",
    {
      public: ["200-", "200+", "200+", "200+", "200-", "200-", "401"],
      private: ["200-", "200+", "200-", "200-", "200-", "200-", "401"],
    },
    (who, w) => who.call("GET", "/api/explore?tab=for-you&limit=50").then((r) => shows(r, w.post._id)),
  ),
  row(
    "GET /api/explore",
    "the owner's post, in Music (her tag #music)",
    { public: listedForAll, private: listedForFollowers },
    (who, w) => who.call("GET", "/api/explore?tab=music&limit=50").then((r) => shows(r, w.post._id)),
  ),

  // Files: the media host serves a file to whoever has its address (a random name, as Cloudinary's);
  // who may learn the address is the rule of the post or highlight that shows it.
  row(
    "GET /media/image/*",
    "the owner's image, by its address",
    both(["200", "200", "200", "200", "200", "200", "200"]),
    (who, w) => who.call("GET", w.imageUrl).then(status),
  ),
  row(
    "GET /media/video/*",
    "the owner's flick's video, by its address",
    both(["200", "200", "200", "200", "200", "200", "200"]),
    (who, w) => who.call("GET", w.videoUrl).then(status),
  ),

  // Notifications.
  row(
    "GET /api/notifications",
    "the owner's comment on the caller's post, notified (the owner: none of her own)",
    both(["200-", "200+", "200+", "200+", "200-", "200-", "401"]),
    (who, w) =>
      who
        .call("GET", "/api/notifications?limit=50")
        .then((r) => shows(r, w.texts.commentTo[who.key === "visitor" ? "follower" : who.key])),
  ),
  row(
    "PUT /api/notifications/:id/read",
    "mark the owner's notification read",
    both(ownersOnly("200", "404")),
    (who, w) => who.call("PUT", `/api/notifications/${w.ownerNotificationId}/read`).then(status),
  ),
  row(
    "PUT /api/notifications/:id/unread",
    "mark the owner's notification unread",
    both(ownersOnly("200", "404")),
    (who, w) => who.call("PUT", `/api/notifications/${w.ownerNotificationId}/unread`).then(status),
  ),

  // Chats. A block keeps a one-to-one chat readable (no new messages) and a group going.
  row(
    "GET /api/chats",
    "the caller's one-to-one chat with the owner (the owner: hers with the follower)",
    both(["200+", "200+", "200+", "200+", "200+", "200+", "401"]),
    (who, w) => who.call("GET", "/api/chats").then((r) => shows(r, w.chatWith(who.key)._id)),
  ),
  row("GET /api/chats", "the owner's chat with a pal", both(ownersOnly("200+", "200-")), (who, w) =>
    who.call("GET", "/api/chats").then((r) => shows(r, w.palChat._id)),
  ),
  row(
    "POST /api/chats",
    "start (or open again) a one-to-one chat with the owner",
    both(["400", "200", "200", "200", "403", "403", "401"]),
    (who, w) => who.call("POST", "/api/chats", { userId: ownerId(w) }).then(status),
  ),
  // Stories: in the strip of the owner and her followers; viewable by whoever may see her posts.
  row("GET /api/stories", "the owner's story in the caller's strip", both(listedForFollowers), (who, w) =>
    who.call("GET", "/api/stories").then((r) => shows(r, w.story._id)),
  ),
  row("GET /api/stories/user/:username", "the owner's live stories, their profile's ring", grid, (who, w) =>
    who.call("GET", `/api/stories/user/${w.usernames.owner}`).then((r) => shows(r, w.story._id)),
  ),
  row(
    "GET /api/stories/archive",
    "the owner's story in the caller's archive",
    both(ownersOnly("200+", "200-")),
    (who, w) => who.call("GET", "/api/stories/archive").then((r) => shows(r, w.story._id)),
  ),
  row("POST /api/stories/:id/view", "view the owner's story", actOnPost("200"), (who, w) =>
    who.call("POST", `/api/stories/${w.story._id}/view`).then(status),
  ),
  row("GET /api/stories/:id/viewers", "who viewed the owner's story", changeOwned, (who, w) =>
    who.call("GET", `/api/stories/${w.story._id}/viewers`).then(status),
  ),
  row("DELETE /api/stories/:id", "delete a story of the owner's", changeOwned, (who, w) =>
    onNew(
      newStory(w),
      (story) => who.call("DELETE", `/api/stories/${story._id}`),
      (story) => f.call(ownerOf(w), "DELETE", `/stories/${story._id}`),
    ),
  ),

  row(
    "POST /api/chats/:id/accept",
    "accept the owner's chat with a pal",
    both(ownersOnly("200", "404")),
    (who, w) => who.call("POST", `/api/chats/${w.palChat._id}/accept`).then(status),
  ),
  row(
    "POST /api/chats/:id/accept",
    "accept the owner's group (accepted already: no change)",
    both(["200", "200", "200", "200", "200", "200", "401"]),
    (who, w) => who.call("POST", `/api/chats/${w.group._id}/accept`).then(status),
  ),
  row(
    "POST /api/chats/:id/leave",
    "leave a new group of the owner's with the pal and another",
    both(ownersOnly("200", "404")),
    (who, w) =>
      onNew(
        newGroup(w),
        (group) => who.call("POST", `/api/chats/${group._id}/leave`),
        (group) => f.call(ownerOf(w), "POST", `/chats/${group._id}/leave`),
      ),
  ),
  row(
    "PATCH /api/chats/:id",
    "rename a new group of the owner's with the pal and another",
    both(ownersOnly("200", "404")),
    (who, w) =>
      onNew(
        newGroup(w),
        (group) => who.call("PATCH", `/api/chats/${group._id}`, { name: unique("renamed") }),
        (group) => f.call(ownerOf(w), "POST", `/chats/${group._id}/leave`),
      ),
  ),
  row(
    "PATCH /api/chats/:id",
    "rename the owner's chat with a pal (no group: 400 to her, to others none of theirs)",
    both(ownersOnly("400", "404")),
    (who, w) => who.call("PATCH", `/api/chats/${w.palChat._id}`, { name: "Renamed" }).then(status),
  ),
  row(
    "DELETE /api/chats/:id",
    "delete the owner's chat with another pal",
    both(ownersOnly("200", "404")),
    (who, w) => who.call("DELETE", `/api/chats/${w.spareChat._id}`).then(status),
  ),
  row(
    "GET /api/chats/:id/messages",
    "the owner's chat with a pal",
    both(ownersOnly("200+", "404")),
    (who, w) =>
      who.call("GET", `/api/chats/${w.palChat._id}/messages?limit=50`).then((r) => shows(r, w.texts.toPal)),
  ),
  row(
    "GET /api/chats/:id/messages",
    "the caller's one-to-one chat with the owner, her message in it",
    both(["200+", "200+", "200+", "200+", "200+", "200+", "401"]),
    (who, w) => {
      const chat = w.chatWith(who.key);
      const key = who.key === "owner" || who.key === "visitor" ? "follower" : who.key;
      return who
        .call("GET", `/api/chats/${chat._id}/messages?limit=50`)
        .then((r) => shows(r, w.texts.messageTo[key]));
    },
  ),
  row(
    "GET /api/chats/:id/messages",
    "the owner's group (the blocked are still in it), her message in it",
    both(["200+", "200+", "200+", "200+", "200+", "200+", "401"]),
    (who, w) =>
      who.call("GET", `/api/chats/${w.group._id}/messages?limit=50`).then((r) => shows(r, w.texts.toGroup)),
  ),
  row(
    "POST /api/chats/:id/messages",
    "write in the owner's chat with a pal",
    both(ownersOnly("201", "404")),
    (who, w) => who.call("POST", `/api/chats/${w.palChat._id}/messages`, { text: "Hello" }).then(status),
  ),
  row(
    "POST /api/chats/:id/messages",
    "write in the caller's one-to-one chat with the owner",
    both(["201", "201", "201", "201", "403", "403", "401"]),
    (who, w) =>
      who.call("POST", `/api/chats/${w.chatWith(who.key)._id}/messages`, { text: "Hello" }).then(status),
  ),
  row(
    "POST /api/chats/:id/messages",
    "write in the owner's group",
    both(["201", "201", "201", "201", "201", "201", "401"]),
    (who, w) => who.call("POST", `/api/chats/${w.group._id}/messages`, { text: "Hello all" }).then(status),
  ),
  row(
    "PUT /api/messages/:chatId/mark-seen",
    "mark the owner's chat with a pal seen",
    both(ownersOnly("200", "404")),
    (who, w) => who.call("PUT", `/api/messages/${w.palChat._id}/mark-seen`).then(status),
  ),
  row(
    "PUT /api/messages/:id",
    "edit the owner's message in her group",
    both(ownersOnly("200", "403")),
    (who, w) =>
      who.call("PUT", `/api/messages/${w.groupMessage._id}`, { text: w.texts.toGroup }).then(status),
  ),
  row(
    "DELETE /api/messages/:id",
    "delete a message of the owner's in her group",
    both(ownersOnly("200", "403")),
    (who, w) =>
      onNew(
        () => f.sendMessage(ownerOf(w), w.group, unique("to delete")),
        (message) => who.call("DELETE", `/api/messages/${message._id}`),
        (message) => f.call(ownerOf(w), "DELETE", `/messages/${message._id}`),
      ),
  ),

  // Linked sign-ins (issue 19): the caller's own, tried on the owner's.
  row(
    "GET /api/user/identities",
    "the owner's linked sign-in, in the caller's linked sign-ins",
    both(ownersOnly("200+", "200-")),
    (who, w) => who.call("GET", "/api/user/identities").then((r) => shows(r, ownersIdentity[w.kind].id)),
  ),
  row(
    "DELETE /api/user/identities/:id",
    "unlink a sign-in of the owner's (she has a password)",
    both(ownersOnly("200", "404")),
    (who, w) =>
      onNew(
        () => linkIdentityOf(w),
        (identity) => who.call("DELETE", `/api/user/identities/${identity.id}`),
        (identity) => f.call(ownerOf(w), "DELETE", `/user/identities/${identity.id}`),
      ),
  ),

  // Sessions and the data download: the caller's own, tried on the owner's. (A member may download 3
  // times an hour, and HEAD counts apart: these two rows are as many as fit.)
  row(
    "PATCH /api/sessions/:id/logout",
    "end a session of the owner's",
    both(ownersOnly("200", "404")),
    (who, w) =>
      onNew(
        () => w.signInOwner(),
        (session) => who.call("PATCH", `/api/sessions/${session.sessionId}/logout`),
        (session) => f.call(session, "PATCH", "/sessions/logout-current"),
      ),
  ),
  row(
    "GET /api/user/download-data",
    "the owner's post, in the caller's data download",
    both(ownersOnly("200+", "200-")),
    (who, w) => who.call("GET", "/api/user/download-data").then((r) => shows(r, w.post._id)),
  ),
  row(
    "GET /api/user/download-data",
    "the owner's comment on the caller's post (a notification; the owner: her own comment), in the caller's data download",
    both(["200+", "200+", "200+", "200+", "200-", "200-", "401"]),
    (who, w) =>
      who
        .call("GET", "/api/user/download-data")
        .then((r) => shows(r, w.texts.commentTo[who.key === "visitor" ? "follower" : who.key])),
  ),
];

/** Routes about no other member's things: the visitor is refused (401) or, for public ones, answered. */
const ownAccount = "own account only";
const own = (route: Route, reason = ownAccount): Exemption => ({ route, reason, visitor: 401 });
const open = (route: Route, reason: string, visitor: number, payload?: object): Exemption => ({
  route,
  reason,
  visitor,
  probe: (who) => who.call(route.split(" ")[0] as never, route.split(" ")[1] ?? "", payload),
});
const exemptions: Exemption[] = [
  open("GET /api/health", "public: the server's health", 200),
  open("GET /api/health/deep", "public: the server's and database's health", 200),
  open("POST /api/auth/signup", "public: signing up (bad input refused)", 400, {}),
  open("POST /api/auth/signin", "public: signing in (bad input refused)", 400, {}),
  open("POST /api/auth/forgot-password", "public: asking for a reset code (bad input refused)", 400, {}),
  open("POST /api/auth/reset-password", "public: resetting with a code (bad input refused)", 400, {}),
  open("GET /api/auth/providers", "public: the identity provider the browser signs in with", 200),
  open("POST /api/auth/auth0", "public: signing in with a provider's token (off in this app: 404)", 404, {}),
  open("POST /api/auth/handoff", "public: exchanging a one-time hand-off code (bad input refused)", 400, {}),
  own("POST /api/user/identities", "own account only: links a provider's identity to the caller"),
  own("PUT /api/user"),
  own("PUT /api/user/privacy"),
  own("PUT /api/profile/update"),
  own("PUT /api/user/password"),
  own("DELETE /api/user", "own account only: deletes the caller's account, the password asked again"),
  own("POST /api/user/request-email-otp"),
  own("POST /api/user/verify-email-otp"),
  own("POST /api/user/phone/request-otp"),
  own("POST /api/user/phone/verify"),
  own("GET /api/sessions"),
  own("PATCH /api/sessions/logout-others"),
  own("PATCH /api/sessions/logout-current"),
  own("POST /api/posts", "own account only: a new post of the caller's"),
  own("POST /api/highlights", "own account only: a new highlight of the caller's"),
  own("POST /api/stories", "own account only: a new story of the caller's"),
  own("PUT /api/notifications/mark-all", "own account only: the caller's notifications"),
  own("GET /api/messages/unread-count", "own account only: the caller's unread count"),
  own("POST /api/media/image/upload", "own account only: an upload of the caller's"),
  own("POST /api/media/video/upload", "own account only: an upload of the caller's"),
  own(
    "GET /api/media/video/:id",
    "signed in: how far a video's transcoding is, asked by its random id as its file is by its address",
  ),
  own(
    "GET /api/media/limits",
    "signed in: the media host's limits, the same for every member, no member's things",
  ),
  own("POST /api/support", "own account only: the caller's message to support"),
  own("GET /api/polls/current", "the explore poll: everyone's, no member's things (the caller's own vote)"),
  own("POST /api/polls/:id/vote", "own account only: the caller's vote"),
];

describe("the matrix has a row for every route of the app", () => {
  const named = new Set([...cases, ...exemptions].map((entry) => entry.route));
  // HEAD is answered by the GET's handler: every GET row asks it as HEAD too (the same status).
  const headOfGet = (route: Route) =>
    route.startsWith("HEAD ") && registered.includes(`GET ${route.slice("HEAD ".length)}`);

  it("no route the app registers is left without a row", () => {
    expect(registered.length).toBeGreaterThan(80);
    expect(registered.filter((route) => !named.has(route) && !headOfGet(route))).toEqual([]);
  });

  it("no row names a route the app does not have", () => {
    expect([...named].filter((route) => !registered.includes(route))).toEqual([]);
  });

  it("a route is about the owner's things or exempt with a reason, not both", () => {
    const exempt = new Set(exemptions.map((entry) => entry.route));
    expect(cases.filter((entry) => exempt.has(entry.route)).map((entry) => entry.route)).toEqual([]);
    expect(exemptions.filter((entry) => entry.reason.trim() === "")).toEqual([]);
  });
});

describe.each(kinds)("every route, on a %s owner", (kind) => {
  it.each(cases.map((entry) => [`${entry.route}: ${entry.about}`, entry] as const))(
    "%s",
    async (_name, entry) => {
      const world = worlds[kind];
      const observed: string[] = [];
      const heads: string[] = [];
      const headsExpected: string[] = [];
      for (const key of personaKeys) {
        const who = whoFor(built, world, key);
        observed.push(await entry.probe(who, world));
        if (entry.settles) await world.settle();
        headsExpected.push(...who.gets.map(({ url, status }) => `HEAD ${url}: ${status}`));
        heads.push(...(await headStatuses(built, who)));
      }
      expect(byPersona(observed)).toEqual(byPersona(entry.expected[kind]));
      expect(heads).toEqual(headsExpected);
    },
  );
});

describe("routes about no other member's things", () => {
  it.each(exemptions.map((entry) => [`${entry.route} (${entry.reason})`, entry] as const))(
    "%s: the visitor's answer",
    async (_name, entry) => {
      const visitor = whoFor(built, worlds.public, "visitor");
      const [method, url = ""] = entry.route.split(" ");
      const response = entry.probe
        ? await entry.probe(visitor, worlds)
        : await visitor.call(method as never, url.replace(/:\w+/g, crypto.randomUUID()));
      expect(response.statusCode).toBe(entry.visitor);
      expect(await headStatuses(built, visitor)).toEqual(
        visitor.gets.map(({ url, status }) => `HEAD ${url}: ${status}`),
      );
    },
  );
});

// Live events. The owner's sockets and every persona's are real Socket.IO clients; "-" is proven by a
// round trip (LiveBed.heard). The visitor's socket is refused at the handshake.
const live = (
  event: keyof ServerToClientEvents,
  about: string,
  expected: Expected,
  scenario: LiveCase["scenario"],
  options: Pick<LiveCase, "without" | "prepare"> = {},
): LiveCase => ({ event, direction: "emits", about, expected, scenario, ...options });
const answers = (
  event: keyof ClientToServerEvents,
  about: string,
  expected: Expected,
  scenario: LiveCase["scenario"],
): LiveCase => ({ event, direction: "answers", about, expected, scenario });

// Cells, in this order: owner, follower, stranger, requester, blocked, blocker, visitor.
const ownerAndFollowersHear: Cells = ["heard", "heard", "-", "-", "-", "-", "no socket"];
/** Who the owner hears viewed her story: not herself; on a private owner, only who may see it. */
const viewsHeard = {
  public: ["-", "heard", "heard", "heard", "-", "-", "-"],
  private: ["-", "heard", "-", "-", "-", "-", "-"],
} as const;
const feedHears = {
  public: ["heard", "heard", "heard", "heard", "-", "-", "no socket"],
  private: ["heard", "heard", "-", "-", "-", "-", "no socket"],
} as const;
const allButBlocksHear: Cells = ["heard", "heard", "heard", "heard", "-", "-", "no socket"];
const othersButBlocksHear: Cells = ["-", "heard", "heard", "heard", "-", "-", "no socket"];
const everyMemberHears: Cells = ["heard", "heard", "heard", "heard", "heard", "heard", "no socket"];
/** What reaches the owner when each persona acts on her post: none of her own doing, nor a visitor's. */
const ownerHearsFrom = {
  public: ["-", "heard", "heard", "heard", "-", "-", "-"],
  private: ["-", "heard", "-", "-", "-", "-", "-"],
} as const;

/** Every socket of the bed asks to watch a post (the answer is the joinPostRoom row's). */
const watch = (bed: LiveBed, postId: string) =>
  bed.each(async (socket) => {
    await socket.emitWithAck("joinPostRoom", postId);
    return "";
  });
const openFlicks = (bed: LiveBed) =>
  bed.each(async (socket) => {
    socket.emit("joinFlicks");
    await roundTrip(socket);
    return "";
  });
/** A post of the owner's for one case, removed after it. */
async function withOwnersPost<T>(w: World, use: (post: { _id: string }) => Promise<T>) {
  const post = await f.createPost(ownerOf(w), { caption: unique("live") });
  try {
    return await use(post);
  } finally {
    await deletePost(w)(post);
  }
}

/**
 * Each persona (the visitor too, refused) does `act` to a new post of the owner's; which of them the
 * owner's socket heard of in `event`, by the username the event names.
 */
function toOwner<E extends "newLike" | "newComment" | "newShare" | "newNotification">(
  event: E,
  act: (who: Who, postId: string) => Promise<unknown>,
  nameIn: (payload: Parameters<ServerToClientEvents[E]>[0]) => string | undefined,
): LiveCase["scenario"] {
  return (bed, w) =>
    withOwnersPost(w, async (post) => {
      for (const key of personaKeys) await act(whoFor(built, w, key), post._id);
      const names = (await bed.received(bed.sockets.owner, event)).map(nameIn);
      const outcome = {} as Record<PersonaKey, string>;
      for (const key of personaKeys)
        outcome[key] =
          key === "visitor"
            ? names.some((name) => !Object.values(w.usernames).includes(name ?? ""))
              ? "heard"
              : "-"
            : names.includes(w.usernames[key])
              ? "heard"
              : "-";
      return outcome;
    });
}

const liveCases: LiveCase[] = [
  // Posts and flicks as they are made and deleted.
  live("newPost", "the owner posts", both(ownerAndFollowersHear), (bed, w) =>
    withOwnersPost(w, (post) => bed.heard("newPost", (e) => e.post._id === post._id)),
  ),
  live(
    "newReel",
    "the owner posts a flick (every socket has the flicks feed open)",
    feedHears,
    async (bed, w) => {
      await openFlicks(bed);
      const flick = await f.createFlick(ownerOf(w));
      const outcome = await bed.heard("newReel", (e) => e.flick._id === flick._id);
      await deletePost(w)(flick);
      return outcome;
    },
  ),
  live(
    "newReel",
    "the owner posts a flick (no flicks feed open)",
    both(ownerAndFollowersHear),
    async (bed, w) => {
      const flick = await f.createFlick(ownerOf(w));
      const outcome = await bed.heard("newReel", (e) => e.flick._id === flick._id);
      await deletePost(w)(flick);
      return outcome;
    },
  ),
  live("flickDeleted", "the owner deletes a flick (every flicks feed open)", feedHears, async (bed, w) => {
    const flick = await f.createFlick(ownerOf(w));
    await openFlicks(bed);
    await deletePost(w)(flick);
    return bed.heard("flickDeleted", (e) => e.flickId === flick._id);
  }),
  live(
    "flickDeleted",
    "the owner deletes a flick (no flicks feed open)",
    both(ownerAndFollowersHear),
    async (bed, w) => {
      const flick = await f.createFlick(ownerOf(w));
      await deletePost(w)(flick);
      return bed.heard("flickDeleted", (e) => e.flickId === flick._id);
    },
  ),

  // Stories: the owner's own tabs and her followers hear of hers; she hears who viewed.
  live("newStory", "the owner shares a story", both(ownerAndFollowersHear), async (bed, w) => {
    const story = await newStory(w)();
    const outcome = await bed.heard("newStory", (e) => e.story._id === story._id);
    await f.call(ownerOf(w), "DELETE", `/stories/${story._id}`);
    return outcome;
  }),
  live("storyDeleted", "the owner deletes a story", both(ownerAndFollowersHear), async (bed, w) => {
    const story = await newStory(w)();
    await f.call(ownerOf(w), "DELETE", `/stories/${story._id}`);
    return bed.heard("storyDeleted", (e) => e.storyId === story._id);
  }),
  live(
    "storyViewed",
    "each persona views a new story of the owner's; whom she hears of",
    viewsHeard,
    async (bed, w) => {
      const story = await newStory(w)();
      for (const key of personaKeys)
        await whoFor(built, w, key).call("POST", `/api/stories/${story._id}/view`);
      const viewers = (await bed.received(bed.sockets.owner, "storyViewed"))
        .filter((e) => e.storyId === story._id)
        .map((e) => e.viewer.username);
      await f.call(ownerOf(w), "DELETE", `/stories/${story._id}`);
      const outcome = {} as Record<PersonaKey, string>;
      for (const key of personaKeys)
        outcome[key] = key === "visitor" ? "-" : viewers.includes(w.usernames[key]) ? "heard" : "-";
      return outcome;
    },
  ),

  // A post's room: only who may see the post may watch it.
  answers(
    "joinPostRoom",
    "watch the owner's post",
    {
      public: ["joined", "joined", "joined", "joined", "refused", "refused", "no socket"],
      private: ["joined", "joined", "refused", "refused", "refused", "refused", "no socket"],
    },
    (bed, w) =>
      bed.each(async (socket) =>
        (await socket.emitWithAck("joinPostRoom", w.post._id)).ok ? "joined" : "refused",
      ),
  ),
  live("postUpdated", "the owner edits her post (every socket asked to watch it)", feedHears, (bed, w) =>
    withOwnersPost(w, async (post) => {
      await watch(bed, post._id);
      await f.call(ownerOf(w), "PUT", `/posts/${post._id}`, { caption: unique("edited") });
      return bed.heard("postUpdated", (e) => e.post._id === post._id);
    }),
  ),
  live(
    "postDeleted",
    "the owner deletes her post (every socket asked to watch it)",
    feedHears,
    async (bed, w) => {
      const post = await f.createPost(ownerOf(w));
      await watch(bed, post._id);
      await deletePost(w)(post);
      return bed.heard("postDeleted", (e) => e.postId === post._id);
    },
  ),
  live("postLiked", "the owner likes her post (every socket asked to watch it)", feedHears, (bed, w) =>
    withOwnersPost(w, async (post) => {
      await watch(bed, post._id);
      await f.like(ownerOf(w), post);
      return bed.heard("postLiked", (e) => e.postId === post._id && e.userId === ownerId(w));
    }),
  ),
  live(
    "postCommented",
    "the owner comments on her post (every socket asked to watch it)",
    feedHears,
    (bed, w) =>
      withOwnersPost(w, async (post) => {
        await watch(bed, post._id);
        const text = unique("her comment");
        await f.comment(ownerOf(w), post, text);
        return bed.heard("postCommented", (e) => e.comment.text === text);
      }),
  ),
  live(
    "postCommentDeleted",
    "the owner deletes her comment on her post (every socket asked to watch it)",
    feedHears,
    (bed, w) =>
      withOwnersPost(w, async (post) => {
        await watch(bed, post._id);
        const comment = await f.comment(ownerOf(w), post, unique("hers, then gone"));
        await f.call(ownerOf(w), "DELETE", `/posts/${post._id}/comments/${comment._id}`);
        return bed.heard("postCommentDeleted", (e) => e.commentId === comment._id);
      }),
  ),
  live("postShared", "the owner shares her post (every socket asked to watch it)", feedHears, (bed, w) =>
    withOwnersPost(w, async (post) => {
      await watch(bed, post._id);
      await f.share(ownerOf(w), post);
      return bed.heard("postShared", (e) => e.postId === post._id);
    }),
  ),
  live(
    "postCommented",
    "the owner comments on a pal's post everyone watches",
    both(allButBlocksHear),
    async (bed, w) => {
      const post = await f.createPost(w.pal);
      await watch(bed, post._id);
      const text = unique("her comment on the pal's");
      await f.comment(ownerOf(w), post, text);
      return bed.heard("postCommented", (e) => e.comment.text === text);
    },
  ),
  live(
    "postLiked",
    "the owner likes a pal's post everyone watches",
    both(allButBlocksHear),
    async (bed, w) => {
      const post = await f.createPost(w.pal);
      await watch(bed, post._id);
      await f.like(ownerOf(w), post);
      return bed.heard("postLiked", (e) => e.postId === post._id && e.userId === ownerId(w));
    },
  ),

  // What others do to the owner's post, as she hears it.
  live(
    "newLike",
    "each persona likes the owner's post: whose like she hears of",
    ownerHearsFrom,
    toOwner(
      "newLike",
      (who, id) => who.call("POST", `/api/posts/${id}/like`),
      (e) => e.username,
    ),
  ),
  live(
    "newComment",
    "each persona comments on the owner's post: whose comment she hears of",
    ownerHearsFrom,
    toOwner(
      "newComment",
      (who, id) => who.call("POST", `/api/posts/${id}/comment`, { text: "Hi" }),
      (e) => e.username,
    ),
  ),
  live(
    "newShare",
    "each persona shares the owner's post: whose share she hears of",
    ownerHearsFrom,
    toOwner(
      "newShare",
      (who, id) => who.call("POST", `/api/posts/${id}/share`),
      (e) => e.username,
    ),
  ),
  live(
    "newNotification",
    "each persona comments on the owner's post: whose notification reaches her",
    ownerHearsFrom,
    toOwner(
      "newNotification",
      (who, id) => who.call("POST", `/api/posts/${id}/comment`, { text: "Hey" }),
      (e) => e.notification.sender?.username,
    ),
  ),
  live(
    "newNotification",
    "the owner comments on each persona's post (the owner: her own): who is notified",
    both(othersButBlocksHear),
    async (bed, w) => {
      const text = unique("her comment to you");
      for (const key of ["owner", "follower", "stranger", "requester", "blocked", "blocker"] as const)
        await f.call(ownerOf(w), "POST", `/posts/${w.postsOf[key]._id}/comment`, { text });
      return bed.heard("newNotification", (e) => e.notification.comment === text);
    },
  ),

  // Chats: the owner's group (every persona in it, made before the blocks) and one-to-one chats.
  answers(
    "joinChat",
    "open the owner's chat with a pal",
    both(["joined", "refused", "refused", "refused", "refused", "refused", "no socket"]),
    (bed, w) =>
      bed.each(async (socket) =>
        (await socket.emitWithAck("joinChat", w.palChat._id)).ok ? "joined" : "refused",
      ),
  ),
  answers(
    "joinChat",
    "open the owner's group (a block does not close a group)",
    both(["joined", "joined", "joined", "joined", "joined", "joined", "no socket"]),
    (bed, w) =>
      bed.each(async (socket) =>
        (await socket.emitWithAck("joinChat", w.group._id)).ok ? "joined" : "refused",
      ),
  ),
  answers(
    "sendMessage",
    "write to the owner in the caller's one-to-one chat (the owner: to the follower)",
    both(["ok", "ok", "ok", "ok", "refused", "refused", "no socket"]),
    (bed, w) =>
      bed.each(async (socket, key) => {
        const ack = await socket.emitWithAck("sendMessage", {
          chatId: w.chatWith(key)._id,
          text: unique("sent"),
        });
        return ack.ok ? "ok" : "refused";
      }),
  ),
  live("typing", "the owner types in her group (everyone has it open)", both(othersButBlocksHear), (bed, w) =>
    typingIn(bed, w, "typing"),
  ),
  live(
    "stopTyping",
    "the owner stops typing in her group (everyone has it open)",
    both(othersButBlocksHear),
    (bed, w) => typingIn(bed, w, "stopTyping"),
  ),
  live("messagesSeen", "the owner has seen her group", both(allButBlocksHear), async (bed, w) => {
    await f.call(ownerOf(w), "PUT", `/messages/${w.group._id}/mark-seen`);
    return bed.heard("messagesSeen", (e) => e.chatId === w.group._id && e.userId === ownerId(w));
  }),
  live(
    "newMessage",
    "the owner writes in her group (a block does not close a group)",
    both(everyMemberHears),
    async (bed, w) => {
      const text = unique("to the group");
      await f.sendMessage(ownerOf(w), w.group, text);
      return bed.heard("newMessage", (e) => e.message.text === text);
    },
  ),
  live(
    "newMessage",
    "the owner writes to each persona one to one (the owner hears her own)",
    both(allButBlocksHear),
    async (bed, w) => {
      const text = unique("to you alone");
      for (const key of ["follower", "stranger", "requester", "blocked", "blocker"] as const)
        await f.call(ownerOf(w), "POST", `/chats/${w.direct[key]._id}/messages`, { text });
      return bed.heard("newMessage", (e) => e.message.text === text);
    },
  ),
  live(
    "messageEdited",
    "the owner edits her message in her group",
    both(everyMemberHears),
    async (bed, w) => {
      const message = await f.sendMessage(ownerOf(w), w.group, unique("to edit"));
      await f.call(ownerOf(w), "PUT", `/messages/${message._id}`, { text: unique("edited") });
      return bed.heard("messageEdited", (e) => e.message._id === message._id);
    },
  ),
  live(
    "messageDeleted",
    "the owner deletes her message in her group",
    both(everyMemberHears),
    async (bed, w) => {
      const message = await f.sendMessage(ownerOf(w), w.group, unique("to delete"));
      await f.call(ownerOf(w), "DELETE", `/messages/${message._id}`);
      return bed.heard("messageDeleted", (e) => e.messageId === message._id);
    },
  ),
  live(
    "chatUpdated",
    "the owner starts a group with each persona and the pal (the owner: with the pal and another)",
    both(othersButBlocksHear),
    async (bed, w) => {
      const name = unique("Group");
      for (const key of ["follower", "stranger", "requester", "blocked", "blocker"] as const)
        await f.call(ownerOf(w), "POST", "/chats", { userIds: [w.members[key].userId, w.pal.userId], name });
      await f.call(ownerOf(w), "POST", "/chats", { userIds: [w.pal.userId, w.spare.userId], name });
      return bed.heard("chatUpdated", (e) => e.chat.name === name);
    },
  ),
  live(
    "onlineUsers",
    "the owner comes online (every persona is a chat partner of hers; the owner: of herself)",
    both(othersButBlocksHear),
    async (bed, w) => {
      await bed.join("owner");
      // The pal, a partner of hers too, hears it: it was sent, to everyone at once. Her alone: the pal's
      // own list of who is online, sent as the pal connected, may come late and name her too, but it
      // names the personas as well (all of them in the group with the pal, online before the pal).
      await bed.until(bed.witness, "onlineUsers", (e) => e.online.length === 1 && e.online[0] === ownerId(w));
      return bed.heard("onlineUsers", (e) => e.online.includes(ownerId(w)));
    },
    {
      without: ["owner"],
      // Her sockets of earlier cases are gone on the server before anyone connects: she comes online now.
      prepare: (w) => built.realtime.io.in(rooms.user(ownerId(w))).disconnectSockets(true),
    },
  ),
];

/** The owner's socket types (or stops) in her group, which every socket has open. */
async function typingIn(bed: LiveBed, w: World, event: "typing" | "stopTyping") {
  await bed.each(async (socket) =>
    (await socket.emitWithAck("joinChat", w.group._id)).ok ? "" : "not in it",
  );
  const { owner } = bed.sockets;
  owner.emit(event, w.group._id);
  // Handled in order: once her round trip is answered, the event went out.
  await roundTrip(owner);
  return bed.heard(event, (e) => e.chatId === w.group._id && e.userId === ownerId(w));
}

/**
 * Every event the server sends has rows, or says why none is needed; a new event (in the shared map)
 * does not compile without a line here, and one received that is not here fails the run (afterAll).
 */
const outbound: Record<keyof ServerToClientEvents, "rows" | { reason: string }> = {
  sessionRevoked: { reason: "own sessions: a member's own socket hears their session ended" },
  accountChanged: { reason: "own tabs: only the member hears their own account changed" },
  postLiked: "rows",
  postCommented: "rows",
  postCommentDeleted: "rows",
  postUpdated: "rows",
  postDeleted: "rows",
  postShared: "rows",
  newPost: "rows",
  newLike: "rows",
  newComment: "rows",
  newShare: "rows",
  postFollowed: { reason: "the two members of the follow: the follower's own tabs and the followed member" },
  followRequestClosed: { reason: "own tabs: only the requester hears their own request closed" },
  followRequestSent: { reason: "own tabs: only the requester hears their own request made" },
  blocksChanged: { reason: "own tabs: only the blocker hears their own block or unblock" },
  memberPrivacyChanged: {
    reason:
      "everyone but those blocked with the member: whether an account is private is no secret (users.realtime.test)",
  },
  newReel: "rows",
  flickDeleted: "rows",
  newNotification: "rows",
  notificationsRead: { reason: "own tabs: the member's own read marks" },
  notificationsRemoved: { reason: "own notifications: only their recipient's room hears they went" },
  storyViewed: "rows",
  newStory: "rows",
  storyDeleted: "rows",
  newMessage: "rows",
  messageEdited: "rows",
  messageDeleted: "rows",
  chatUpdated: "rows",
  chatDeleted: { reason: "own tabs: the member took a chat off their own list" },
  typing: "rows",
  stopTyping: "rows",
  messagesSeen: "rows",
  onlineUsers: "rows",
};
/** Every event a socket may send: its rows, or why it gives nothing of anyone's (checked on the server). */
const inbound: Record<keyof ClientToServerEvents, "rows" | { reason: string }> = {
  joinUser: { reason: "the member's own room only (any other id is refused)" },
  joinPostRoom: "rows",
  leavePostRoom: { reason: "leaves a room" },
  watchProfile: {
    reason:
      "hears only memberPrivacyChanged, which is no secret and leaves out those blocked with the member",
  },
  unwatchProfile: { reason: "leaves a room" },
  joinFlicks: { reason: "the open flicks feed: what reaches it are the newReel and flickDeleted rows" },
  leaveFlicks: { reason: "leaves a room" },
  joinChat: "rows",
  leaveChat: { reason: "leaves a room" },
  sendMessage: "rows",
  typing: { reason: "the typing rows (what it sends, to whom)" },
  stopTyping: { reason: "the stopTyping rows (what it sends, to whom)" },
  messagesSeen: { reason: "PUT /messages/:chatId/mark-seen's service; the messagesSeen rows" },
  messageEdited: { reason: "PUT /messages/:id's service and rows; the messageEdited rows" },
  messageDeleted: { reason: "DELETE /messages/:id's service and rows; the messageDeleted rows" },
};

describe("the matrix has rows for every socket event", () => {
  it("every event marked with rows has some, and every row's event is marked so", () => {
    const table = (direction: LiveCase["direction"]) => (direction === "emits" ? outbound : inbound);
    for (const entry of liveCases)
      expect(table(entry.direction)[entry.event as never], `${entry.direction} ${entry.event}`).toBe("rows");
    const withRows = (map: Record<string, unknown>, direction: LiveCase["direction"]) =>
      Object.keys(map).filter(
        (event) =>
          map[event] === "rows" &&
          !liveCases.some((entry) => entry.direction === direction && entry.event === event),
      );
    expect(withRows(outbound, "emits")).toEqual([]);
    expect(withRows(inbound, "answers").filter((event) => !["typing", "stopTyping"].includes(event))).toEqual(
      [],
    );
  });

  it("every event the server handles on a socket is in the table", async () => {
    const { bed, close } = await openBed(baseUrl, worlds.public);
    try {
      const server = built.realtime.io.sockets.sockets.get(bed.sockets.stranger.id ?? "");
      const handled = (server?.eventNames() ?? []).filter(
        (name) => typeof name === "string" && !["disconnect", "disconnecting", "error"].includes(name),
      );
      expect([...handled].sort()).toEqual(Object.keys(inbound).sort());
    } finally {
      close();
    }
  });
});

afterAll(() => {
  const unknown = [...eventsSeen].filter((event) => !(event in outbound));
  if (unknown.length > 0) throw new Error(`events the matrix has no line for: ${unknown.join(", ")}`);
});

describe.each(kinds)("every live event, on a %s owner", (kind) => {
  it.each(liveCases.map((entry) => [`${entry.direction} ${entry.event}: ${entry.about}`, entry] as const))(
    "%s",
    async (_name, entry) => {
      const world = worlds[kind];
      await entry.prepare?.(world);
      const { bed, close } = await openBed(baseUrl, world, { without: entry.without ?? [] });
      try {
        const outcome = await entry.scenario(bed, world);
        expect(byPersona(inOrder(outcome))).toEqual(byPersona(entry.expected[kind]));
      } finally {
        close();
      }
    },
  );
});

/**
 * The (endpoint, persona) pairs the matrix asserts, per owner and in all: a check is one cell (a row
 * may try a route on several things of the owner's), a pair one route or event with one persona.
 */
describe("what the matrix covers", () => {
  it("counts its pairs", () => {
    const personas = personaKeys.length;
    const routes = new Set(cases.map((entry) => entry.route));
    const getCases = cases.filter((entry) => entry.route.startsWith("GET "));
    const heads = new Set(getCases.map((entry) => entry.route));
    const events = new Set(liveCases.map((entry) => `${entry.direction} ${entry.event}`));
    const perOwner = {
      checks: (cases.length + getCases.length + liveCases.length) * personas,
      pairs: (routes.size + heads.size + events.size) * personas,
    };
    const exempt = exemptions.length + exemptions.filter((entry) => entry.route.startsWith("GET ")).length;
    const total = { checks: perOwner.checks * 2 + exempt, pairs: perOwner.pairs * 2 + exempt };
    console.log(
      [
        `Authorization matrix: ${personas} personas (${personaKeys.join(", ")}), per owner (public, private):`,
        `  routes: ${cases.length} rows on ${routes.size} routes: ${cases.length * personas} checks, ${routes.size * personas} pairs`,
        `  HEAD of each GET row: ${getCases.length} rows on ${heads.size} routes: ${getCases.length * personas} checks, ${heads.size * personas} pairs`,
        `  sockets: ${liveCases.length} rows on ${events.size} events: ${liveCases.length * personas} checks, ${events.size * personas} pairs`,
        `  = ${perOwner.checks} checks, ${perOwner.pairs} pairs per owner kind`,
        `routes about no member's things, asked as the visitor (GET and HEAD): ${exempt}`,
        `total: ${total.checks} checks, ${total.pairs} (endpoint, persona, owner kind) pairs`,
      ].join("\n"),
    );
    expect(total.pairs).toBeGreaterThan(1000);
  });
});
