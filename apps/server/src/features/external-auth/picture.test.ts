import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { fetchPicture, isInternalAddress } from "./picture.js";

/** A local server: `/big` is too large, `/hop` redirects to `/ok`, `/away` to https, `/never` never answers. */
const asked: string[] = [];
const server = createServer((request: IncomingMessage, response) => {
  asked.push(request.url ?? "");
  if (request.url === "/ok") response.end(Buffer.from("picture-bytes"));
  else if (request.url === "/big") response.end(Buffer.alloc(2048));
  else if (request.url === "/hop") response.writeHead(302, { location: "/ok" }).end();
  else if (request.url === "/loop") response.writeHead(302, { location: "/loop" }).end();
  else if (request.url === "/away") response.writeHead(302, { location: "ftp://example.com/x.png" }).end();
  else if (request.url !== "/never") response.writeHead(404).end();
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
afterAll(() => {
  server.closeAllConnections();
  server.close();
});
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const local = { allowHttp: true, allowInternal: true, maxBytes: 1024 };

describe("fetching a provider's picture", () => {
  it.each([
    ["127.0.0.1", true],
    ["10.1.2.3", true],
    ["169.254.169.254", true],
    ["192.168.0.10", true],
    ["::1", true],
    ["::ffff:127.0.0.1", true],
    ["fd00::1", true],
    ["93.184.216.34", false],
    ["2606:4700::1111", false],
    ["not-an-address", true],
  ])("%s is internal: %s", (address, internal) => {
    expect(isInternalAddress(address)).toBe(internal);
  });

  it("reads a picture, following a redirect", async () => {
    expect((await fetchPicture(`${base}/ok`, local))?.toString()).toBe("picture-bytes");
    expect((await fetchPicture(`${base}/hop`, local))?.toString()).toBe("picture-bytes");
  });

  it("gives up on a picture too large, missing, redirected too often or to another scheme", async () => {
    expect(await fetchPicture(`${base}/big`, local)).toBeNull();
    expect(await fetchPicture(`${base}/missing`, local)).toBeNull();
    expect(await fetchPicture(`${base}/loop`, local)).toBeNull();
    expect(await fetchPicture(`${base}/away`, local)).toBeNull();
    expect(await fetchPicture("not a url", local)).toBeNull();
  });

  it("gives up on a picture that takes too long", async () => {
    expect(await fetchPicture(`${base}/never`, { ...local, timeoutMs: 50 })).toBeNull();
  });

  it("never asks an internal address, nor over http, unless the issuer's own rules allow it", async () => {
    const before = asked.length;
    expect(await fetchPicture(`${base}/ok`, { allowHttp: true, allowInternal: false })).toBeNull();
    expect(await fetchPicture(`${base}/ok`, { allowHttp: false, allowInternal: true })).toBeNull();
    // A name that resolves to loopback is refused at the connection, not only a literal address.
    const named = `http://localhost:${(server.address() as AddressInfo).port}/ok`;
    expect(await fetchPicture(named, { allowHttp: true, allowInternal: false })).toBeNull();
    expect(asked.length).toBe(before);
  });
});
