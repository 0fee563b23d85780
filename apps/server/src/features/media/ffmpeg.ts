import { spawn } from "node:child_process";
import { rm, stat } from "node:fs/promises";
import { createRequire } from "node:module";
import { setPriority } from "node:os";

/**
 * ffmpeg, as Flik runs it (issue 20): the binary `FFMPEG_PATH` names, else the one
 * @ffmpeg-installer/ffmpeg brings with `npm install` (a static build with libx264, HEVC, VP9 and AAC).
 * It runs at a lower priority than the server, so requests are answered first while a video transcodes.
 */
export function ffmpegPath(configured: string | undefined): string {
  if (configured) return configured;
  const require = createRequire(import.meta.url);
  return (require("@ffmpeg-installer/ffmpeg") as { path: string }).path;
}

/** What a video holds, read from its header. Width and height are as shown: rotation applied. */
export interface VideoFacts {
  durationSeconds: number;
  width: number;
  height: number;
  codec: string;
}

/** The largest a side of a transcoded video may be on its shorter side: 1080p. */
export const VIDEO_MAX_SHORT_SIDE = 1080;
/** What a kept video is transcoded to: H.264 High, AAC, moov first (it plays before it has all arrived). */
const TRANSCODE_ARGS = [
  "-map",
  "0:v:0",
  "-map",
  "0:a:0?",
  // The shorter side at most 1080 (after rotation, which ffmpeg applies first), both sides even.
  "-vf",
  `scale=w='if(gt(iw,ih),-2,trunc(min(${VIDEO_MAX_SHORT_SIDE},iw)/2)*2)':h='if(gt(iw,ih),trunc(min(${VIDEO_MAX_SHORT_SIDE},ih)/2)*2,-2)',format=yuv420p`,
  "-c:v",
  "libx264",
  "-preset",
  "veryfast",
  "-crf",
  "23",
  "-maxrate",
  "6M",
  "-bufsize",
  "12M",
  "-profile:v",
  "high",
  "-c:a",
  "aac",
  "-b:a",
  "128k",
  "-ac",
  "2",
  "-movflags",
  "+faststart",
];

export class FfmpegError extends Error {
  /**
   * ffmpeg ran to its end and refused the file it read (a codec it cannot decode, data it cannot parse):
   * running it again changes nothing. Not so when it was killed or stopped, or could not start.
   */
  constructor(
    message: string,
    readonly refusedInput = false,
  ) {
    super(message);
  }
}

/**
 * A report's words for a file ffmpeg cannot read: what it says of data it cannot parse or a codec it
 * has no decoder for. Anything else (a signal, which ends it with 255; a disk, memory or permission
 * failure) may pass, and is tried again.
 */
const UNREADABLE_INPUT =
  /Invalid data found when processing input|moov atom not found|could not find codec parameters|Decoder \(codec [^)]*\) not found|does not contain any stream/i;

/** How long reading a file's header may take: a file made to hang the parser is given up on. */
const PROBE_TIMEOUT_MS = 30_000;
/** A transcode may take this many times the video's length (at least 10 minutes) before it is killed. */
const TRANSCODE_TIMEOUT_PER_SECOND_MS = 20_000;

/**
 * Runs ffmpeg with `args`; answers its exit code and the end of what it wrote to stderr (its report).
 * Past `timeoutMs` it is killed: ffmpeg reads files members sent, and none may hold a process forever.
 */
function run(
  binary: string,
  args: string[],
  timeoutMs: number,
  onStdout?: (text: string) => void,
): Promise<{ code: number | null; report: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, ["-hide_banner", "-nostdin", ...args], {
      stdio: ["ignore", "pipe", "pipe"],
      timeout: timeoutMs,
      killSignal: "SIGKILL",
    });
    try {
      if (child.pid) setPriority(child.pid, 10);
    } catch {
      // Not allowed to lower it here: it runs at the server's priority.
    }
    let report = "";
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (text: string) => {
      // The description of the input comes first and an error last; the middle of a long run is not kept.
      report = report.length < 20_000 ? report + text : report.slice(0, 10_000) + text.slice(-10_000);
    });
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (text: string) => onStdout?.(text));
    child.on("error", (error) => reject(new FfmpegError(`ffmpeg could not start: ${error.message}`)));
    child.on("close", (code) => resolve({ code, report }));
  });
}

/** Runs ffmpeg to write something; fails with the last lines of its report when it does not succeed. */
async function write(
  binary: string,
  args: string[],
  timeoutMs: number,
  onStdout?: (text: string) => void,
): Promise<void> {
  const { code, report } = await run(binary, args, timeoutMs, onStdout);
  if (code !== 0)
    throw new FfmpegError(
      report.trim().split("\n").slice(-3).join(" ") || `ffmpeg exited with ${code}`,
      code !== null && code !== 255 && UNREADABLE_INPUT.test(report),
    );
}

/** The facts of the video at `path`, from ffmpeg's report of its input; null when it holds no video. */
export async function probeVideo(binary: string, path: string): Promise<VideoFacts | null> {
  // With no output ffmpeg describes the input and exits 1, which is all that is asked of it here.
  return parseProbe((await run(binary, ["-i", path], PROBE_TIMEOUT_MS)).report);
}

/** Reads ffmpeg's description of an input: its duration, its first video stream's codec, size and rotation. */
export function parseProbe(report: string): VideoFacts | null {
  const duration = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(report);
  const stream = /Stream #\d+:\d+[^:]*: Video: (\w+)[^\n]*?, (\d{1,5})x(\d{1,5})/.exec(report);
  if (!duration || !stream) return null;
  const [, hours, minutes, seconds] = duration;
  const rotation =
    /displaymatrix: rotation of (-?[\d.]+) degrees/.exec(report)?.[1] ??
    /rotate\s*:\s*(-?\d+)/.exec(report)?.[1];
  const sideways = Math.abs(Math.round(Number(rotation ?? 0))) % 180 === 90;
  const width = Number(stream[2]);
  const height = Number(stream[3]);
  return {
    durationSeconds: Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds),
    codec: stream[1] ?? "",
    width: sideways ? height : width,
    height: sideways ? width : height,
  };
}

/**
 * Transcodes `source` into `output` (MP4, see TRANSCODE_ARGS), telling `onProgress` the share done, 0–1,
 * from ffmpeg's own progress report against the video's duration.
 */
export async function transcodeVideo(
  binary: string,
  source: string,
  output: string,
  durationSeconds: number,
  onProgress: (share: number) => void,
): Promise<void> {
  let pending = "";
  await write(
    binary,
    ["-y", "-i", source, ...TRANSCODE_ARGS, "-progress", "pipe:1", "-nostats", "-f", "mp4", output],
    Math.max(600_000, durationSeconds * TRANSCODE_TIMEOUT_PER_SECOND_MS),
    (text) => {
      pending += text;
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        const micros = /^out_time_ms=(\d+)/.exec(line)?.[1];
        if (micros && durationSeconds > 0) onProgress(Math.min(1, Number(micros) / 1e6 / durationSeconds));
      }
    },
  );
}

/**
 * A JPEG of the frame `atSeconds` into `video`, as the poster shown before it plays, or of its first
 * frame when that is past its end: ffmpeg then writes nothing and still succeeds. A video with no frame
 * to show at all is refused (it would be every time).
 */
export async function posterOf(
  binary: string,
  video: string,
  output: string,
  atSeconds: number,
): Promise<void> {
  const frameAt = async (seconds: number) => {
    await rm(output, { force: true });
    const args = [
      "-y",
      "-ss",
      seconds.toFixed(2),
      "-i",
      video,
      "-frames:v",
      "1",
      "-q:v",
      "3",
      "-f",
      "image2",
    ];
    await write(binary, [...args, output], PROBE_TIMEOUT_MS);
    return (await stat(output).catch(() => null))?.size ?? 0;
  };
  if ((await frameAt(atSeconds)) > 0 || (atSeconds > 0 && (await frameAt(0)) > 0)) return;
  throw new FfmpegError("ffmpeg found no frame to make a poster of", true);
}
