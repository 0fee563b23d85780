/**
 * Group commit ("smart batching"): items added while a batch is being stored wait for the next one, so
 * under load each round trip carries everything that arrived meanwhile, and an idle process answers a
 * lone item after one round trip. At most one batch runs at a time.
 *
 * Why not `dataloader`: it is made for keyed reads (a cache, one answer per key) and dispatches a new
 * batch every tick even while earlier ones are still running, so writes would go out as many small
 * concurrent statements, whose multi-row locks could deadlock each other; here a batch waits for the
 * previous one. Like DataLoader it gathers per event-loop turn: a batch starts at the end of the turn
 * in which the first item arrived (or the previous batch ended), so items added together share it.
 *
 * It does not bound how many items wait: the caller admits work (see admission.ts) so overload is
 * refused at once instead of queued.
 */
export function createBatcher<Item, Result>(options: {
  /** The most items one batch carries; the rest wait for the next. */
  maxSize: number;
  /**
   * Stores one batch and answers each item, in order: its result, or the error only it caused. A
   * rejection (the statement failed) fails every item of the batch.
   */
  store: (items: Item[]) => Promise<PromiseSettledResult<Result>[]>;
}) {
  interface Waiting {
    item: Item;
    resolve: (result: Result) => void;
    reject: (error: unknown) => void;
  }
  const waiting: Waiting[] = [];
  /** A batch is scheduled or running: new items wait for the next. */
  let busy = false;

  async function storeNext() {
    const batch = waiting.splice(0, options.maxSize);
    try {
      const outcomes = await options.store(batch.map((entry) => entry.item));
      if (outcomes.length !== batch.length)
        throw new Error(`a batch of ${batch.length} was answered with ${outcomes.length} outcomes`);
      batch.forEach((entry, i) => {
        const outcome = outcomes[i] as PromiseSettledResult<Result>;
        if (outcome.status === "fulfilled") entry.resolve(outcome.value);
        else entry.reject(outcome.reason);
      });
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    }
    if (waiting.length > 0) setImmediate(storeNext);
    else busy = false;
  }

  return {
    /** Resolves with the item's result once its batch is stored. */
    add(item: Item): Promise<Result> {
      return new Promise<Result>((resolve, reject) => {
        waiting.push({ item, resolve, reject });
        if (busy) return;
        busy = true;
        setImmediate(storeNext);
      });
    },
    /** Items waiting for a batch to start (not those being stored). */
    get waiting() {
      return waiting.length;
    },
  };
}
