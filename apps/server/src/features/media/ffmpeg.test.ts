import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../test/temp-dir.js";
import { FfmpegError, ffmpegPath, parseProbe, transcodeVideo } from "./ffmpeg.js";

/** ffmpeg's description of an input, as versions 4 and 5 write it (trimmed to what is read). */
const report = (video: string, sideData = "") => `Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'clip.mov':
  Duration: 00:01:02.50, start: 0.000000, bitrate: 8123 kb/s
  Stream #0:0[0x1](und): Video: ${video}
    Metadata:
      handler_name    : Core Media Video
${sideData}  Stream #0:1[0x2](und): Audio: aac (LC) (mp4a / 0x6134706D), 44100 Hz, stereo, fltp, 128 kb/s (default)
At least one output file must be specified`;

describe("parseProbe (issue 20)", () => {
  it("reads an iPhone's HEVC video: its length, codec and size", () => {
    expect(
      parseProbe(
        report("hevc (Main) (hvc1 / 0x31637668), yuv420p(tv, bt709), 1920x1080, 7950 kb/s, 29.97 fps"),
      ),
    ).toEqual({ durationSeconds: 62.5, codec: "hevc", width: 1920, height: 1080 });
  });

  it.each([
    ["ffmpeg 4's rotate tag", "      rotate          : 90\n"],
    ["ffmpeg 5's display matrix", "    Side data:\n      displaymatrix: rotation of -90.00 degrees\n"],
  ])("stands a video taken sideways upright, from %s", (_case, sideData) => {
    const parsed = parseProbe(
      report("h264 (High) (avc1 / 0x31637661), yuv420p, 1920x1080 [SAR 1:1 DAR 16:9]", sideData),
    );
    expect(parsed).toMatchObject({ width: 1080, height: 1920 });
  });

  it("keeps a video turned upside down as it is", () => {
    const parsed = parseProbe(report("h264, yuv420p, 1280x720", "      rotate          : 180\n"));
    expect(parsed).toMatchObject({ width: 1280, height: 720 });
  });

  it("finds nothing in a file with no video stream or no duration", () => {
    expect(
      parseProbe("Input #0, mp3, from 'a.mp3':\n  Duration: 00:00:03.00\n  Stream #0:0: Audio: mp3"),
    ).toBeNull();
    expect(parseProbe("clip.mp4: Invalid data found when processing input")).toBeNull();
  });
});

describe("a transcode that fails (issue 20)", () => {
  const binary = ffmpegPath(undefined);
  const dir = tempDir("ffmpeg-failures");
  const failureOf = (source: string) =>
    transcodeVideo(binary, source, join(dir, "out.mp4"), 1, () => {}).then(
      () => undefined,
      (error: unknown) => error,
    );

  it("says ffmpeg refused the file when it holds no video it can read", async () => {
    const garbage = join(dir, "garbage.mp4");
    writeFileSync(garbage, "not a video");
    const failure = await failureOf(garbage);
    expect(failure).toBeInstanceOf(FfmpegError);
    expect((failure as FfmpegError).refusedInput).toBe(true);
  });

  it("does not blame the file when it could not be read at all (a storage failure is tried again)", async () => {
    const failure = await failureOf(join(dir, "gone.mp4"));
    expect(failure).toBeInstanceOf(FfmpegError);
    expect((failure as FfmpegError).refusedInput).toBe(false);
  });
});
