// `npm run seed -- --demo`: a small, good-looking community in the embedded default data folder, made
// through a real Flik server's HTTP API (sign-up, profile, media upload, posts, follows, likes,
// comments, chats, highlights), so everything in it is what the app itself makes.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { loadServerModules, repoRoot } from "../server-modules.mjs";
import { describeTarget, makeRoom, openTarget } from "../target.mjs";
import { findFfmpeg, renderAvatar, renderPhoto, renderVideo, VIDEO } from "./media.mjs";
import { chats, commentLines, DEMO_PASSWORD, demoFollows, highlights, personas } from "./personas.mjs";
import { randomFrom } from "./random.mjs";
import { apiClient, startServer } from "./server.mjs";

const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const report = (label, since) => console.log(`  ${label.padEnd(48)} ${seconds(since)}`);

export async function seedDemo({ dataDir, reset, databaseUrl }) {
  const started = performance.now();
  const folder = resolve(dataDir ?? join(repoRoot, "data"));
  await makeRoomInFolder({ folder, reset, databaseUrl });
  const media = await renderMedia();
  const flik = await startServer({ dataDir: folder, databaseUrl });
  const tally = { members: 0, posts: 0, flicks: 0, likes: 0, comments: 0, follows: 0, messages: 0 };
  try {
    const api = apiClient(flik.base);
    const members = await createMembers(api, tally);
    await followEachOther(members, tally);
    const posts = await publish(members, media, tally);
    await react(members, posts, tally);
    await talk(members, tally);
    await addHighlights(members, posts);
  } finally {
    await flik.stop();
  }
  console.log(
    `Done in ${seconds(started)}: ${Object.entries(tally)
      .map(([name, n]) => `${n} ${name}`)
      .join(", ")}.`,
  );
  const start = dataDir ? `DATA_DIR=${folder} npm start` : "npm start";
  console.log(`Start Flik with \`${start}\` and sign in as "demo" with the password "${DEMO_PASSWORD}"`);
  console.log(`(every demo member, e.g. maya_travels or leo_nightshots, has the same password).`);
}

/** The guard: refuse a folder with members (or held by a running server) unless --reset empties it. */
async function makeRoomInFolder({ folder, reset, databaseUrl }) {
  const { openDatabase, lockDataDir } = await loadServerModules();
  const target = await openTarget({ openDatabase, lockDataDir, databaseUrl, dataDir: folder });
  const where = describeTarget(target, databaseUrl);
  console.log(`Demo community in ${where}${databaseUrl ? ` (media in ${folder})` : ""}`);
  try {
    await makeRoom(target.db, { reset, where });
  } finally {
    await target.close();
    target.release();
  }
  // The old community's uploads go with it.
  if (reset) await rm(join(folder, "media"), { recursive: true, force: true });
}

/** Every photo and flick, made before the server starts, so a failure leaves the folder untouched. */
async function renderMedia() {
  const since = performance.now();
  // sharp renders on its own thread pool, so the photos are drawn side by side.
  const drawn = personas.flatMap((persona) =>
    persona.posts.map(async ([scene], index) => {
      const seed = `${persona.username}:${index}`;
      return [seed, await renderPhoto(scene, seed)];
    }),
  );
  const photos = new Map(await Promise.all(drawn));
  report(`${photos.size} photos drawn`, since);

  const videos = new Map();
  const ffmpeg = await findFfmpeg();
  if (!ffmpeg.path) {
    console.log("  No working ffmpeg, so no flicks (short videos) this time. Tried:");
    for (const problem of ffmpeg.problems) console.log(`    ${problem}`);
    console.log(
      "  Set FFMPEG_PATH to an ffmpeg with libx264, or run `npm install` for @ffmpeg-installer/ffmpeg.",
    );
    return { photos, videos };
  }
  const workDir = await mkdtemp(join(tmpdir(), "flik-demo-"));
  const filmed = performance.now();
  try {
    for (const persona of personas) {
      for (const [index, [scene, move]] of (persona.flicks ?? []).entries()) {
        const seed = `${persona.username}:flick:${index}`;
        videos.set(seed, await renderVideo(ffmpeg.path, { scene, move, seed, workDir }));
      }
    }
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
  report(`${videos.size} flicks filmed with ${ffmpeg.source}`, filmed);
  return { photos, videos };
}

/** Sign-up and sign-in as the web app does, then the profile: bio, website, gender and an avatar. */
async function createMembers(api, tally) {
  const since = performance.now();
  const members = new Map();
  for (const [tone, persona] of personas.entries()) {
    const { username, fullName, bio, website, gender } = persona;
    await api.post("/api/auth/signup", {
      fullName,
      username,
      email: `${username.replaceAll("_", ".")}@demo.flik.test`,
      password: DEMO_PASSWORD,
    });
    const { token, user } = await api.post("/api/auth/signin", {
      identifier: username,
      password: DEMO_PASSWORD,
    });
    const as = api.as(token);
    await as.put("/api/profile/update", {
      bio,
      gender,
      ...(website && { website }),
      avatar: await renderAvatar(username, tone),
    });
    members.set(username, { ...persona, id: user.id, api: as });
    tally.members++;
  }
  report(`${members.size} members with avatars`, since);
  return members;
}

/** `demo` follows most of the cast; the cast follows one another (and `demo`) by a fixed chance. */
async function followEachOther(members, tally) {
  const since = performance.now();
  const rng = randomFrom("demo:follows");
  for (const member of members.values()) {
    for (const other of members.values()) {
      if (other === member) continue;
      const follows =
        member.username === "demo"
          ? demoFollows.includes(other.username)
          : rng.chance(other.username === "demo" ? 0.7 : 0.65);
      if (!follows) continue;
      await member.api.post(`/api/follow/${other.id}`);
      tally.follows++;
    }
  }
  report(`${tally.follows} follows`, since);
}

/**
 * Uploads each file through the media host and creates the post, in rounds across the cast so the feed
 * mixes people; flicks come in the middle rounds.
 */
async function publish(members, media, tally) {
  const since = performance.now();
  const rng = randomFrom("demo:publish");
  const queue = [];
  const rounds = Math.max(...personas.map((persona) => persona.posts.length));
  for (let round = 0; round < rounds; round++) {
    for (const member of rng.shuffle([...members.values()])) {
      const post = member.posts[round];
      if (post)
        queue.push({
          member,
          kind: "image",
          seed: `${member.username}:${round}`,
          fields: post,
          index: round,
        });
      const flick = member.flicks?.[round - 2];
      const seed = `${member.username}:flick:${round - 2}`;
      if (flick && media.videos.has(seed))
        queue.push({ member, kind: "video", seed, fields: flick.slice(2) });
    }
  }
  const posts = [];
  for (const item of queue) {
    const [caption, tags, location] = item.kind === "image" ? item.fields.slice(1) : item.fields;
    const bytes = item.kind === "image" ? media.photos.get(item.seed) : media.videos.get(item.seed);
    const file =
      item.kind === "image"
        ? { name: "photo.jpg", type: "image/jpeg" }
        : { name: "flick.mp4", type: "video/mp4" };
    const uploaded = await item.member.api.upload(item.kind, bytes, file);
    // The host answers a photo's size; a video's is the one it was filmed at (the web app reads it).
    const size = item.kind === "image" ? uploaded : VIDEO;
    const { post } = await item.member.api.post("/api/posts", {
      caption,
      tags,
      location,
      image: uploaded.secure_url,
      isReel: item.kind === "video",
      width: size.width,
      height: size.height,
    });
    posts.push({ ...item, id: post._id, image: uploaded.secure_url });
    tally[item.kind === "image" ? "posts" : "flicks"]++;
  }
  report(`${tally.posts} posts, ${tally.flicks} flicks uploaded`, since);
  return posts;
}

/** Likes (flicks with a reaction), a few comments and shares; `demo`'s posts get extra love. */
async function react(members, posts, tally) {
  const since = performance.now();
  const rng = randomFrom("demo:react");
  const reactions = ["❤️", "🔥", "😍", "👏", "😮"];
  for (const post of posts) {
    const others = [...members.values()].filter((member) => member !== post.member);
    const warmth = post.member.username === "demo" ? 0.85 : rng.between(0.35, 0.8);
    for (const member of others) {
      if (!rng.chance(warmth)) continue;
      if (post.kind === "video")
        await member.api.post(`/api/flicks/${post.id}/like`, { emoji: rng.pick(reactions) });
      else await member.api.post(`/api/posts/${post.id}/like`);
      tally.likes++;
    }
    const commenters = rng.shuffle(others).slice(0, rng.int(post.member.username === "demo" ? 2 : 0, 3));
    for (const member of commenters) {
      const path = post.kind === "video" ? "flicks" : "posts";
      await member.api.post(`/api/${path}/${post.id}/comment`, { text: rng.pick(commentLines) });
      tally.comments++;
    }
    if (rng.chance(0.15)) await rng.pick(others).api.post(`/api/posts/${post.id}/share`);
  }
  report(`${tally.likes} likes, ${tally.comments} comments`, since);
}

/** The conversations of personas.mjs, line by line from each sender; `demo` has read all but one. */
async function talk(members, tally) {
  const since = performance.now();
  for (const script of chats) {
    const [creator, ...rest] = script.members.map((username) => members.get(username));
    const body = script.name
      ? { name: script.name, userIds: rest.map((member) => member.id) }
      : { userId: rest[0].id };
    const { chat } = await creator.api.post("/api/chats", body);
    for (const [username, text] of script.lines) {
      await members.get(username).api.post(`/api/chats/${chat._id}/messages`, { text });
      tally.messages++;
    }
    const demo = members.get("demo");
    if (script.members.includes("demo") && !script.unread) {
      await demo.api.put(`/api/messages/${chat._id}/mark-seen`);
    }
  }
  report(`${chats.length} chats, ${tally.messages} messages`, since);
}

async function addHighlights(members, posts) {
  for (const [username, list] of Object.entries(highlights)) {
    const member = members.get(username);
    for (const [name, index] of list) {
      const post = posts.find((candidate) => candidate.member === member && candidate.index === index);
      if (post) await member.api.post("/api/highlights", { name, type: "image", src: post.image });
    }
  }
}
