import {
  type Chat,
  keptVideoId,
  type MediaUploadResult,
  type Message,
  type Post,
  type VideoProcessingStatus,
} from "@flik/shared";
import { eq } from "drizzle-orm";
import type { App } from "../app.js";
import { users } from "../db/schema.js";
import {
  apiCaller,
  type Persona,
  type PersonaName,
  personas,
  type SignedIn,
  signIn,
  signUp,
} from "./helper.js";
import { pngImage, videoFixture } from "./media-fixtures.js";
import { multipartBody } from "./multipart.js";

type Response = Awaited<ReturnType<App["app"]["inject"]>>;
type Form = Parameters<typeof multipartBody>[0];

/** The answer, when its status is one of `expected`; otherwise the test stops here with what the server said. */
function succeeded(what: string, response: Response, expected = [200]): Response {
  if (!expected.includes(response.statusCode))
    throw new Error(
      `${what} answered ${response.statusCode}, not ${expected.join(" or ")}: ${response.body}`,
    );
  return response;
}

/** The clip every member's `videoOf` uploads (1 s, 160x90: quick to transcode), made once per test file. */
let clip: Promise<Buffer> | undefined;

/** A member made by `someone`, with the username it was given. */
export type NamedMember = SignedIn & { username: string };

/** Members made by `someone` in this test file, so each one's name is new. */
let membersMade = 0;

/**
 * Test data made through the real HTTP API of one app, as a member would make it:
 * `const { persona, createPost } = factories(built); const alice = await persona("alice");`.
 * Each factory asserts that it succeeded, so a test only asserts what it is about.
 */
export function factories(built: App) {
  const call = apiCaller(built);
  const signedUp = new Set<string>();
  const photos = new Map<string, Promise<string>>();
  const videos = new Map<string, Promise<string>>();

  const newcomer = (username: string) =>
    member({
      fullName: `Newcomer ${username}`,
      username,
      email: `${username}@example.com`,
      password: `${username}-password`,
    });

  async function member(persona: Persona): Promise<SignedIn> {
    if (!signedUp.has(persona.username)) {
      await signUp(built, persona);
      signedUp.add(persona.username);
    }
    return signIn(built, persona);
  }

  /**
   * The raw answer to a multipart upload of `fields` to `/api/media/{kind}/upload` by a member (`null`:
   * nobody signed in), for tests of the upload itself.
   */
  async function uploadForm(member: SignedIn | null, kind: "image" | "video", fields: Form) {
    const body = await multipartBody(fields);
    return built.app.inject({
      method: "POST",
      url: `/api/media/${kind}/upload`,
      headers: { ...member?.headers, ...body.headers },
      payload: body.payload,
    });
  }

  /** A kept upload (a small PNG unless `file` says otherwise), as the media host protocol answers it. */
  async function upload(member: SignedIn, kind: "image" | "video" = "image", file?: Form[string]) {
    const fields = {
      file: file ?? { bytes: await pngImage(), name: "a.png", type: "image/png" },
      upload_preset: "flik",
    };
    return succeeded("uploading", await uploadForm(member, kind, fields)).json<MediaUploadResult>();
  }

  /**
   * The address of a photo the member uploaded: uploaded on first use, the same one after. What a post,
   * story, highlight or avatar names (this host's addresses must name an upload of the member's) when the
   * file itself is not the point.
   */
  function photoOf(member: SignedIn): Promise<string> {
    let photo = photos.get(member.userId);
    if (!photo) {
      photo = upload(member).then((kept) => kept.secure_url);
      photos.set(member.userId, photo);
    }
    return photo;
  }

  /**
   * The address of a short video the member uploaded, as `photoOf`: one a member, uploaded on first use.
   * It is shared as soon as it is uploaded, while it is transcoded, as a member may.
   */
  function videoOf(member: SignedIn): Promise<string> {
    let video = videos.get(member.userId);
    if (!video) {
      clip ??= videoFixture("index-last-mp4", 1, "160x90");
      video = clip
        .then((bytes) => upload(member, "video", { bytes, name: "clip.mp4", type: "video/mp4" }))
        .then((kept) => kept.secure_url);
      videos.set(member.userId, video);
    }
    return video;
  }

  return {
    call,
    uploadForm,

    /** A named persona, signed up on first use and signed in (a new session) on every call. */
    persona: (name: PersonaName) => member(personas[name]),

    /** A member with no name of the cast, for a test that needs one more person than it has. */
    newcomer,

    /**
     * A new member for each call, named `name` and a number no other call took (`reader_7`): for tests
     * that make their own members per test. Answers the username with the session.
     */
    async someone(name: string): Promise<NamedMember> {
      const username = `${name}_${membersMade++}`;
      return { ...(await newcomer(username)), username };
    },

    /**
     * Makes a member's account private straight in the table, as another node would; done once the
     * database has announced it (kept accounts forget it). Followers stay followers.
     */
    async makePrivate(member: SignedIn) {
      const announced = announcement(built, `account:${member.userId}`);
      await built.database.db.update(users).set({ isPrivate: true }).where(eq(users.id, member.userId));
      await announced;
    },

    /** Marks a member's address verified straight in the table, as a redeemed code does; done once heard. */
    async verifyEmail(member: SignedIn) {
      const announced = announcement(built, `account:${member.userId}`);
      await built.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, member.userId));
      await announced;
    },

    /** Asks a private member to follow them (the answer says the request waits). */
    async requestFollow(member: SignedIn, other: SignedIn) {
      const response = succeeded("asking to follow", await call(member, "POST", `/follow/${other.userId}`));
      if (!response.json().isRequested)
        throw new Error(`following ${other.userId} did not ask: ${response.body}`);
    },

    /** The member accepts the other's follow request. */
    async acceptFollow(member: SignedIn, requester: SignedIn) {
      succeeded("accepting", await call(member, "POST", `/follow-requests/${requester.userId}/accept`));
    },

    async block(member: SignedIn, other: SignedIn) {
      succeeded("blocking", await call(member, "POST", "/user/block", { userId: other.userId }));
    },

    /** A post of the member's photo (`photoOf`) unless `fields` names its image. */
    async createPost(member: SignedIn, fields: object = {}): Promise<Post> {
      const image = "image" in fields ? fields.image : await photoOf(member);
      const payload = { image, caption: "Hello", ...fields };
      return succeeded("creating a post", await call(member, "POST", "/posts", payload), [201]).json().post;
    },

    /** A video post marked as a flick: of the member's video (`videoOf`) unless `fields` names one. */
    async createFlick(member: SignedIn, fields: object = {}): Promise<Post> {
      const payload = {
        image: "image" in fields ? fields.image : await videoOf(member),
        caption: "A flick",
        isReel: true,
        ...fields,
      };
      return succeeded("creating a flick", await call(member, "POST", "/posts", payload), [201]).json().post;
    },

    async follow(member: SignedIn, other: SignedIn) {
      succeeded("following", await call(member, "POST", `/follow/${other.userId}`));
    },

    async like(member: SignedIn, post: { _id: string }) {
      succeeded("liking", await call(member, "POST", `/posts/${post._id}/like`));
    },

    /** The member's comment on the post, as made. */
    async comment(member: SignedIn, post: { _id: string }, text: string): Promise<{ _id: string }> {
      const response = await call(member, "POST", `/posts/${post._id}/comment`, { text });
      succeeded("commenting", response, [201]);
      return response.json().comment;
    },

    async share(member: SignedIn, post: { _id: string }) {
      succeeded("sharing", await call(member, "POST", `/posts/${post._id}/share`));
    },

    /** The one-to-one chat of two members: made on first use, the same one after. */
    /**
     * The two members' chat, accepted by both (two members who chat); `{ accepted: false }` leaves it in
     * `other`'s message requests when they don't follow `member`.
     */
    async chatBetween(member: SignedIn, other: SignedIn, options = { accepted: true }): Promise<Chat> {
      const chat: Chat = succeeded(
        "opening a chat",
        await call(member, "POST", "/chats", { userId: other.userId }),
        [200, 201],
      ).json().chat;
      if (options.accepted)
        succeeded("accepting a chat", await call(other, "POST", `/chats/${chat._id}/accept`), [200]);
      return chat;
    },

    /** A group `member` makes, accepted by everyone in it. */
    async groupOf(member: SignedIn, others: SignedIn[], name = "Group"): Promise<Chat> {
      const chat: Chat = succeeded(
        "making a group",
        await call(member, "POST", "/chats", { userIds: others.map((o) => o.userId), name }),
        [201],
      ).json().chat;
      for (const other of others)
        succeeded("accepting a chat", await call(other, "POST", `/chats/${chat._id}/accept`), [200]);
      return chat;
    },

    async sendMessage(
      member: SignedIn,
      chat: { _id: string },
      text: string,
      clientId?: string,
    ): Promise<Message> {
      const payload = { text, clientId };
      const response = await call(member, "POST", `/chats/${chat._id}/messages`, payload);
      return succeeded("sending a message", response, [201]).json().message;
    },

    /** The member's chat list (`GET /chats`). */
    async chatsOf(member: SignedIn): Promise<Chat[]> {
      return succeeded("listing chats", await call(member, "GET", "/chats")).json().chats;
    },

    /** One chat as the member's list shows it, or undefined when it is not on their list. */
    async chatOf(member: SignedIn, chatId: string): Promise<Chat | undefined> {
      const listed: Chat[] = succeeded("listing chats", await call(member, "GET", "/chats")).json().chats;
      return listed.find((chat) => chat._id === chatId);
    },

    /** The member's unread badge (`GET /messages/unread-count`). */
    async unreadOf(member: SignedIn): Promise<number> {
      return succeeded("counting unread", await call(member, "GET", "/messages/unread-count")).json().count;
    },

    /** The newest page of a chat's messages as the member reads it. */
    async messagesOf(member: SignedIn, chatId: string): Promise<Message[]> {
      const response = await call(member, "GET", `/chats/${chatId}/messages`);
      return succeeded("reading messages", response).json().messages;
    },

    /**
     * The status of the video at `url` once its transcoding has ended (issue 20): the app's job runner
     * picks it up on its own; this asks until it has, with the test's own time limit as the only clock.
     */
    async whenVideoProcessed(member: SignedIn, url: string): Promise<VideoProcessingStatus> {
      for (;;) {
        const status = (
          await call(member, "GET", `/media/video/${keptVideoId(url)}`)
        ).json<VideoProcessingStatus>();
        if (status.status !== "processing") return status;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },

    photoOf,
    videoOf,
    upload,
  };
}

/** Resolves once the database has announced `expected` (the app's caches, subscribed first, heard it). */
export function announcement({ database }: App, expected: string) {
  return new Promise<void>((resolve) => {
    const stop = database.announcements.subscribe((heard) => {
      if (heard === expected) {
        stop();
        resolve();
      }
    });
  });
}
