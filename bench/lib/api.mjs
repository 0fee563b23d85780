// The few Flik API calls the bench makes to set its scene (sign-ins, chats), outside any measurement.
import { percentile, round } from "./stats.mjs";

export function bearer(token) {
  return { authorization: `Bearer ${token}` };
}

export async function request(base, method, path, { token, body } = {}) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body && { "content-type": "application/json" }), ...(token && bearer(token)) },
    body: body && JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

export async function signIn(base, username, password) {
  const { token, user } = await request(base, "POST", "/api/auth/signin", {
    body: { identifier: username, password },
  });
  return { token, id: user.id, username };
}

/**
 * Signs many members in a few at a time: each sign-in is an argon2 hash on the server's one core, so
 * more at once only queues, and the time it takes is reported on its own, apart from chat delivery.
 */
export async function signInMany(base, usernames, password, concurrency = 4) {
  const members = new Array(usernames.length);
  const times = [];
  let next = 0;
  const startedAt = performance.now();
  async function worker() {
    while (next < usernames.length) {
      const index = next++;
      const t0 = performance.now();
      members[index] = await signIn(base, usernames[index], password);
      times.push(performance.now() - t0);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - startedAt) / 1000;
  return {
    members,
    timing: {
      members: usernames.length,
      concurrency,
      seconds: round(seconds, 1),
      perSecond: round(usernames.length / seconds, 1),
      p50Ms: round(percentile(times, 0.5)),
      p99Ms: round(percentile(times, 0.99)),
    },
  };
}

/** Seeded members are member00000, member00001, …: the first `count` of them. */
export function memberNames(count) {
  return Array.from({ length: count }, (_, index) => `member${String(index).padStart(5, "0")}`);
}
