import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";

/** The channel the database's triggers announce changes on (migration 0007). */
export const CHANGES_CHANNEL = "flik_changes";

/** How long a lost listening connection waits before it connects again. */
const RECONNECT_MS = 1000;

/**
 * What a node hears of committed changes that make what it keeps in memory wrong: the database's own
 * triggers announce them (LISTEN/NOTIFY), so they reach every node, whichever node or tool made them.
 */
export interface ChangeAnnouncements {
  /**
   * Hears each announcement ("session:<id>", "member:<id>"), and `null` when some may have been missed
   * (the listening connection was lost or made again): a listener then forgets everything it keeps.
   */
  subscribe(listener: (announcement: string | null) => void): () => void;
  /** False while announcements may be missed: nothing kept may be trusted meanwhile. */
  readonly live: boolean;
  close(): Promise<void>;
}

function listenerSet() {
  const listeners = new Set<(announcement: string | null) => void>();
  return {
    subscribe(listener: (announcement: string | null) => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    tell(announcement: string | null) {
      for (const listener of listeners) listener(announcement);
    },
  };
}

/** The embedded database announces in-process. */
export async function listenOnPglite(client: PGlite): Promise<ChangeAnnouncements> {
  const { subscribe, tell } = listenerSet();
  const unlisten = await client.listen(CHANGES_CHANNEL, (payload) => tell(payload));
  return {
    subscribe,
    get live() {
      return !client.closed;
    },
    close: async () => {
      if (!client.closed) await unlisten();
    },
  };
}

/**
 * PostgreSQL announces on one connection of its own per node, outside the pool (a pooled connection
 * is lent to queries and would miss what arrives meanwhile). A lost connection makes the node stop
 * trusting what it keeps until a new one listens again, retried every RECONNECT_MS.
 */
export async function listenOnPostgres(
  connectionString: string,
  onError: (error: Error) => void,
): Promise<ChangeAnnouncements> {
  const { Client } = (await import("pg")).default;
  const { subscribe, tell } = listenerSet();
  let listening: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const ended = new WeakSet<pg.Client>();
  const lost = (client: pg.Client, error?: Error) => {
    // A failing client may report twice (an error, then its end): it is lost once.
    if (ended.has(client)) return;
    ended.add(client);
    client.removeAllListeners();
    client.on("error", () => {}); // a broken client may still report while it ends
    client.end().catch(() => {});
    if (closed) return;
    if (client === listening) {
      listening = undefined;
      tell(null);
    }
    if (error) onError(error);
    retry ??= setTimeout(() => {
      retry = undefined;
      void connect();
    }, RECONNECT_MS).unref();
  };

  async function connect() {
    const client = new Client({ connectionString });
    client.on("notification", ({ channel, payload }) => {
      if (channel === CHANGES_CHANNEL && payload) tell(payload);
    });
    client.on("error", (error) => lost(client, error));
    client.on("end", () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (error) {
      lost(client, error as Error);
      return;
    }
    if (closed) {
      await client.end();
      return;
    }
    listening = client;
    // Whatever was kept while no connection listened may have missed an announcement.
    tell(null);
  }

  await connect();
  return {
    subscribe,
    get live() {
      return listening !== undefined;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = listening;
      listening = undefined;
      if (client) {
        client.removeAllListeners();
        client.on("error", () => {});
        await client.end().catch(() => {});
      }
    },
  };
}
