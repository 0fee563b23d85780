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
