import type { AddressInfo } from "node:net";

/** An address the server listens on, as a URL a person can open (IPv6 in brackets); a socket path as is. */
export function addressUrl(bound: AddressInfo | string) {
  if (typeof bound === "string") return bound;
  const { address, family, port } = bound;
  const host = family === "IPv6" || address.includes(":") ? `[${address}]` : address;
  const everywhere = address === "0.0.0.0" || address === "::" ? " (every interface)" : "";
  return `http://${host}:${port}${everywhere}`;
}

/**
 * The start's last line: the addresses actually bound (HOST=localhost may be 127.0.0.1, ::1 or both;
 * PORT=0 a free port), and the public address when PUBLIC_URL names one.
 */
export function readyMessage(addresses: Array<AddressInfo | string>, publicUrl: string | undefined) {
  const urls = addresses.map(addressUrl);
  const listening = urls.length > 1 ? `${urls.slice(0, -1).join(", ")} and ${urls.at(-1)}` : urls[0];
  return `Flik is ready on ${listening}${publicUrl ? `; people reach it at ${publicUrl}` : ""}`;
}
