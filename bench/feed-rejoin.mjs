// node bench/feed-rejoin.mjs [posts] [port]: a feed of that many loaded posts joining its post rooms again
// after a reconnect, as the web client before stop 58 did (one joinPostRoom per post) and as it does
// now (lists of up to 100), on a fresh PGlite folder with the default SOCKET_EVENT_LIMIT (200 per 10 s):
// how many posts end up watched, how many joins were refused, and how long until all were answered.
import { freshFlik } from "./lib/fresh-flik.mjs";

const [count, port] = [Number(process.argv[2] ?? 300), Number(process.argv[3] ?? 3302)];
const { api, members, connect, stop } = await freshFlik({
  port,
  name: "feed-rejoin",
  names: ["alice", "carol", "dave"],
});
const ids = [];
for (let i = 0; i < count; i++) {
  const { post } = await api(
    "POST",
    "/posts",
    { image: "https://cdn.example.com/none.jpg", caption: `p${i}` },
    members.alice.token,
  );
  ids.push(post._id);
}
async function rejoin(member, asLists) {
  const socket = await connect(member);
  const t0 = performance.now();
  const payloads = asLists
    ? Array.from({ length: Math.ceil(count / 100) }, (_, i) => ids.slice(i * 100, i * 100 + 100))
    : ids;
  const answers = await Promise.all(payloads.map((payload) => socket.emitWithAck("joinPostRoom", payload)));
  const ms = performance.now() - t0;
  const watched = asLists
    ? answers.reduce((n, a) => n + (a.watching?.length ?? 0), 0)
    : answers.filter((a) => a.ok).length;
  const refused = answers.filter((a) => a.status === 429).length;
  socket.close();
  return {
    client: asLists ? "lists of 100" : "one per post",
    events: payloads.length,
    watched,
    refused,
    allAnsweredMs: Math.round(ms),
  };
}
console.log(
  JSON.stringify({
    posts: count,
    runs: [await rejoin(members.carol, false), await rejoin(members.dave, true)],
  }),
);
stop();
process.exit(0);
