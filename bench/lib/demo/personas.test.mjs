// node --test bench/lib/: the demo community gives the explore screen's cards somewhere to lead.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { personas } from "./personas.mjs";

const exploreContent = readFileSync(
  new URL("../../../apps/web/src/features/search/explore-content.ts", import.meta.url),
  "utf8",
);

/** Every tag a demo post or flick carries, without its "#". */
function demoTags() {
  const tags = new Set();
  for (const { posts = [], flicks = [] } of personas) {
    for (const [, , tagField] of posts) for (const tag of tagField.split(/\s+/)) tags.add(tag.slice(1));
    for (const [, , , tagField] of flicks) for (const tag of tagField.split(/\s+/)) tags.add(tag.slice(1));
  }
  return tags;
}

describe("the demo community", () => {
  it("tags a post with each tag the explore screen's Music picks link to (no pick leads to 'Tag not found')", () => {
    const picked = [...exploreContent.matchAll(/\btag: "([^"]+)"/g)].map(([, tag]) => tag);
    assert.ok(picked.length >= 4, "the Music picks' tags were not found in explore-content.ts");
    const tags = demoTags();
    for (const tag of picked) assert.ok(tags.has(tag), `no demo post is tagged #${tag}`);
  });
});
