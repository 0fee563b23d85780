import { describe, expect, it } from "vitest";
import { fakeAnnouncements } from "../test/fake-announcements.js";
import { type AnswerRead, createKeptAnswers, type Shown } from "./kept-answers.js";

const MB = { maxBytes: 1024 * 1024 };

/** A read that answers `body` showing `shows`, counting how often it ran. */
function reader(body: string, shows: Shown[]) {
  const read = Object.assign(
    async (): Promise<AnswerRead> => {
      read.runs += 1;
      return { body, shows };
    },
    { runs: 0 },
  );
  return read;
}

/** A read held in flight until `finish` is called. */
function readInFlight(kept: ReturnType<typeof createKeptAnswers>, key: string, answer: AnswerRead) {
  let finish: () => void = () => {};
  const done = kept.through(key, async () => {
    await new Promise<void>((resolve) => {
      finish = resolve;
    });
    return answer;
  });
  return { finish: () => finish(), done };
}

describe("kept answers", () => {
  it("answer from memory until something an answer shows is announced", async () => {
    const announcements = fakeAnnouncements();
    const kept = createKeptAnswers(announcements, MB);
    const feed = reader('{"posts":[1]}', ["member:viewer", "post:p1", "member:author", "author:author"]);
    const other = reader('{"posts":[2]}', ["member:other", "post:p2"]);
    expect(await kept.through("feed:viewer", feed)).toBe('{"posts":[1]}');
    await kept.through("feed:viewer", feed);
    await kept.through("feed:other", other);
    expect(feed.runs).toBe(1);

    let runs = 1;
    for (const [announced, what] of [
      ["post:p1", "a like, a comment or an edit"],
      ["account:author", "the author's name or counts"],
      ["member:author", "the author renamed or deleted"],
      ["author:author", "a new post"],
      ["account:viewer", "whom the viewer follows or blocks"],
    ] as const) {
      announcements.announce(announced);
      await kept.through("feed:viewer", feed);
      await kept.through("feed:viewer", feed);
      runs += 1;
      expect(feed.runs, what).toBe(runs);
    }
    // Announcements of other things leave both kept.
    announcements.announce("post:p3");
    announcements.announce("session:s1");
    await kept.through("feed:other", other);
    await kept.through("feed:viewer", feed);
    expect(other.runs).toBe(1);
    expect(feed.runs).toBe(runs);
  });

  it("forget what this node changed at once, before the announcement comes back", async () => {
    const kept = createKeptAnswers(fakeAnnouncements(), MB);
    const read = reader("{}", ["post:p1"]);
    await kept.through("k", read);
    kept.forget(["post:p1"]);
    await kept.through("k", read);
    expect(read.runs).toBe(2);
  });

  it("do not keep an answer read while something it shows changed", async () => {
    const announcements = fakeAnnouncements();
    const kept = createKeptAnswers(announcements, MB);
    const slow = readInFlight(kept, "k", { body: "old", shows: ["post:p1"] });
    announcements.announce("post:p1"); // committed after the read saw the post
    slow.finish();
    expect(await slow.done).toBe("old"); // answered to the read that asked…
    const next = reader("new", ["post:p1"]);
    expect(await kept.through("k", next)).toBe("new"); // …but not kept
    expect(await kept.through("k", next)).toBe("new");
    expect(next.runs).toBe(1);
  });

  it("keep an answer read while something it does not show changed", async () => {
    const announcements = fakeAnnouncements();
    const kept = createKeptAnswers(announcements, MB);
    const slow = readInFlight(kept, "k", { body: "page", shows: ["post:p1"] });
    announcements.announce("post:p2");
    slow.finish();
    await slow.done;
    const again = reader("again", ["post:p1"]);
    expect(await kept.through("k", again)).toBe("page");
    expect(again.runs).toBe(0);
  });

  it("use nothing kept while announcements may be missed, and forget everything when they may have been", async () => {
    const announcements = fakeAnnouncements();
    const kept = createKeptAnswers(announcements, MB);
    const read = reader("{}", ["post:p1"]);
    await kept.through("k", read);
    announcements.live = false;
    await kept.through("k", read);
    expect(read.runs).toBe(2);
    announcements.live = true;
    announcements.announce(null);
    expect(kept.size).toBe(0);
    const slow = readInFlight(kept, "k", { body: "{}", shows: ["post:p1"] });
    announcements.announce(null);
    slow.finish();
    await slow.done;
    expect(kept.size).toBe(0);
  });

  it("share one read among asks made while it is in flight, when nothing it shows changed meanwhile", async () => {
    const announcements = fakeAnnouncements();
    const kept = createKeptAnswers(announcements, MB);
    const first = readInFlight(kept, "k", { body: "first", shows: ["post:p1"] });
    const before = reader("before", ["post:p1"]);
    const joined = kept.through("k", before);
    // A change the answer does not show: an ask after it still takes the read in flight.
    announcements.announce("post:p9");
    const after = reader("after", ["post:p1"]);
    const alsoJoined = kept.through("k", after);
    first.finish();
    expect(await first.done).toBe("first");
    expect(await joined).toBe("first");
    expect(await alsoJoined).toBe("first");
    expect(before.runs + after.runs).toBe(0);
  });

  it("read again for asks that joined a read when something it shows changed meanwhile, once for all of them", async () => {
    const announcements = fakeAnnouncements();
    const kept = createKeptAnswers(announcements, MB);
    const first = readInFlight(kept, "k", { body: "old", shows: ["post:p1"] });
    // The change may have committed before these asks: none may be answered with what was read before it.
    announcements.announce("post:p1");
    const again = reader("new", ["post:p1"]);
    const asks = [kept.through("k", again), kept.through("k", again), kept.through("k", again)];
    first.finish();
    expect(await first.done).toBe("old"); // answered to the ask that began it, which came before the change
    expect(await Promise.all(asks)).toEqual(["new", "new", "new"]);
    expect(again.runs).toBe(1);
    expect(await kept.through("k", again)).toBe("new"); // and that read was kept
    expect(again.runs).toBe(1);
  });

  it("answer asks that joined a read before something it shows changed with that read, and later asks with a new one", async () => {
    const announcements = fakeAnnouncements();
    const kept = createKeptAnswers(announcements, MB);
    const first = readInFlight(kept, "k", { body: "first", shows: ["post:p1"] });
    const before = reader("before", ["post:p1"]);
    const askedBefore = kept.through("k", before);
    // The change came after that ask: its answer need not hold it. An ask after it must.
    announcements.announce("post:p1");
    const after = reader("after", ["post:p1"]);
    const askedAfter = kept.through("k", after);
    first.finish();
    expect(await askedBefore).toBe("first");
    expect(await askedAfter).toBe("after");
    expect(before.runs).toBe(0);
    expect(after.runs).toBe(1);
    // What was read before the change is not kept; what was read after it is.
    expect(await kept.through("k", reader("again", ["post:p1"]))).toBe("after");
  });

  describe("asks that name their asker", () => {
    /** A read of `feed:viewer` in flight, what it shows, and a reader for any later read. */
    function feedInFlight(shows: Shown[]) {
      const announcements = fakeAnnouncements();
      const kept = createKeptAnswers(announcements, MB);
      let finish: () => void = () => {};
      const first = kept.through(
        "feed:viewer",
        async () => {
          await new Promise<void>((resolve) => {
            finish = resolve;
          });
          return { body: "first", shows };
        },
        "viewer",
      );
      return { announcements, kept, first, finish: () => finish(), again: reader("again", shows) };
    }

    it("take the read in flight when the change since it began was another member's", async () => {
      const { announcements, kept, first, finish, again } = feedInFlight(["member:viewer", "post:p1"]);
      // A like by someone else, announced or made on this node: like a read the database was already
      // answering when it committed, the read in flight need not hold it.
      announcements.announce("post:p1");
      const viewersAsk = kept.through("feed:viewer", again, "viewer");
      kept.forget(["post:p1"], "liker");
      const viewersNextAsk = kept.through("feed:viewer", again, "viewer");
      finish();
      expect(await first).toBe("first");
      expect(await viewersAsk).toBe("first");
      expect(await viewersNextAsk).toBe("first");
      expect(again.runs).toBe(0);
      // What was read before the change is not kept: the next ask, with none in flight, reads it again.
      expect(await kept.through("feed:viewer", again, "viewer")).toBe("again");
      expect(again.runs).toBe(1);
    });

    it("read again for an asker whose own change came after the read began, and only for them", async () => {
      const { kept, first, finish, again } = feedInFlight(["member:viewer", "post:p1"]);
      kept.forget(["post:p1"], "viewer"); // the viewer liked a post on their page
      const viewersAsk = kept.through("feed:viewer", again, "viewer");
      const askWithoutAsker = kept.through("feed:viewer", reader("unused", []));
      finish();
      expect(await first).toBe("first");
      expect(await viewersAsk).toBe("again");
      expect(await askWithoutAsker).toBe("again"); // joined the viewer's read: it began after every change
      expect(again.runs).toBe(1);
    });

    it("count the change of a member's account, post, notifications or chats as their own", async () => {
      for (const [announced, shown] of [
        ["account:viewer", "member:viewer"],
        ["member:viewer", "member:viewer"],
        ["blocked:viewer", "member:viewer"],
        ["author:viewer", "author:viewer"],
        ["notifications:viewer", "notifications:viewer"],
        ["chats:viewer", "chats:viewer"],
      ] as const) {
        const { announcements, kept, first, finish, again } = feedInFlight([shown, "post:p1"]);
        announcements.announce(announced);
        const viewersAsk = kept.through("feed:viewer", again, "viewer");
        finish();
        expect(await first).toBe("first");
        expect(await viewersAsk, announced).toBe("again");
      }
    });

    it("count a change of everyone's posts (a profile gone private) as every asker's own", async () => {
      const { announcements, kept, first, finish, again } = feedInFlight(["privacy:*", "post:p1"]);
      announcements.announce("privacy:someone");
      const viewersAsk = kept.through("feed:viewer", again, "viewer");
      finish();
      expect(await first).toBe("first");
      expect(await viewersAsk).toBe("again");
    });

    it("count announcements that may have been missed as every asker's own change", async () => {
      const { announcements, kept, first, finish, again } = feedInFlight(["member:viewer", "post:p1"]);
      announcements.announce(null);
      const viewersAsk = kept.through("feed:viewer", again, "viewer");
      finish();
      expect(await first).toBe("first");
      expect(await viewersAsk).toBe("again");
    });

    it("wait as strictly as for their own change once too many members' changes were held to tell", async () => {
      const { kept, first, finish, again } = feedInFlight(["member:viewer", "post:p1"]);
      kept.forget(["post:p1"], "liker");
      for (let index = 0; index < 10_000; index++) kept.forget([`post:other${index}`], `member${index}`);
      const viewersAsk = kept.through("feed:viewer", again, "viewer");
      finish();
      expect(await first).toBe("first");
      expect(await viewersAsk).toBe("again");
    });
  });

  it("pass a failed read's error to the asks that joined it", async () => {
    const announcements = fakeAnnouncements();
    const kept = createKeptAnswers(announcements, MB);
    let fail: (error: Error) => void = () => {};
    const failing = kept.through("k", () => new Promise<AnswerRead>((_, reject) => (fail = reject)));
    const joined = kept.through("k", reader("never", ["post:p1"]));
    fail(new Error("database gone"));
    await expect(failing).rejects.toThrow("database gone");
    await expect(joined).rejects.toThrow("database gone");
    const later = reader("later", ["post:p1"]);
    expect(await kept.through("k", later)).toBe("later");
  });

  it("renew what changed of an answer that can renew it, instead of reading it again", async () => {
    const announcements = fakeAnnouncements();
    const kept = createKeptAnswers(announcements, MB);
    const renewals: Shown[][] = [];
    const page = (version: number): AnswerRead => ({
      body: `page v${version}`,
      shows: ["member:viewer", "post:p1", "post:p2"],
      renewable: {
        things: ["post:p1", "post:p2"],
        renew: async (changed) => {
          renewals.push(changed);
          return page(version + 1);
        },
      },
    });
    const read = Object.assign(
      async () => {
        read.runs += 1;
        return page(0);
      },
      { runs: 0 },
    );
    expect(await kept.through("k", read)).toBe("page v0");
    announcements.announce("post:p1");
    kept.forget(["post:p2"]);
    expect(await kept.through("k", read)).toBe("page v1");
    expect(renewals).toEqual([["post:p1", "post:p2"]]);
    // The renewed answer is kept, and renews itself on the next change.
    expect(await kept.through("k", read)).toBe("page v1");
    announcements.announce("post:p2");
    expect(await kept.through("k", read)).toBe("page v2");
    expect(renewals).toEqual([["post:p1", "post:p2"], ["post:p2"]]);
    expect(read.runs).toBe(1);
    // What it cannot renew forgets it, even after a renewable change.
    announcements.announce("post:p1");
    announcements.announce("member:viewer");
    expect(await kept.through("k", read)).toBe("page v0");
    expect(read.runs).toBe(2);
    expect(renewals).toHaveLength(2);
  });

  it("index a renewed answer under what it shows now, not what it showed before", async () => {
    const announcements = fakeAnnouncements();
    const kept = createKeptAnswers(announcements, MB);
    const renewals: Shown[][] = [];
    // A page whose renewal pushes p1 off and brings p3 on, as a followed member's new post does.
    const page = (posts: string[]): AnswerRead => ({
      body: posts.join(","),
      shows: ["member:viewer", ...posts.map((post) => `post:${post}` as const)],
      renewable: {
        things: posts.map((post) => `post:${post}` as const),
        renew: async (changed) => {
          renewals.push(changed);
          return page(changed.includes("post:p2") ? ["p2", "p3"] : posts);
        },
      },
    });
    const read = Object.assign(
      async () => {
        read.runs += 1;
        return page(["p1", "p2"]);
      },
      { runs: 0 },
    );
    expect(await kept.through("k", read)).toBe("p1,p2");
    announcements.announce("post:p2");
    expect(await kept.through("k", read)).toBe("p2,p3");
    // p1 is no longer shown: its change leaves the answer as kept.
    announcements.announce("post:p1");
    kept.forget(["post:p1"]);
    expect(await kept.through("k", read)).toBe("p2,p3");
    expect(renewals).toEqual([["post:p2"]]);
    // p3 is: its change renews the answer; the viewer's, shown all along, still forgets it.
    announcements.announce("post:p3");
    expect(await kept.through("k", read)).toBe("p2,p3");
    expect(renewals).toEqual([["post:p2"], ["post:p3"]]);
    announcements.announce("account:viewer");
    expect(await kept.through("k", read)).toBe("p1,p2");
    expect(read.runs).toBe(2);
    expect(renewals).toHaveLength(2);
  });

  it("read an answer again when its renewal cannot bring the change in", async () => {
    const announcements = fakeAnnouncements();
    const kept = createKeptAnswers(announcements, MB);
    const read = Object.assign(
      async (): Promise<AnswerRead> => {
        read.runs += 1;
        return {
          body: `read ${read.runs}`,
          shows: ["post:p1"],
          renewable: { things: ["post:p1"], renew: async () => undefined },
        };
      },
      { runs: 0 },
    );
    await kept.through("k", read);
    announcements.announce("post:p1");
    expect(await kept.through("k", read)).toBe("read 2");
    expect(await kept.through("k", read)).toBe("read 2");
  });

  it("do not keep a renewal during which something it shows changed, and renew with both changes next", async () => {
    const announcements = fakeAnnouncements();
    const kept = createKeptAnswers(announcements, MB);
    const renewals: Shown[][] = [];
    let hold: Promise<void> = Promise.resolve();
    const page = (version: number): AnswerRead => ({
      body: `v${version}`,
      shows: ["post:p1", "post:p2"],
      renewable: {
        things: ["post:p1", "post:p2"],
        renew: async (changed) => {
          renewals.push(changed);
          await hold;
          return page(version + 1);
        },
      },
    });
    await kept.through("k", async () => page(0));
    announcements.announce("post:p1");
    let release: () => void = () => {};
    hold = new Promise((resolve) => (release = resolve));
    const renewing = kept.through("k", async () => page(100));
    announcements.announce("post:p2"); // committed while p1 was read again
    release();
    expect(await renewing).toBe("v1"); // answered to the ask that began it…
    hold = Promise.resolve();
    expect(await kept.through("k", async () => page(100))).toBe("v1"); // …not kept: renewed again
    expect(renewals).toEqual([["post:p1"], ["post:p1", "post:p2"]]);
    expect(await kept.through("k", async () => page(100))).toBe("v1");
    expect(renewals).toHaveLength(2);
  });

  describe("asks while a kept answer is renewed", () => {
    /**
     * `feed:viewer` kept as "v0", renewable for its posts' likes and comments; its renewals answer "v1",
     * "v2"… in the order they began, and hold until `release` once `holdNext` was called.
     */
    async function keptFeed() {
      const announcements = fakeAnnouncements();
      const kept = createKeptAnswers(announcements, MB);
      const state = { renewals: 0, release: () => {}, hold: Promise.resolve() };
      const page = (version: number): AnswerRead => ({
        body: `v${version}`,
        shows: ["member:viewer", "post:p1", "post:p2"],
        renewable: {
          things: ["post:p1", "post:p2"],
          renew: async () => {
            state.renewals += 1;
            const renewal = state.renewals;
            await state.hold;
            return page(renewal);
          },
        },
      });
      await kept.through("feed:viewer", async () => page(0), "viewer");
      const read = async () => page(100); // a whole read, which no case here needs
      const ask = () => kept.through("feed:viewer", read, "viewer");
      const holdNext = () => {
        state.hold = new Promise((resolve) => {
          state.release = resolve;
        });
      };
      return { announcements, kept, state, read, ask, holdNext };
    }

    it("answer with the kept answer when the changes being renewed were other members'", async () => {
      const { announcements, kept, state, ask, holdNext } = await keptFeed();
      announcements.announce("post:p1"); // someone's like, heard from the database
      kept.forget(["post:p2"], "commenter"); // someone's comment, made on this node
      holdNext();
      const renewing = ask();
      // While the renewal is in flight the viewer's asks take the page as it was, without waiting.
      expect(await ask()).toBe("v0");
      expect(await ask()).toBe("v0");
      state.release();
      expect(await renewing).toBe("v1");
      expect(await ask()).toBe("v1");
      expect(state.renewals).toBe(1);
    });

    it("wait for the renewal when a change being renewed was the asker's own, or the asker is unknown", async () => {
      for (const ownChange of [true, false]) {
        const { kept, state, read, ask, holdNext } = await keptFeed();
        kept.forget(["post:p1"], ownChange ? "viewer" : "liker");
        holdNext();
        const renewing = ask();
        const later = ownChange ? ask() : kept.through("feed:viewer", read); // no asker: every change counts
        state.release();
        expect(await renewing).toBe("v1");
        expect(await later, `own change ${ownChange}`).toBe("v1");
        expect(state.renewals).toBe(1);
      }
    });

    it("wait for the renewal when the asker changed something since, even on another post", async () => {
      const { kept, state, ask, holdNext } = await keptFeed();
      kept.forget(["post:p1"], "liker");
      kept.forget(["post:p2"], "viewer"); // the viewer's own like after someone else's
      holdNext();
      const renewing = ask();
      const viewersAsk = ask();
      state.release();
      expect(await renewing).toBe("v1");
      expect(await viewersAsk).toBe("v1");
    });

    it("answer with the newest answer read since, not the kept one, once a renewal was not kept", async () => {
      const { announcements, state, ask, holdNext } = await keptFeed();
      announcements.announce("post:p1");
      holdNext();
      const renewing = ask();
      announcements.announce("post:p2"); // committed while p1 was read again: the renewal is not kept
      state.release();
      expect(await renewing).toBe("v1");
      // "v1" was answered: "v0" now would show the viewer an older page than they saw.
      holdNext();
      const renewingAgain = ask();
      expect(await ask()).toBe("v1");
      state.release();
      expect(await renewingAgain).toBe("v2");
      expect(await ask()).toBe("v2");
      expect(state.renewals).toBe(2);
    });
  });

  it("read an answer whole once its age is up, however often it was renewed since", async () => {
    const announcements = fakeAnnouncements();
    const clock = { time: 5_000, now: () => clock.time };
    const kept = createKeptAnswers(announcements, { ...MB, ttlMs: 1_000, clock });
    const renewable = (body: string): AnswerRead => ({
      body,
      shows: ["post:p1"],
      renewable: { things: ["post:p1"], renew: async () => renewable(`${body}, renewed`) },
    });
    const read = Object.assign(
      async () => {
        read.runs += 1;
        return renewable(`read ${read.runs}`);
      },
      { runs: 0 },
    );
    expect(await kept.through("k", read)).toBe("read 1");
    clock.time = 5_900;
    announcements.announce("post:p1");
    expect(await kept.through("k", read)).toBe("read 1, renewed");
    expect(await kept.through("k", read)).toBe("read 1, renewed");
    // Past a thousand milliseconds after it was read, not after it was renewed.
    clock.time = 5_999;
    expect(await kept.through("k", read)).toBe("read 1, renewed");
    clock.time = 6_001;
    expect(await kept.through("k", read)).toBe("read 2");
    expect(read.runs).toBe(2);
  });

  it("count what a renewable answer holds to renew it in their bytes", async () => {
    const kept = createKeptAnswers(fakeAnnouncements(), { maxBytes: 1_000 });
    const answer = (renewable: boolean) => {
      const read = Object.assign(
        async (): Promise<AnswerRead> => {
          read.runs += 1;
          const body = "x".repeat(400);
          return renewable
            ? { body, shows: ["post:p1"], renewable: { things: ["post:p1"], renew: async () => undefined } }
            : { body, shows: ["post:p1"] };
        },
        { runs: 0 },
      );
      return read;
    };
    const plain = answer(false);
    await kept.through("plain", plain);
    await kept.through("plain", plain);
    const renewable = answer(true);
    await kept.through("renewable", renewable);
    await kept.through("renewable", renewable);
    expect([plain.runs, renewable.runs]).toEqual([1, 2]);
  });

  it("stay within their bytes, forgetting the least recently used", async () => {
    const kept = createKeptAnswers(fakeAnnouncements(), { maxBytes: 1_000, ttlMs: 60_000 });
    for (let i = 0; i < 10; i++) await kept.through(`k${i}`, reader("x".repeat(200), [`post:p${i}`]));
    expect(kept.size).toBeLessThanOrEqual(3);
    // The forgotten ones left the index: forgetting what they showed touches nothing kept.
    kept.forget(["post:p0"]);
    expect(kept.size).toBeLessThanOrEqual(3);
    // One larger than all the room is answered, not kept.
    const huge = reader("y".repeat(2_000), ["post:big"]);
    expect(await kept.through("big", huge)).toHaveLength(2_000);
    await kept.through("big", huge);
    expect(huge.runs).toBe(2);
  });
});
