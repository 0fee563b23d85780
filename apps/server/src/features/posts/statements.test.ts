import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { factories } from "../../test/factories.js";
import {
  announcementsHeard,
  buildTestApp,
  sessionTouch,
  sqlLog,
  statementLog,
  statementsOf,
} from "../../test/helper.js";

/**
 * SQL statements per request on the post read and write paths (a signed-in member's session is kept). Each
 * bound is what the request takes now; a change that adds a statement to a hot path fails here.
 */
const { call, persona, someone, createPost, createFlick, follow, comment, photoOf, videoOf } = factories(
  await buildTestApp(),
);
const alice = await persona("alice");
const bob = await persona("bob");
const carol = await persona("carol");

let photoId = "";
let flickId = "";
beforeAll(async () => {
  await follow(bob, alice);
  for (let i = 0; i < 3; i++) {
    const photo = await createPost(alice, { caption: `#${i}` });
    photoId = photo._id;
    flickId = (await createFlick(alice))._id;
    await comment(bob, photo, "Nice");
  }
});

/** The statements a request sent, but for the session's last-active touch (`statementsOf`). */
async function statements(action: () => Promise<{ statusCode: number }>, status: number) {
  const sent = await statementsOf(async () => expect((await action()).statusCode).toBe(status));
  return sent.length;
}

/**
 * The statements `action` sent (as `statements` counts them), each with the turn of the event loop it
 * was sent in: statements sent together, none waiting for another's answer, share a turn. On PostgreSQL
 * an answer arrives in a later turn than its statement left, so a statement sent after another's answer
 * has a later turn; PGlite answers in the turn it was asked, so there every statement shares one.
 */
async function statementTurns(action: () => Promise<{ statusCode: number }>, status: number) {
  await announcementsHeard();
  let turn = 0;
  let turning = true;
  const nextTurn = () => {
    turn++;
    if (turning) setImmediate(nextTurn);
  };
  setImmediate(nextTurn);
  const sent: { statement: string; turn: number }[] = [];
  const push = sqlLog.push;
  sqlLog.push = (...statements: string[]) => {
    for (const statement of statements) sent.push({ statement, turn });
    return push.apply(sqlLog, statements);
  };
  try {
    expect((await action()).statusCode).toBe(status);
  } finally {
    sqlLog.push = push;
    turning = false;
  }
  return sent.filter(({ statement }) => !sessionTouch.test(statement));
}

describe("statements per request", () => {
  // What was changed before a test (its setup, the tests before it) is heard before the test keeps
  // anything, so that a late announcement of it cannot forget what the test then measures as kept.
  beforeEach(announcementsHeard);

  it("a feed page", async () => {
    expect(await statements(() => call(bob, "GET", "/posts?limit=20"), 200)).toBeLessThanOrEqual(FEED_PAGE);
  });

  it("a feed page after its author renamed, whose likers and comments this node keeps", async () => {
    await call(bob, "GET", "/posts?limit=20");
    // The author's new name changes their posts on the page, not the likers and comments kept.
    expect((await call(alice, "PUT", "/user", { fullName: "Alice Renamed" })).statusCode).toBe(200);
    const before = sqlLog.length;
    expect(await statements(() => call(bob, "GET", "/posts?limit=20"), 200)).toBe(FEED_PAGE_KEPT);
    expect(sqlLog.slice(before).join("\n")).not.toMatch(/newest_of_author/);
  });

  it("a feed page this node keeps whole, and a post", async () => {
    await call(bob, "GET", "/posts?limit=20");
    expect(await statements(() => call(bob, "GET", "/posts?limit=20"), 200)).toBe(0);
    await call(bob, "GET", `/posts/${photoId}`);
    expect(await statements(() => call(bob, "GET", `/posts/${photoId}`), 200)).toBe(0);
  });

  it("a feed page after another member liked a post on it, kept but for that post", async () => {
    await call(bob, "GET", "/posts?limit=20");
    expect((await call(carol, "POST", `/posts/${photoId}/like`)).statusCode).toBe(200);
    const before = sqlLog.length;
    expect(await statements(() => call(bob, "GET", "/posts?limit=20"), 200)).toBe(FEED_PAGE_RENEWED);
    expect(sqlLog.slice(before).join("\n")).not.toMatch(/newest_of_author/);
  });

  it("a feed page renewed after a like asks for the post and for its likes and comments together", async () => {
    const erin = await someone("likes_once");
    await announcementsHeard();
    await call(bob, "GET", "/posts?limit=20");
    expect((await call(erin, "POST", `/posts/${photoId}/like`)).statusCode).toBe(200);
    // The like forgot the post's likes and comments on this node: they are read beside the post, not
    // after it (one round trip to the database for the renewal, not two).
    const sent = await statementTurns(() => call(bob, "GET", "/posts?limit=20"), 200);
    expect(sent).toHaveLength(FEED_PAGE_RENEWED);
    expect(new Set(sent.map(({ turn }) => turn)).size).toBe(1);
  });

  it("a feed page after a like that was already there, or an unlike of none, kept whole", async () => {
    expect((await call(carol, "POST", `/posts/${photoId}/like`)).statusCode).toBe(200);
    const dave = await someone("never_liked");
    await announcementsHeard();
    await call(bob, "GET", "/posts?limit=20");
    // Neither changes anything: the page bob keeps still holds, for bob and for every other viewer.
    expect((await call(carol, "POST", `/posts/${photoId}/like`)).statusCode).toBe(200);
    expect((await call(dave, "POST", `/posts/${photoId}/unlike`)).statusCode).toBe(200);
    expect(await statements(() => call(bob, "GET", "/posts?limit=20"), 200)).toBe(0);
    // A like taken back changes the post: the page is renewed.
    expect((await call(carol, "POST", `/posts/${photoId}/unlike`)).statusCode).toBe(200);
    expect(await statements(() => call(bob, "GET", "/posts?limit=20"), 200)).toBe(FEED_PAGE_RENEWED);
  });

  it("a feed page after a followed member posted, kept but for that member's posts", async () => {
    await call(bob, "GET", "/posts?limit=20");
    await createPost(alice);
    const before = sqlLog.length;
    expect(await statements(() => call(bob, "GET", "/posts?limit=20"), 200)).toBe(FEED_PAGE_MERGED);
    expect(sqlLog.slice(before).join("\n")).not.toMatch(/newest_of_author/);
  });

  it("a feed page after a followed member posted reads as many of their newest as they had on it and two more", async () => {
    const page: { user: { _id: string } }[] = (await call(bob, "GET", "/posts?limit=20")).json().posts;
    const theirsOnPage = page.filter((post) => post.user._id === alice.userId).length;
    await createPost(alice);
    await announcementsHeard();
    const before = statementLog.length;
    expect((await call(bob, "GET", "/posts?limit=20")).statusCode).toBe(200);
    const merges = statementLog.slice(before).filter(({ params }) => params.includes(alice.userId));
    expect(merges).toHaveLength(1);
    expect(merges[0]?.params).toContain(theirsOnPage + 2);
  });

  it("a feed page after a member shown only on the read past it renamed, kept whole", async () => {
    const [, , past] = (await call(bob, "GET", "/posts?limit=3")).json().posts;
    const dave = await someone("past_the_page");
    await comment(dave, past, "Seen");
    await announcementsHeard();
    await call(bob, "GET", "/posts?limit=2");
    // The read past the page tells only whether another page follows: its commenters are not shown.
    expect((await call(dave, "PUT", "/user", { fullName: "Dave Renamed" })).statusCode).toBe(200);
    expect(await statements(() => call(bob, "GET", "/posts?limit=2"), 200)).toBe(0);
  });

  it("a page of a post's older comments: the post with its author, and the page", async () => {
    await comment(carol, { _id: photoId }, "Lovely");
    const { nextCursor } = (await call(bob, "GET", `/posts/${photoId}/comments?limit=1`)).json();
    expect(
      await statements(
        () => call(bob, "GET", `/posts/${photoId}/comments?limit=1&cursor=${nextCursor}`),
        200,
      ),
    ).toBe(COMMENTS_PAGE);
  });

  it("a like", async () => {
    expect(await statements(() => call(bob, "POST", `/posts/${photoId}/like`), 200)).toBeLessThanOrEqual(
      LIKE,
    );
  });

  it("a flick like", async () => {
    expect(
      await statements(() => call(bob, "POST", `/flicks/${flickId}/like`, { emoji: "🔥" }), 200),
    ).toBeLessThanOrEqual(FLICK_LIKE);
  });

  it("a flick comment", async () => {
    expect(
      await statements(() => call(bob, "POST", `/flicks/${flickId}/comment`, { text: "Wow" }), 201),
    ).toBeLessThanOrEqual(FLICK_COMMENT);
  });

  it("a new post", async () => {
    const photo = { image: await photoOf(alice) };
    expect(await statements(() => call(alice, "POST", "/posts", photo), 201)).toBeLessThanOrEqual(
      POST_CREATE,
    );
  });

  it("a new flick, announced as a post and as a flick to followers read once", async () => {
    const flick = { image: await videoOf(alice), isReel: true };
    expect(await statements(() => call(alice, "POST", "/posts", flick), 201)).toBeLessThanOrEqual(
      POST_CREATE,
    );
  });
});

// Before the one read pipeline (issue 11) these were 5, 8, 8, 9 and 8; before counter columns (issue
// 12), 5, 7, 7, 8 and 5; before sessions were kept in memory and a page's likes and comments came
// with its rows (issue 12), 4, 7, 7, 7 and 4. A session is looked up once per node, then kept
// (sessions.cache.ts): each member here has used theirs already. Since posts' newest likes and comments
// are kept per node (posts.summaries-cache.ts), a page reads them only for the posts it has not kept;
// since whole pages are kept (platform/kept-answers.ts), a page nothing on it changed reads nothing, and
// one whose posts, their members or a followed member's new posts changed reads only those
// (posts.renewal.ts). Since a notification and a comment are each stored and read back in one statement,
// a like and a comment send 4 (were 6).
const FEED_PAGE = 3; // the page with each post's author and counts; its posts' newest likes and comments; whom the member follows
const FEED_PAGE_KEPT = 1; // the author's posts on it by id: the likes and comments of its posts kept from the ask before
const FEED_PAGE_RENEWED = 2; // the liked post by id and its newest likes and comments, sent together: not the page's own statement
const FEED_PAGE_MERGED = 1; // the member's newest posts (the new one has no likes or comments to read)
const COMMENTS_PAGE = 2; // the post with its author (who may read it), and the page, sent together
const LIKE = 4; // post, write, like state, and the owner's notification
const FLICK_LIKE = 4;
const FLICK_COMMENT = 3; // post, the comment with the count, the owner's notification
// who uploaded its media (this host's file must be an upload of the author's: was sent for every real
// upload before too, where the made-up addresses this test once posted sent none), write, the post with
// its author and counts, followers
const POST_CREATE = 4;
