/**
 * When each room last had an event sent to it, for the last `windowMs` at least: what lets a client that
 * read its screens while its socket was connecting know whether it missed anything (spec: at most once)
 * without reading them all again. Two generations of marks are kept; the older is dropped as a new one
 * starts, so the memory is that of the rooms spoken to in at most two windows.
 */
export interface QuietRooms {
  /** An event went to these rooms (none named: to every socket). */
  heard(rooms: Iterable<string>): void;
  /**
   * For how many milliseconds none of these rooms (nor everyone) has had an event, as far as this node
   * has seen: at most the time it has been listening, and at most `windowMs`.
   */
  quietFor(rooms: Iterable<string>): number;
}

export function createQuietRooms({
  windowMs,
  now = () => performance.now(),
}: {
  windowMs: number;
  now?: () => number;
}): QuietRooms {
  const listeningSince = now();
  let current = new Map<string, number>();
  let previous = new Map<string, number>();
  let generationStarted = listeningSince;
  let everyoneLastHeard = Number.NEGATIVE_INFINITY;

  // Past a window, the newest mark of a room is in `current` or `previous`: a mark older than both
  // generations is older than a window, which `quietFor` never answers beyond.
  const rotate = (at: number) => {
    if (at - generationStarted < windowMs) return;
    previous = current;
    current = new Map();
    generationStarted = at;
  };

  return {
    heard(rooms) {
      const at = now();
      rotate(at);
      let any = false;
      for (const room of rooms) {
        current.set(room, at);
        any = true;
      }
      if (!any) everyoneLastHeard = at;
    },
    quietFor(rooms) {
      const at = now();
      rotate(at);
      let lastHeard = Math.max(everyoneLastHeard, listeningSince);
      for (const room of rooms)
        lastHeard = Math.max(lastHeard, current.get(room) ?? previous.get(room) ?? lastHeard);
      return Math.max(0, Math.min(at - lastHeard, windowMs));
    },
  };
}
