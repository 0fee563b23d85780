/**
 * What a per-node cache forgot while reads were in flight. A read that started before something it read
 * was forgotten may hold what was forgotten (the change committed while the read ran), so what it read
 * must not be kept. A forgetting is remembered only while a read older than it is in flight.
 */
export function createForgettingLog() {
  let generation = 0;
  let clearedAt = -1;
  // Insertion order is forgetting order (a key forgotten again moves to the end).
  const forgottenAt = new Map<string, number>();
  // How many reads started at each generation are in flight.
  const readsInFlight = new Map<number, number>();

  return {
    /** `key` was forgotten now. */
    forgot(key: string) {
      generation += 1;
      if (readsInFlight.size === 0) return;
      forgottenAt.delete(key);
      forgottenAt.set(key, generation);
    },

    /** Everything was forgotten now (announcements may have been missed). */
    cleared() {
      generation += 1;
      clearedAt = generation;
    },

    /** A read starts: the mark to ask `forgottenSince` with, and to hand back to `finished`. */
    started(): number {
      readsInFlight.set(generation, (readsInFlight.get(generation) ?? 0) + 1);
      return generation;
    },

    /** The mark of now: a read started at or after it saw every change forgotten before now. */
    now(): number {
      return generation;
    },

    /** Whether anything was cleared, or any of `keys` forgotten, after the read started at `startedAt`. */
    forgottenSince(startedAt: number, keys: Iterable<string>): boolean {
      if (clearedAt > startedAt) return true;
      for (const key of keys) if ((forgottenAt.get(key) ?? -1) > startedAt) return true;
      return false;
    },

    /** The read started at `startedAt` is over. */
    finished(startedAt: number) {
      const left = (readsInFlight.get(startedAt) ?? 1) - 1;
      if (left > 0) readsInFlight.set(startedAt, left);
      else readsInFlight.delete(startedAt);
      if (readsInFlight.size === 0) {
        forgottenAt.clear();
        return;
      }
      // Drop the forgettings every read in flight started after.
      const oldest = Math.min(...readsInFlight.keys());
      for (const [key, at] of forgottenAt) {
        if (at > oldest) break;
        forgottenAt.delete(key);
      }
    },
  };
}

export type ForgettingLog = ReturnType<typeof createForgettingLog>;
