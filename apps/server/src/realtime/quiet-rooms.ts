/**
 * When each room last had an event sent to it, for the last `windowMs` at least: what lets a client that
 * read its screens while its socket was connecting know whether it missed anything (spec: at most once)
 * without reading them all again. Two generations of marks are kept; the older is dropped as a new one
 * starts, so the memory is that of the rooms spoken to in at most two windows.
 *
 * An event sent `except` some rooms (a block's: never to a member blocked either way with its actor)
 * went to no socket in them: it is no event for such an asker, whose quiet it must not end, or the
 * answer would tell them that something they were kept from happened.
 */
export interface QuietRooms {
  /** An event went to these rooms (none named: to every socket), but not to sockets in `except`. */
  heard(rooms: Iterable<string>, except?: Iterable<string>): void;
  /**
   * For how many milliseconds none of these rooms (nor everyone) has had an event that reached a socket
   * in `askerRooms`, as far as this node has seen: at most the time it has been listening, and at most
   * `windowMs`.
   */
  quietFor(rooms: Iterable<string>, askerRooms?: ReadonlySet<string>): number;
}

/** The marks of a room kept apart by what they left out; past this many, the oldest counts for all. */
const EXCEPTED_MARKS_KEPT = 8;

interface RoomMarks {
  /** When the room last had an event that left no one out. */
  all: number;
  /** The latest events that left some rooms out, oldest first. */
  excepted: { at: number; except: string[] }[];
}

export function createQuietRooms({
  windowMs,
  now = () => performance.now(),
}: {
  windowMs: number;
  now?: () => number;
}): QuietRooms {
  const listeningSince = now();
  let current = new Map<string, RoomMarks>();
  let previous = new Map<string, RoomMarks>();
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

  const mark = (room: string, at: number, except: string[]) => {
    let marks = current.get(room);
    if (!marks) {
      marks = { all: Number.NEGATIVE_INFINITY, excepted: [] };
      current.set(room, marks);
    }
    if (except.length === 0) {
      marks.all = at;
      return;
    }
    marks.excepted.push({ at, except });
    // A room this busy tells little of any one event: its oldest marks count as everyone's.
    if (marks.excepted.length > EXCEPTED_MARKS_KEPT)
      marks.all = Math.max(marks.all, marks.excepted.shift()?.at ?? 0);
  };

  const lastHeardBy = (marks: RoomMarks | undefined, askerRooms: ReadonlySet<string>) => {
    if (!marks) return Number.NEGATIVE_INFINITY;
    let last = marks.all;
    for (const { at, except } of marks.excepted)
      if (at > last && !except.some((room) => askerRooms.has(room))) last = at;
    return last;
  };

  return {
    heard(rooms, except = []) {
      const at = now();
      rotate(at);
      const leftOut = [...except];
      let any = false;
      for (const room of rooms) {
        mark(room, at, leftOut);
        any = true;
      }
      if (!any) everyoneLastHeard = at;
    },
    quietFor(rooms, askerRooms = new Set()) {
      const at = now();
      rotate(at);
      let lastHeard = Math.max(everyoneLastHeard, listeningSince);
      for (const room of rooms)
        lastHeard = Math.max(
          lastHeard,
          lastHeardBy(current.get(room), askerRooms),
          lastHeardBy(previous.get(room), askerRooms),
        );
      return Math.max(0, Math.min(at - lastHeard, windowMs));
    },
  };
}
