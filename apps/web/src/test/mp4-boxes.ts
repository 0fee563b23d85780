/** MP4 files built box by box (ISO/IEC 14496-12), for what reads their boxes. */

/** An ISO box: a 32-bit size, its four-letter type, then its body. */
export function box(type: string, ...body: Uint8Array[]): Uint8Array {
  const size = 8 + body.reduce((sum, part) => sum + part.length, 0);
  const bytes = new Uint8Array(size);
  new DataView(bytes.buffer).setUint32(0, size);
  bytes.set(new TextEncoder().encode(type), 4);
  let at = 8;
  for (const part of body) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
}

export const text = (value: string) => new TextEncoder().encode(value);
/** A track whose `hdlr` names its kind (`vide`, `soun`), after version, flags and the predefined field. */
export const track = (handler: string) =>
  box("trak", box("mdia", box("hdlr", new Uint8Array(8), text(handler), new Uint8Array(12))));
export const ftyp = box("ftyp", text("isom"), new Uint8Array(4), text("isomavc1"));
export const mdat = box("mdat", new Uint8Array(4096));
/** An .mp4 of these top-level boxes, as a picker gives it. */
export const mp4File = (...boxes: Uint8Array[]) =>
  new File(boxes as BlobPart[], "clip.mp4", { type: "video/mp4" });
