import sharp from "sharp";

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
