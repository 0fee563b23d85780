// node --test scripts/: when npm start's build (build-changed.mjs) builds a part and when it does not.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, it } from "node:test";
import { fingerprint, PARTS, staleReason, writeStamp } from "./build-changed.mjs";

const part = {
  name: "web",
  inputs: ["app/src", "app/index.html", "shared/src", "package-lock.json"],
  env: /^VITE_/,
  output: "app/dist/index.html",
  stamp: "app/dist/.build-inputs",
};

const folders = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function write(base, path, content) {
  mkdirSync(dirname(join(base, path)), { recursive: true });
  writeFileSync(join(base, path), content);
}

/** A checkout with sources, built once: its output and the stamp of the inputs it was built from. */
function builtCheckout(env = {}) {
  const base = mkdtempSync(join(tmpdir(), "flik-build-changed-"));
  folders.push(base);
  write(base, "app/src/main.tsx", "render(<App />);");
  write(base, "app/src/feed/feed.tsx", "export const Feed = () => null;");
  write(base, "app/src/feed/feed.test.tsx", "it('shows the feed', () => {});");
  write(base, "app/index.html", "<div id=root></div>");
  write(base, "shared/src/rules.ts", "export const LIMIT = 150;");
  write(base, "package-lock.json", "{}");
  write(base, "app/dist/index.html", "<script src=/assets/index.js></script>");
  writeStamp(part, fingerprint(part, { base, env }), { base });
  return base;
}

describe("npm start's build", () => {
  it("builds nothing when nothing changed since the last build", () => {
    const base = builtCheckout();
    assert.equal(staleReason(part, { base, env: {} }), null);
  });

  it("builds a part whose source, shared code or locked dependencies changed", () => {
    for (const [path, content] of [
      ["app/src/feed/feed.tsx", "export const Feed = () => 'changed';"],
      ["shared/src/rules.ts", "export const LIMIT = 200;"],
      ["package-lock.json", '{"packages": {}}'],
      ["app/index.html", "<div id=app></div>"],
    ]) {
      const base = builtCheckout();
      write(base, path, content);
      assert.equal(staleReason(part, { base, env: {} }), "sources changed since its last build", path);
    }
  });

  it("builds a part when a source file is added, removed or renamed", () => {
    const added = builtCheckout();
    write(added, "app/src/feed/feed-card.tsx", "export const Card = () => null;");
    assert.notEqual(staleReason(part, { base: added, env: {} }), null);

    const removed = builtCheckout();
    rmSync(join(removed, "app/src/feed/feed.tsx"));
    assert.notEqual(staleReason(part, { base: removed, env: {} }), null);

    const renamed = builtCheckout();
    renameSync(join(renamed, "app/src/feed/feed.tsx"), join(renamed, "app/src/feed/home.tsx"));
    assert.notEqual(staleReason(part, { base: renamed, env: {} }), null);
  });

  it("builds nothing for a changed test file, or a file that is no input", () => {
    const base = builtCheckout();
    write(base, "app/src/feed/feed.test.tsx", "it('shows the feed again', () => {});");
    write(base, "README.md", "# Flik");
    assert.equal(staleReason(part, { base, env: {} }), null);
  });

  it("builds again when a setting the build reads changed, and not for others", () => {
    const base = builtCheckout({ VITE_API_BASE: "/api" });
    assert.equal(staleReason(part, { base, env: { VITE_API_BASE: "/api", PORT: "4000" } }), null);
    assert.notEqual(staleReason(part, { base, env: { VITE_API_BASE: "https://api.example" } }), null);
  });

  it("builds a part never built, or built before builds were stamped", () => {
    const base = builtCheckout();
    rmSync(join(base, part.stamp));
    assert.equal(staleReason(part, { base, env: {} }), "built before builds were stamped");
    rmSync(join(base, "app/dist"), { recursive: true });
    assert.equal(staleReason(part, { base, env: {} }), "never built");
  });

  it("covers the web app and the server, each stamped beside its own output", () => {
    assert.deepEqual(
      PARTS.map(({ name }) => name),
      ["web", "server"],
    );
    for (const each of PARTS) assert.equal(dirname(each.stamp), dirname(each.output));
  });
});
