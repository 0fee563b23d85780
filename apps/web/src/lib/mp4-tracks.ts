/**
 * Whether an MP4 or MOV file holds a moving picture, read from its own boxes (ISO/IEC 14496-12): a
 * sound recording saved as .mp4 plays in a <video> with no picture, and the media host refuses it
 * only after the whole upload.
 */

/** A `moov` larger than this is not read (a real one is kilobytes to a few megabytes). */
const MOOV_READ_LIMIT = 32 * 1024 * 1024;
/** Top-level boxes walked before giving up: a file is ftyp, moov, mdat and a few free boxes. */
const TOP_LEVEL_BOXES_MAX = 64;

const fourCC = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));

/**
 * True when the file's `moov` has a track whose handler is `vide`, false when it has none, null when
 * it cannot be told here (no `moov` found, a broken header, a `moov` past the read limit): the host
 * judges such a file.
 */
export async function mp4HasVideoTrack(file: Blob): Promise<boolean | null> {
  let offset = 0;
  for (let box = 0; box < TOP_LEVEL_BOXES_MAX && offset + 8 <= file.size; box++) {
    const header = new Uint8Array(await file.slice(offset, offset + 16).arrayBuffer());
    const view = new DataView(header.buffer, header.byteOffset, header.byteLength);
    let size = view.getUint32(0);
    let headerSize = 8;
    if (size === 1) {
      // A 64-bit size follows the type (an `mdat` past 4 GB).
      if (header.byteLength < 16) return null;
      size = Number(view.getBigUint64(8));
      headerSize = 16;
    } else if (size === 0) {
      size = file.size - offset; // The last box, to the end of the file.
    }
    if (size < headerSize) return null;
    if (fourCC(header, 4) === "moov") {
      if (size > MOOV_READ_LIMIT) return null;
      const moov = new Uint8Array(await file.slice(offset + headerSize, offset + size).arrayBuffer());
      return hasVideoHandler(moov);
    }
    offset += size;
  }
  return null;
}

/**
 * A `hdlr` box is its type, then version and flags (4 bytes), a predefined or component type (4), then
 * the handler type: `vide` for a track of pictures (`soun` for sound, `mdir` for metadata).
 */
function hasVideoHandler(moov: Uint8Array): boolean {
  for (let at = moov.indexOf(0x68); at !== -1 && at + 16 <= moov.length; at = moov.indexOf(0x68, at + 1)) {
    if (fourCC(moov, at) === "hdlr" && fourCC(moov, at + 12) === "vide") return true;
  }
  return false;
}
