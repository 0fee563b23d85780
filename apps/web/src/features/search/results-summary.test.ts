import { describe, expect, it } from "vitest";
import { makePost } from "../../test/fixtures";
import type { SearchResults } from "./api/search.api";
import { resultsSummary } from "./results-summary";
import { bob, bobby, seaTag } from "./test/explore-fixtures";

const answer = (overrides: Partial<SearchResults>): SearchResults => ({
  members: [],
  posts: [],
  tags: [],
  next: { members: null, posts: null },
  ...overrides,
});

describe("resultsSummary", () => {
  it("counts each kind found, in the list's order, one or many, 'at least' while more are to come", () => {
    expect(
      resultsSummary(
        answer({
          members: [bob, bobby],
          posts: [makePost()],
          tags: [seaTag],
          next: { members: "m2", posts: null },
        }),
      ),
    ).toBe("at least 2 members, 1 post, 1 tag");
  });

  it("leaves out the kinds that found nothing", () => {
    expect(resultsSummary(answer({ members: [bob] }))).toBe("1 member");
  });

  it("says nothing of an answer that found nothing ('No results found' says it)", () => {
    expect(resultsSummary(answer({}))).toBeNull();
  });
});
