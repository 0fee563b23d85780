import { BlockList, isIPv4 } from "node:net";
import { UAParser } from "ua-parser-js";
import { isLoopback } from "../../platform/addresses.js";

export interface ClientInfo {
  device: string;
  browser: string;
  location: string;
}

const privateRanges = new BlockList();
for (const [network, prefix] of [
  ["10.0.0.0", 8],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
  ["100.64.0.0", 10],
] as const) {
  privateRanges.addSubnet(network, prefix, "ipv4");
}
privateRanges.addSubnet("fc00::", 7, "ipv6");
privateRanges.addSubnet("fe80::", 10, "ipv6");

/**
 * Where a session signed in from. Flik ships no geolocation database, so the label names the network
 * and a masked address rather than a city it would have to guess.
 */
export function describeLocation(ip: string): string {
  if (isLoopback(ip)) return "This computer";
  const address = ip.replace(/^::ffff:/, "");
  const family = isIPv4(address) ? "ipv4" : "ipv6";
  if (privateRanges.check(address, family)) return "Local network";
  if (family === "ipv4") return `Internet (${address.split(".").slice(0, 3).join(".")}.x)`;
  return `Internet (${address.split(":").slice(0, 3).join(":")}::)`;
}

/** Device, browser and location of a session, as shown on the settings' session list. */
export function describeClient(userAgent: string | undefined, ip: string): ClientInfo {
  const { browser, os, device } = new UAParser(userAgent ?? "").getResult();
  const system = [os.name, os.version].filter(Boolean).join(" ");
  const model = [device.vendor, device.model].filter(Boolean).join(" ");
  return {
    device: model && system ? `${model} (${system})` : model || system || "Unknown device",
    browser: [browser.name, browser.major].filter(Boolean).join(" ") || "Unknown browser",
    location: describeLocation(ip),
  };
}
