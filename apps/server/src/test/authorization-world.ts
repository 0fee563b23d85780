import type { Chat, Message, Post } from "@flik/shared";
import { and, eq, or } from "drizzle-orm";
import type { App } from "../app.js";
import { blocks, followRequests, follows, notifications } from "../db/schema.js";
import { factories } from "./factories.js";
import { type SignedIn, signIn } from "./helper.js";
import { videoFixture } from "./media-fixtures.js";

/**
 * The world of the authorization matrix (authorization-matrix.test.ts): an owner with something of
 * every kind, and one member in each relation to her. Made through the real API, as members make it.
 */

/** The columns of the matrix, in its order. */
export const personaKeys = [
  "owner",
  "follower",
  "stranger",
  "requester",
  "blocked",
  "blocker",
  "visitor",
] as const;
export type PersonaKey = (typeof personaKeys)[number];
/** The personas who sign in (the visitor never does). */
export type MemberKey = Exclude<PersonaKey, "visitor">;
/** The signed-in personas other than the owner. */
export type OtherKey = Exclude<MemberKey, "owner">;
export const otherKeys: OtherKey[] = ["follower", "stranger", "requester", "blocked", "blocker"];

export type OwnerKind = "public" | "private";

/**
 * Who each persona is to the owner:
 * - follower: follows her (of the private owner: asked, and she accepted);
 * - stranger: signed in, no relation at all;
 * - requester: of the private owner, asked to follow and waits. A public member has no requests
 *   (following her follows at once, and going public accepts what waits), so the public owner's
 *   requester is a member she declined while she was private for a moment: one who asked and was
 *   refused, who must get exactly what a stranger gets;
 * - blocked: followed her, then she blocked them;
 * - blocker: followed her, then blocked her (the other direction of a block);
 * - visitor: not signed in.
 * Each signed-in persona has a one-to-one chat with the owner and is in her group "Everyone", all made
 * before the blocks (a block keeps a chat readable and a group going), and a post she commented on.
 * A block deletes the notifications one had of the other; the blocked and the blocker have that
 * notification all the same, stored behind the API's back as a comment racing the block could leave
 * it: whatever is stored, nothing may show it to them.
 */
export interface World {
  kind: OwnerKind;
  members: Record<MemberKey, SignedIn>;
  usernames: Record<MemberKey | "pal", string>;
  /** A public member the owner follows, chats with, and whose post and flick she liked and commented on. */
  pal: SignedIn;
  /** Another member the owner chats with (the chat her delete is tried on). */
  spare: SignedIn;
  /** The owner's post, on an image she uploaded, tagged `<prefix>owned` and `music`; only read (others act on `target`). */
  post: Post;
  /** The owner's post that others like, comment on and share. */
  target: Post;
  /** The owner's flick, on a video she uploaded. */
  flick: Post;
  highlight: { _id: string; src: string };
  /** The owner's live story (its views are idempotent: probes may view it again). */
  story: { _id: string };
  /** The owner's kept files (the media host's URLs). */
  imageUrl: string;
  videoUrl: string;
  palPost: Post;
  palFlick: Post;
  /** Unique texts of what the owner wrote, to look for in answers. */
  texts: {
    onPalPost: string;
    onPalFlick: string;
    toPal: string;
    toGroup: string;
    /** The owner's comment on each member's post (for the owner: on her own post). */
    commentTo: Record<MemberKey, string>;
    /** The owner's message in each member's one-to-one chat with her. */
    messageTo: Record<OtherKey, string>;
  };
  /** A notification the owner received (the pal liked her post). */
  ownerNotificationId: string;
  postsOf: Record<MemberKey, Post>;
  palChat: Chat;
  spareChat: Chat;
  /** Each member's one-to-one chat with the owner. */
  direct: Record<OtherKey, Chat>;
  group: Chat;
  groupMessage: Message;
  /** The one-to-one chat a persona tries "their chat with the owner" on (the owner: hers with the follower). */
  chatWith(key: PersonaKey): Chat;
  /** A new session of the owner's (one to end). */
  signInOwner(): Promise<SignedIn>;
  /** Puts back every follow, request and block a probe may have changed, through the API. */
  settle(): Promise<void>;
}

export async function buildWorld(built: App, kind: OwnerKind): Promise<World> {
  const f = factories(built);
  const { call } = f;
  const prefix = kind === "public" ? "pub" : "priv";
  const usernames = {
    owner: `${prefix}_owner`,
    follower: `${prefix}_follower`,
    stranger: `${prefix}_stranger`,
    requester: `${prefix}_requester`,
    blocked: `${prefix}_blocked`,
    blocker: `${prefix}_blocker`,
    pal: `${prefix}_pal`,
  };
  const members = {} as Record<MemberKey, SignedIn>;
  for (const key of ["owner", ...otherKeys] as const) members[key] = await f.newcomer(usernames[key]);
  const [pal, spare] = [await f.newcomer(usernames.pal), await f.newcomer(`${prefix}_spare`)];
  const { owner } = members;
  const succeeded = async (what: string, response: ReturnType<typeof call>, status = 200) => {
    const done = await response;
    if (done.statusCode !== status) throw new Error(`${what}: ${done.statusCode} ${done.body}`);
    return done.json();
  };
  const setPrivate = (isPrivate: boolean) =>
    succeeded("privacy", call(owner, "PUT", "/user/privacy", { isPrivate }));

  // What the owner has.
  const imageUrl = (await f.upload(owner)).secure_url;
  const video = {
    bytes: await videoFixture("index-last-mp4", 1, "160x90"),
    name: "clip.mp4",
    type: "video/mp4",
  };
  const videoUrl = (await f.upload(owner, "video", video)).secure_url;
  // Its tags: one of her own (tag pages, tag search, trending) and an explore topic's (Music).
  const post = await f.createPost(owner, {
    image: imageUrl,
    caption: `${prefix}: the owner's post`,
    tags: `${prefix}owned music`,
  });
  const target = await f.createPost(owner, { caption: `${prefix}: the owner's post to act on` });
  const flick = await f.createFlick(owner, { image: videoUrl });
  const { story } = await succeeded("a story", call(owner, "POST", "/stories", { url: imageUrl }), 201);
  const { highlight } = await succeeded(
    "a highlight",
    call(owner, "POST", "/highlights", { name: "Trips", type: "image", src: imageUrl }),
    201,
  );
  const texts: World["texts"] = {
    onPalPost: `${prefix}: the owner on the pal's post`,
    onPalFlick: `${prefix}: the owner on the pal's flick`,
    toPal: `${prefix}: the owner to the pal`,
    toGroup: `${prefix}: the owner to everyone`,
    commentTo: {} as Record<MemberKey, string>,
    messageTo: {} as Record<OtherKey, string>,
  };

  // What she did to a pal's things, and the pal to hers.
  const palPost = await f.createPost(pal, { caption: `${prefix}: the pal's post` });
  const palFlick = await f.createFlick(pal);
  await f.like(owner, palPost);
  await f.comment(owner, palPost, texts.onPalPost);
  await f.like(owner, palFlick);
  await f.comment(owner, palFlick, texts.onPalFlick);
  await f.follow(owner, pal);
  await f.like(pal, post);
  const { notifications } = await succeeded("notifications", call(owner, "GET", "/notifications"));
  const ownerNotificationId = notifications.find(
    (n: { type: string; sender: { _id: string } }) => n.type === "like" && n.sender._id === pal.userId,
  )._id;

  // Each member's post with the owner's comment; chats with her, made before any block.
  const postsOf = {} as Record<MemberKey, Post>;
  const direct = {} as Record<OtherKey, Chat>;
  for (const key of ["owner", ...otherKeys] as const) {
    postsOf[key] = await f.createPost(members[key], { caption: `${prefix}: ${key}'s own post` });
    texts.commentTo[key] = `${prefix}: the owner's comment to ${key}`;
    await f.comment(owner, postsOf[key], texts.commentTo[key]);
  }
  const palChat = await f.chatBetween(owner, pal);
  await f.sendMessage(owner, palChat, texts.toPal);
  const spareChat = await f.chatBetween(owner, spare);
  for (const key of otherKeys) {
    direct[key] = await f.chatBetween(members[key], owner);
    texts.messageTo[key] = `${prefix}: the owner to ${key}, one to one`;
    await f.sendMessage(owner, direct[key], texts.messageTo[key]);
  }
  const { chat: group } = await succeeded(
    "a group",
    call(owner, "POST", "/chats", {
      userIds: [...otherKeys.map((key) => members[key].userId), pal.userId],
      name: "Everyone",
    }),
    201,
  );
  // Everyone accepts it (those who don't follow her have it as a message request until then).
  for (const member of [...otherKeys.map((key) => members[key]), pal])
    await succeeded("accepting the group", call(member, "POST", `/chats/${group._id}/accept`), 200);
  const groupMessage = await f.sendMessage(owner, group, texts.toGroup);

  // The relations, in an order that makes each one what it says.
  const follow = async (member: SignedIn) => {
    if (kind === "public") return f.follow(member, owner);
    await f.requestFollow(member, owner);
    await f.acceptFollow(owner, member);
  };
  const { follower, requester, blocked, blocker } = members;
  if (kind === "public") {
    await setPrivate(true);
    await f.requestFollow(requester, owner);
    await succeeded("declining", call(owner, "POST", `/follow-requests/${requester.userId}/decline`));
    await setPrivate(false);
  } else {
    await setPrivate(true);
    await f.requestFollow(requester, owner);
  }
  for (const member of [follower, blocked, blocker]) await follow(member);
  await f.block(owner, blocked);
  await f.block(blocker, owner);

  const world: World = {
    kind,
    members,
    usernames,
    pal,
    spare,
    post,
    target,
    flick,
    highlight,
    story,
    imageUrl,
    videoUrl,
    palPost,
    palFlick,
    texts,
    ownerNotificationId,
    postsOf,
    palChat,
    spareChat,
    direct,
    group,
    groupMessage,
    chatWith: (key) => (key === "owner" || key === "visitor" ? direct.follower : direct[key]),
    signInOwner: () =>
      signIn(built, {
        fullName: "",
        email: "",
        username: usernames.owner,
        password: `${usernames.owner}-password`,
      }),
    settle: () => settle(built, world),
  };
  await world.settle();
  return world;
}

/**
 * Back to the world as made: blocks exactly owner → blocked and blocker → owner; the follower the only
 * follower; of the private owner, the requester's request the only one waiting; every member's
 * notification of the owner's comment. Read from the tables, mended through the API (so caches and
 * socket rooms follow), but for the notifications a block forbids, which only a race could store.
 */
async function settle(built: App, world: World) {
  const { call, requestFollow, acceptFollow, follow, block, comment } = factories(built);
  const { db } = built.database;
  const { owner, follower, requester, blocked, blocker } = world.members;
  const byId = new Map([owner, ...otherKeys.map((key) => world.members[key])].map((m) => [m.userId, m]));
  const member = (id: string) => byId.get(id) ?? expectMember(id);

  const blockRows = await db
    .select()
    .from(blocks)
    .where(or(eq(blocks.blockerId, owner.userId), eq(blocks.blockedId, owner.userId)));
  const wanted = (row: { blockerId: string; blockedId: string }) =>
    (row.blockerId === owner.userId && row.blockedId === blocked.userId) ||
    (row.blockerId === blocker.userId && row.blockedId === owner.userId);
  for (const row of blockRows.filter((row) => !wanted(row)))
    await call(member(row.blockerId), "PUT", "/user/unblock", { userId: row.blockedId });
  const has = (blocker: string, blocked: string) =>
    blockRows.some((row) => row.blockerId === blocker && row.blockedId === blocked);
  if (!has(owner.userId, blocked.userId)) await block(owner, blocked);
  if (!has(blocker.userId, owner.userId)) await block(blocker, owner);

  const followerIds = (await db.select().from(follows).where(eq(follows.followeeId, owner.userId))).map(
    (row) => row.followerId,
  );
  const requesterIds = (
    await db.select().from(followRequests).where(eq(followRequests.targetId, owner.userId))
  ).map((row) => row.requesterId);
  const mayWait = (id: string) => world.kind === "private" && id === requester.userId;
  const strays = new Set([
    ...followerIds.filter((id) => id !== follower.userId),
    ...requesterIds.filter((id) => !mayWait(id)),
  ]);
  // Unfollowing also withdraws a request.
  for (const id of strays) await call(member(id), "POST", `/unfollow/${owner.userId}`);
  if (!followerIds.includes(follower.userId)) {
    if (world.kind === "public") await follow(follower, owner);
    else {
      await requestFollow(follower, owner);
      await acceptFollow(owner, follower);
    }
  }
  const requests = await db.select().from(followRequests).where(eq(followRequests.targetId, owner.userId));
  if (world.kind === "private" && !requests.some((row) => row.requesterId === requester.userId))
    await requestFollow(requester, owner);

  for (const key of otherKeys) {
    const recipient = world.members[key];
    const text = world.texts.commentTo[key];
    const [kept] = await db
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(
          eq(notifications.recipientId, recipient.userId),
          eq(notifications.senderId, owner.userId),
          eq(notifications.comment, text),
        ),
      );
    if (kept) continue;
    const post = world.postsOf[key];
    if (key === "blocked" || key === "blocker")
      await db.insert(notifications).values({
        recipientId: recipient.userId,
        senderId: owner.userId,
        type: "comment",
        postId: post._id,
        comment: text,
      });
    else await comment(owner, post, text);
  }
}

function expectMember(id: string): never {
  throw new Error(`a relation with ${id}, who is not of the world`);
}
