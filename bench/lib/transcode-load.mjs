// The API while a 100 MB video transcodes (issue 20): on a server of its own with a new embedded
// database, a member's feed asked at a fixed rate, first with nothing else under way, then while the
// server transcodes a 100 MB 1080p HEVC video it was just sent. Reports both p50 / p99 and how long the
// transcoding took. The video is made once with the same ffmpeg and kept in bench/.data.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { request } from "./api.mjs";
import { startFlik } from "./flik-server.mjs";
import { round } from "./stats.mjs";

const dataDir = join(dirname(fileURLToPath(import.meta.url)), "..", ".data");
const RATE = Number(process.env.BENCH_TRANSCODE_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_TRANSCODE_SECONDS ?? 10);

export async function apiWhileTranscoding({ serverRoot, log }) {
  const video = bigVideo(log);
  const dir = mkdtempSync(join(tmpdir(), "flik-bench-transcode-"));
  const flik = await startFlik({ serverRoot, dataDir: dir });
  try {
    const id = `tc${Date.now().toString(36)}`;
    const password = "bench-Passw0rd!";
    await request(flik.base, "POST", "/api/auth/signup", {
      body: { fullName: "Transcode Bench", username: id, email: `${id}@example.test`, password },
    });
    const { token } = await request(flik.base, "POST", "/api/auth/signin", {
      body: { identifier: id, password },
    });
    for (let index = 0; index < 20; index++)
      await request(flik.base, "POST", "/api/posts", {
        token,
        body: { image: "https://cdn.example.com/a.jpg", caption: `Post ${index}` },
      });
    const feed = { path: "/api/posts?limit=20", headers: { authorization: `Bearer ${token}` } };
    await load(flik.base, feed, 2);
    const idle = await load(flik.base, feed, SECONDS);
    log(`  feed at ${RATE}/s, idle: p50 ${idle.p50} ms, p99 ${idle.p99} ms`);

    const form = new FormData();
    form.append("file", new Blob([readFileSync(video)], { type: "video/quicktime" }), "big.mov");
    form.append("upload_preset", "flik");
    const sent = await fetch(`${flik.base}/api/media/video/upload`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    if (!sent.ok) throw new Error(`upload: ${sent.status} ${await sent.text()}`);
    const { secure_url: url } = await sent.json();
    const started = performance.now();
    const videoId = url.split("/").pop().replace(".mp4", "");
    const status = () => request(flik.base, "GET", `/api/media/video/${videoId}`, { token });
    // Wait until ffmpeg is under way (the job runner polls every 2 s), then measure while it works.
    while ((await status()).percent === 0) await new Promise((done) => setTimeout(done, 200));
    const busy = await load(flik.base, feed, SECONDS);
    const during = (await status()).status;
    log(`  feed at ${RATE}/s, transcoding: p50 ${busy.p50} ms, p99 ${busy.p99} ms (${during} at the end)`);
    let final = await status();
    while (final.status === "processing") {
      await new Promise((done) => setTimeout(done, 500));
      final = await status();
    }
    const transcodeSeconds = round((performance.now() - started) / 1000, 1);
    log(`  transcoded in ${transcodeSeconds} s (${final.status})`);
    return {
      rate: RATE,
      seconds: SECONDS,
      videoBytes: readFileSync(video).length,
      idle,
      whileTranscoding: { ...busy, stillTranscodingAtEnd: during === "processing" },
      transcodeSeconds,
      outcome: final.status,
    };
  } finally {
    await flik.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A fixed arrival rate (corrected for coordinated omission), not waiting for quiet CPUs: ffmpeg is meant to be busy. */
async function load(base, call, seconds) {
  const result = await autocannon({
    url: `${base}${call.path}`,
    headers: call.headers,
    connections: 10,
    duration: seconds,
    overallRate: RATE,
  });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    requests: result.requests.total,
    non2xx: result.non2xx,
  };
}

/** About 100 MB of 1080p30 HEVC with audio, noisy as a phone's low-light video; made once. */
function bigVideo(log) {
  const path = join(dataDir, "transcode-100mb.mov");
  if (existsSync(path)) return path;
  mkdirSync(dataDir, { recursive: true });
  log("  making a 100 MB video (once, about 2 minutes)");
  const require = createRequire(join(dataDir, "..", "..", "apps", "server", "package.json"));
  const ffmpeg = process.env.FFMPEG_PATH ?? require("@ffmpeg-installer/ffmpeg").path;
  execFileSync(
    ffmpeg,
    [
      "-hide_banner",
      "-nostdin",
      "-y",
      "-f",
      "lavfi",
      "-i",
      "testsrc2=size=1920x1080:rate=30:duration=100",
      "-f",
      "lavfi",
      "-i",
      "sine=frequency=300:duration=100",
      "-vf",
      "noise=alls=12:allf=t",
      "-c:v",
      "libx265",
      "-preset",
      "ultrafast",
      "-b:v",
      "7.5M",
      "-tag:v",
      "hvc1",
      "-c:a",
      "aac",
      path,
    ],
    { stdio: "ignore" },
  );
  return path;
}
