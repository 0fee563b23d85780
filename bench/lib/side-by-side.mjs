// Each read call against raw node:http serving the same bytes, in interleaved rounds (Flik, raw, Flik,
// raw, …) so that drift in the machine (turbo, page cache, a noisy neighbour) hits both sides alike.
import { bearer, request } from "./api.mjs";
import { measureQuietly } from "./cpu.mjs";
import { hammer, warmUp } from "./load.mjs";
import { recordAnswer, startRaw } from "./raw.mjs";
import { median, ratio, round } from "./stats.mjs";

/** The calls of the table: every list a member opens, as the member who makes it heavy or typical. */
export async function defineCalls(base, subjects, tokens) {
  const { celebrity } = subjects.members;
  const as = (role) => bearer(tokens[role]);
  const profile = `/api/profile/${encodeURIComponent(celebrity.username)}`;
  // The grid's second page, as scrolling a profile asks for it (the first came with the profile).
  const { nextCursor } = await request(base, "GET", profile, { token: tokens.typical });
  const gridQuery = nextCursor ? `?limit=30&cursor=${encodeURIComponent(nextCursor)}` : "?limit=30";
  const call = (id, name, path, role) => ({
    id,
    name,
    method: "GET",
    path,
    as: role,
    headers: role ? as(role) : {},
  });
  return [
    call("health", "health", "/api/health"),
    call("user", "user (typical)", "/api/user", "typical"),
    call("user-celebrity", "user (celebrity)", "/api/user", "celebrity"),
    call("feed", "feed (typical)", "/api/posts?limit=20", "typical"),
    call("feed-heavy", "feed (heavy)", "/api/posts?limit=20", "heavy"),
    call("flicks", "flicks", "/api/flicks?limit=10", "typical"),
    call("profile", "profile (celebrity)", profile, "typical"),
    call("profile-grid", "profile grid page 2", `${profile}/posts${gridQuery}`, "typical"),
    call("hot-post", "hot post", `/api/posts/${subjects.hotPost.id}`, "typical"),
    call("notifications", "notifications (typical)", "/api/notifications?limit=20", "typical"),
    call("notifications-celebrity", "notifications (celebrity)", "/api/notifications?limit=20", "celebrity"),
    call("chats", "chats", "/api/chats", "typical"),
    call("messages", "messages", `/api/chats/${subjects.typicalChat.id}/messages?limit=30`, "typical"),
    // Issue 18: a member search by the start of a first name 160 members share (explore searches from
    // two letters), and a post search of a word in the caption or tags of one post in eleven.
    call("search-members", "member search", "/api/user/search?q=mira", "typical"),
    call("search-posts", "post search", "/api/posts/search?q=coffee&limit=20", "typical"),
  ];
}

/** Measures one call on both servers; `log` reports progress as each round ends. */
export async function sideBySide(flik, call, { seconds, rounds, log }) {
  const answer = await recordAnswer(flik.base, call);
  if (answer.status !== 200)
    log(`  note: ${call.name} answers ${answer.status}: ${answer.body.toString().slice(0, 120)}`);
  await warmUp(flik.base, call);
  const flikRounds = [];
  const rawRounds = [];
  for (let index = 0; index < rounds; index++) {
    flikRounds.push(await measureQuietly(() => hammer({ base: flik.base, call, seconds })));
    rawRounds.push(await measureQuietly(() => measureRaw(answer, call, seconds)));
    log(
      `  ${call.name} round ${index + 1}: Flik ${flikRounds.at(-1).rps} req/s, raw ${rawRounds.at(-1).rps} req/s`,
    );
  }
  const flikSummary = summarize(flikRounds);
  const rawSummary = summarize(rawRounds);
  return {
    id: call.id,
    name: call.name,
    method: call.method,
    path: call.path,
    as: call.as ?? null,
    status: answer.status,
    bytes: answer.body.length,
    flik: flikSummary,
    raw: rawSummary,
    ratio: ratio(flikSummary.rps, rawSummary.rps),
  };
}

/** Raw node only runs while it is measured, so it never shares core 0 with load on Flik. */
async function measureRaw(answer, call, seconds) {
  const raw = await startRaw(answer);
  try {
    await warmUp(raw.base, call);
    return await hammer({ base: raw.base, call, seconds });
  } finally {
    await raw.stop();
  }
}

function summarize(rounds) {
  return {
    rps: round(median(rounds.map((r) => r.rps)), 0),
    p50: median(rounds.map((r) => r.p50)),
    p99: median(rounds.map((r) => r.p99)),
    non2xx: rounds.reduce((sum, r) => sum + r.non2xx, 0),
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    // Median busy percent of [server core, load generator core] over the rounds.
    cpuBusy: [0, 1].map((cpu) => median(rounds.map((r) => r.cpuBusy?.[cpu]))),
    otherCores: Math.max(...rounds.map((r) => r.otherCores ?? 0)),
    rounds,
  };
}

/** p99 of the typical feed when it is offered 60 % of its peak rate: latency with headroom. */
export async function atShareOfPeak(flik, call, peakRps, { seconds, share = 0.6 }) {
  const rate = Math.max(1, Math.round(peakRps * share));
  const result = await hammer({ base: flik.base, call, seconds, overallRate: rate });
  return { call: call.name, share, offeredRps: rate, ...result };
}
