/**
 * What a per-node cache forgot while reads were in flight. A read that started before something it read
 * was forgotten may hold what was forgotten (the change committed while the read ran), so what it read
 * must not be kept; an ask made before that forgetting may still take it. Forgettings are counted in
 * generations (`now()`), and remembered only while a read older than them is in flight.
 */
export function createForgettingLog() {
  let generation = 0;
  // Every forgetting of a key, oldest first, while a read older than it is in flight.
  const forgottenAt = new Map<string, number[]>();
  // The same forgettings in the order they happened, to drop the oldest without looking at every key.
  const history: { key: string; at: number }[] = [];
  // How many reads started at each generation are in flight.
  const readsInFlight = new Map<number, number>();

  function firstForgottenSince(startedAt: number, keys: Iterable<string>): number {
    let first = Number.POSITIVE_INFINITY;
    for (const key of [EVERYTHING, ...keys]) {
      const at = forgottenAt.get(key)?.find((time) => time > startedAt);
      if (at !== undefined && at < first) first = at;
    }
    return first;
  }

  function remember(key: string) {
    const times = forgottenAt.get(key);
    if (times) times.push(generation);
    else forgottenAt.set(key, [generation]);
    history.push({ key, at: generation });
  }

  return {
    /** `key` was forgotten now. */
    forgot(key: string) {
      generation += 1;
      if (readsInFlight.size > 0) remember(key);
    },

    /** Everything was forgotten now (announcements may have been missed). */
    cleared() {
      generation += 1;
      if (readsInFlight.size > 0) remember(EVERYTHING);
    },

    /** A read starts: the mark to ask `firstForgottenSince` with, and to hand back to `finished`. */
    started(): number {
      readsInFlight.set(generation, (readsInFlight.get(generation) ?? 0) + 1);
      return generation;
    },

    /** The mark of now: a read started at or after it saw every change forgotten before now. */
    now(): number {
      return generation;
    },

    /**
     * The mark of the first forgetting of any of `keys` (or of everything) after the read started at
     * `startedAt`, or Infinity: an ask made at a mark before it may take what the read found.
     */
    firstForgottenSince,

    /** Whether anything was cleared, or any of `keys` forgotten, after the read started at `startedAt`. */
    forgottenSince(startedAt: number, keys: Iterable<string>): boolean {
      return firstForgottenSince(startedAt, keys) !== Number.POSITIVE_INFINITY;
    },

    /** The read started at `startedAt` is over. */
    finished(startedAt: number) {
      const left = (readsInFlight.get(startedAt) ?? 1) - 1;
      if (left > 0) readsInFlight.set(startedAt, left);
      else readsInFlight.delete(startedAt);
      // Drop the forgettings every read in flight started after (all of them, when none is).
      const oldest = readsInFlight.size === 0 ? generation : Math.min(...readsInFlight.keys());
      let dropped = 0;
      for (const { key, at } of history) {
        if (at > oldest) break;
        const times = forgottenAt.get(key);
        times?.shift();
        if (times?.length === 0) forgottenAt.delete(key);
        dropped += 1;
      }
      history.splice(0, dropped);
    },
  };
}

/** Stands for a forgetting of everything among the keys. */
const EVERYTHING = "\u0000everything";

export type ForgettingLog = ReturnType<typeof createForgettingLog>;
