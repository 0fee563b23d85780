// The demo's media files, made in code: photos and avatars rendered from art.mjs by sharp, and short
// vertical videos filmed by ffmpeg as a camera move over a rendered scene.
import { spawn, spawnSync } from "node:child_process";
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { drawAvatar, drawScene, photoShape } from "./art.mjs";

/** A photo of the scene, in the shape its seed picks (portrait, square or landscape). */
export async function renderPhoto(scene, seed) {
  return sharp(Buffer.from(drawScene(scene, seed, photoShape(seed))))
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** An avatar as a data URL, the form PUT /profile/update takes (the server crops it to 300x300). */
export async function renderAvatar(seed, tone) {
  const png = await sharp(Buffer.from(drawAvatar(seed, tone)))
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString("base64")}`;
}

/**
 * The first ffmpeg that runs and can encode H.264: FFMPEG_PATH, then the npm package
 * @ffmpeg-installer/ffmpeg (a devDependency), then `ffmpeg` on the PATH. Null, with the reasons, if none.
 */
export async function findFfmpeg() {
  const candidates = [];
  if (process.env.FFMPEG_PATH) candidates.push(["FFMPEG_PATH", process.env.FFMPEG_PATH]);
  try {
    const installer = await import("@ffmpeg-installer/ffmpeg");
    candidates.push(["@ffmpeg-installer/ffmpeg", installer.default.path]);
  } catch (error) {
    candidates.push(["@ffmpeg-installer/ffmpeg", null, error.message.split("\n")[0]]);
  }
  candidates.push(["PATH", "ffmpeg"]);
  const problems = [];
  for (const [source, path, why] of candidates) {
    if (!path) {
      problems.push(`${source}: ${why}`);
      continue;
    }
    const check = spawnSync(path, ["-hide_banner", "-encoders"], { encoding: "utf8" });
    if (check.status === 0 && check.stdout.includes("libx264")) return { path, source };
    problems.push(`${source} (${path}): ${check.error?.message ?? "cannot encode H.264 (no libx264)"}`);
  }
  return { path: null, problems };
}

export const VIDEO = { width: 540, height: 960, seconds: 6, fps: 30 };

const frames = VIDEO.seconds * VIDEO.fps;
const last = frames - 1;
// The still is decoded once: zoompan makes its frames from one picture, the loop filter repeats it in memory.
const zoom = (z) =>
  `zoompan=z='${z}':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=${frames}:s=${VIDEO.width}x${VIDEO.height}:fps=${VIDEO.fps}`;
const pan = (x, y) =>
  `loop=loop=${last}:size=1:start=0,crop=${VIDEO.width}:${VIDEO.height}:x='${x}':y='${y}'`;

/**
 * How each camera move is filmed: the scene's canvas, the density sharp renders it at (72 is one pixel per
 * unit), and the ffmpeg filter that moves over it.
 */
const moves = {
  "pan-right": { canvas: { width: 2160, height: 960 }, density: 72, filter: pan(`(iw-ow)*n/${last}`, "0") },
  "pan-down": { canvas: { width: 1080, height: 4320 }, density: 36, filter: pan("0", `(ih-oh)*n/${last}`) },
  // zoompan jitters on a small picture: the still is twice the video's size.
  "zoom-in": { canvas: { width: 1080, height: 1920 }, density: 144, filter: zoom("1+0.002*on") },
  "zoom-out": { canvas: { width: 1080, height: 1920 }, density: 144, filter: zoom("1.36-0.002*on") },
};

/** A six-second vertical MP4 (H.264, no sound) of a camera move over a scene. */
export async function renderVideo(ffmpeg, { scene, move, seed, workDir }) {
  const { canvas, density, filter } = moves[move];
  const input = join(workDir, `${seed}.png`);
  const output = join(workDir, `${seed}.mp4`);
  const still = await sharp(Buffer.from(drawScene(scene, seed, canvas)), { density })
    .png()
    .toBuffer();
  await writeFile(input, still);
  const encode = `-frames:v ${frames} -r ${VIDEO.fps} -pix_fmt yuv420p -c:v libx264 -preset veryfast -crf 24 -movflags +faststart`;
  try {
    await run(ffmpeg, [
      ...["-hide_banner", "-loglevel", "error", "-y"],
      ...["-i", input],
      ...["-vf", `${filter},setpts=N/${VIDEO.fps}/TB`],
      ...encode.split(" "),
      output,
    ]);
    return await readFile(output);
  } finally {
    await rm(input, { force: true });
    await rm(output, { force: true });
  }
}

function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "ignore", "pipe"] });
    let errors = "";
    child.stderr.on("data", (chunk) => {
      errors += chunk;
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg failed (${code}): ${errors.trim().slice(-500)}`)),
    );
  });
}
