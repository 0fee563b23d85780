// node bench/socket-flood.mjs [server-root] [port]: another member's GET /api/user while one member
// floods 3,000 joinPostRoom events on a fresh PGlite folder (issue 12, stop 56). server-root holds
// apps/server/dist (default this checkout; a bench/.before-<sha> folder for a build before).
import { freshFlik } from "./lib/fresh-flik.mjs";

const [root, port] = [process.argv[2], Number(process.argv[3] ?? 3301)];
const { api, members, connect, stop } = await freshFlik({
  root,
  port,
  name: "socket-flood",
  names: ["alice", "carol"],
});
const { post } = await api(
  "POST",
  "/posts",
  { image: "https://cdn.example.com/none.jpg", caption: "x" },
  members.alice.token,
);
const socket = await connect(members.carol);
const user = async () => {
  const t = performance.now();
  await api("GET", "/user", undefined, members.alice.token);
  return performance.now() - t;
};
const quiet = [];
for (let i = 0; i < 20; i++) quiet.push(await user());
let acks = 0,
  refused = 0;
const t0 = performance.now();
for (let i = 0; i < 3000; i++)
  socket.emit("joinPostRoom", post._id, (a) => {
    acks++;
    if (!a.ok) refused++;
  });
const flood = [];
while (acks < 3000 && performance.now() - t0 < 120_000) flood.push(await user());
const med = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
console.log(
  JSON.stringify({
    root: root ?? "this checkout",
    quietMedianMs: +med(quiet).toFixed(1),
    floodMaxMs: +Math.max(...flood).toFixed(1),
    floodMedianMs: +med(flood).toFixed(1),
    samples: flood.length,
    allAnsweredMs: Math.round(performance.now() - t0),
    refused,
  }),
);
socket.close();
stop();
process.exit(0);
