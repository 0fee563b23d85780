import pLimit from "p-limit";

/**
 * Lets at most `limit` tasks run at once and refuses the next ones at once: past capacity the caller
 * hears "busy, try again" in a millisecond instead of waiting in a queue that grows without bound and
 * slows every other request down with it.
 */
export function createAdmission(limit: number) {
  let running = 0;
  return {
    async run<T>(task: () => Promise<T>, refusal: () => Error): Promise<T> {
      if (running >= limit) throw refusal();
      running += 1;
      try {
        return await task();
      } finally {
        running -= 1;
      }
    },
    get running() {
      return running;
    },
  };
}

/**
 * Runs at most `running` tasks at once, lets up to `waiting` more wait their turn, and refuses the next
 * ones at once: for work that takes a while and much memory (decoding an image), where a short wait is
 * fine but an unbounded one would hold every caller hostage to a flood.
 */
export function createWorkQueue(limits: { running: number; waiting: number }) {
  const limit = pLimit(limits.running);
  return {
    run<T>(task: () => Promise<T>, refusal: () => Error): Promise<T> {
      if (limit.activeCount + limit.pendingCount >= limits.running + limits.waiting) {
        return Promise.reject(refusal());
      }
      return limit(task);
    },
    get running() {
      return limit.activeCount;
    },
    get waiting() {
      return limit.pendingCount;
    },
  };
}
