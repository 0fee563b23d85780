import { execFile } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crc32, createDeflate } from "node:zlib";
import sharp from "sharp";
import { ffmpegPath } from "../features/media/ffmpeg.js";

/** A small JPEG that carries GPS coordinates in its EXIF metadata, like a phone photo. */
export function photoWithGps(width = 64, height = 48) {
  return sharp({ create: { width, height, channels: 3, background: "#e0368c" } })
    .jpeg()
    .withExif({ IFD0: { Make: "FlikPhone" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" } })
    .toBuffer();
}

export function pngImage() {
  return sharp({ create: { width: 8, height: 8, channels: 4, background: "#ffffff" } })
    .png()
    .toBuffer();
}

/** The first bytes of an MP4 (an ftyp box), enough for the type to be recognised. */
export function mp4Header() {
  const ftyp = Buffer.alloc(32);
  ftyp.writeUInt32BE(32, 0);
  ftyp.write("ftypisom", 4, "latin1");
  ftyp.writeUInt32BE(0x200, 12);
  ftyp.write("isomiso2avc1mp41", 16, "latin1");
  return Buffer.concat([ftyp, Buffer.alloc(1024)]);
}

/**
 * A real, complete PNG of `width` x `height` black pixels: a decompression bomb, small on the wire
 * (8000 x 8000 is 190 KB) and huge once decoded (192 MB of pixels). Made a row at a time, so making it
 * costs the test process no memory.
 */
export async function pngBomb(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method, not interlaced
  const deflate = createDeflate({ level: 9 });
  const compressed: Buffer[] = [];
  deflate.on("data", (data: Buffer) => compressed.push(data));
  const row = Buffer.alloc(1 + width * 3); // filter byte "none", then black pixels
  for (let y = 0; y < height; y++) {
    if (!deflate.write(row)) await once(deflate, "drain");
  }
  deflate.end();
  await once(deflate, "end");
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", Buffer.concat(compressed)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * A photo-like JPEG of `width` x `height`: sky and ground gradients, a sun, hills and a little grain, so
 * it compresses as a camera's photo does (a flat colour would be a few hundred bytes at any size).
 */
export async function landscapePhoto(width: number, height: number, orientation?: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 400 300">
    <defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2b6cb0"/><stop offset="1" stop-color="#fbd38d"/></linearGradient>
      <linearGradient id="land" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#276749"/><stop offset="1" stop-color="#744210"/></linearGradient>
    </defs>
    <rect width="400" height="300" fill="url(#sky)"/>
    <circle cx="300" cy="90" r="36" fill="#fff5d6"/>
    <path d="M0 210 Q 100 150 200 200 T 400 190 V 300 H 0 Z" fill="url(#land)"/>
    <path d="M0 250 Q 120 220 260 260 T 400 240 V 300 H 0 Z" fill="#22543d" opacity=".8"/>
  </svg>`;
  const scene = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const grain = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 6 },
    },
  })
    .raw()
    .toBuffer();
  const pixels = scene.data;
  for (let index = 0; index < pixels.length; index++) {
    pixels[index] = Math.max(0, Math.min(255, (pixels[index] ?? 0) + (grain[index] ?? 128) - 128));
  }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 });
  return (orientation ? image.withMetadata({ orientation }) : image).toBuffer();
}

/**
 * A short test-pattern video made by the ffmpeg Flik uses, as phones and browsers send them: an iPhone's
 * HEVC `.mov`, a browser's VP9 `.webm`, an MP4 taken sideways (rotation in its header), an MP4 whose index
 * comes last (no "faststart": it cannot play until it has all arrived), and an MP4 cut short (a copy
 * broken off: its index, at the front, tells its whole length, but only its first part is there).
 */
export async function videoFixture(
  kind: "hevc-mov" | "vp9-webm" | "sideways-mp4" | "index-last-mp4" | "cut-short-mp4" | "audio-only-mp4",
  seconds = 2,
  size = "640x360",
): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), "flik-video-"));
  const ffmpeg = (args: string[]) =>
    new Promise<void>((resolve, reject) =>
      execFile(ffmpegPath(undefined), ["-hide_banner", "-nostdin", "-y", ...args], (error) =>
        error ? reject(error) : resolve(),
      ),
    );
  const input = [
    ...["-f", "lavfi", "-i", `testsrc=size=${size}:rate=25:duration=${seconds}`],
    ...["-f", "lavfi", "-i", `sine=frequency=440:duration=${seconds}`],
    ...["-pix_fmt", "yuv420p", "-shortest"],
  ];
  const output = {
    "hevc-mov": ["-c:v", "libx265", "-tag:v", "hvc1", "-c:a", "aac", "out.mov"],
    "vp9-webm": [
      "-c:v",
      "libvpx-vp9",
      "-deadline",
      "realtime",
      "-b:v",
      "300k",
      "-c:a",
      "libopus",
      "out.webm",
    ],
    "sideways-mp4": ["-c:v", "libx264", "-c:a", "aac", "plain.mp4"],
    "index-last-mp4": ["-c:v", "libx264", "-c:a", "aac", "out.mp4"],
    "cut-short-mp4": ["-c:v", "libx264", "-c:a", "aac", "-movflags", "+faststart", "out.mp4"],
    // A sound recording saved as .mp4: a `moov` with one track, of sound.
    "audio-only-mp4": ["-map", "1:a", "-c:a", "aac", "out.mp4"],
  }[kind];
  try {
    const last = output.pop() ?? "out";
    await ffmpeg([...input, ...output, join(dir, last)]);
    const made = await readFile(join(dir, last));
    if (kind === "cut-short-mp4") return made.subarray(0, Math.floor(made.length / 4));
    if (kind !== "sideways-mp4") return made;
    // The rotation is a tag of the container, as a phone writes it: the pixels stay landscape.
    await ffmpeg(["-i", join(dir, last), "-c", "copy", "-metadata:s:v:0", "rotate=90", join(dir, "out.mp4")]);
    return await readFile(join(dir, "out.mp4"));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Whether an MP4's index (moov) comes before its media (mdat): it can play as it downloads. */
export function isFastStart(mp4: Buffer): boolean {
  const moov = mp4.indexOf("moov");
  const mdat = mp4.indexOf("mdat");
  return moov !== -1 && mdat !== -1 && moov < mdat;
}
