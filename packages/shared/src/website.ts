/**
 * `address` as a browser reads a link to it (the WHATWG URL parser), when it opens an http(s) page;
 * otherwise null. The profile's website rule and the web's link both go by it, so a website the server
 * keeps is never one the profile can't show (a port over 65535, a NUL in the host).
 */
export function httpAddress(address: string): URL | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  return url.protocol === "http:" || url.protocol === "https:" ? url : null;
}
