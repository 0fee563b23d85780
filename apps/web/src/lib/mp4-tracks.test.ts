import { describe, expect, it } from "vitest";
import { box, mp4File as file, ftyp, mdat, text, track } from "../test/mp4-boxes";
import { mp4HasVideoTrack } from "./mp4-tracks";

describe("mp4HasVideoTrack", () => {
  it("finds the picture track of a video, whether its moov comes before or after its media", async () => {
    const moov = box("moov", box("mvhd", new Uint8Array(100)), track("soun"), track("vide"));
    await expect(mp4HasVideoTrack(file(ftyp, moov, mdat))).resolves.toBe(true);
    await expect(mp4HasVideoTrack(file(ftyp, mdat, moov))).resolves.toBe(true);
  });

  it("says a sound recording saved as .mp4 has none, its metadata handler (mdir) not counting", async () => {
    const udta = box("udta", box("meta", new Uint8Array(4), box("hdlr", new Uint8Array(8), text("mdir"))));
    await expect(mp4HasVideoTrack(file(ftyp, box("moov", track("soun"), udta), mdat))).resolves.toBe(false);
  });

  it("walks past a 64-bit sized mdat (a file over 4 GB) to the moov after it", async () => {
    const large = new Uint8Array(16 + 64);
    const view = new DataView(large.buffer);
    view.setUint32(0, 1);
    large.set(text("mdat"), 4);
    view.setBigUint64(8, BigInt(large.length));
    await expect(mp4HasVideoTrack(file(ftyp, large, box("moov", track("soun"))))).resolves.toBe(false);
  });

  it("cannot tell (null) without a moov, or with a header that breaks off", async () => {
    await expect(mp4HasVideoTrack(file(ftyp, mdat))).resolves.toBeNull();
    const broken = new Uint8Array(8);
    broken.set(text("free"), 4); // Size 0 would mean "to the end"; 3 is shorter than its own header.
    new DataView(broken.buffer).setUint32(0, 3);
    await expect(mp4HasVideoTrack(file(ftyp, broken, box("moov", track("soun"))))).resolves.toBeNull();
  });
});
