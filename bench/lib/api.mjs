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
 * Signs `count` members in, a few at a time: each sign-in is an argon2 hash on the server's one core, so
 * more at once only queues, and the time it takes is reported on its own, apart from chat delivery.
 * Candidates that are not members (the seed's numbering may skip some) are passed over.
 */
export async function signInMany(base, candidates, count, password, concurrency = 4) {
  const members = [];
  const times = [];
  let next = 0;
  const startedAt = performance.now();
  async function worker() {
    while (members.length < count && next < candidates.length) {
      const username = candidates[next++];
      const t0 = performance.now();
      const member = await signIn(base, username, password).catch((error) => {
        if (/: 4\d\d /.test(error.message)) return null;
        throw error;
      });
      times.push(performance.now() - t0);
      if (member && members.length < count) members.push(member);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - startedAt) / 1000;
  return {
    members,
    timing: {
      members: members.length,
      attempts: times.length,
      concurrency,
      seconds: round(seconds, 1),
      perSecond: round(times.length / seconds, 1),
      p50Ms: round(percentile(times, 0.5)),
      p99Ms: round(percentile(times, 0.99)),
    },
  };
}

/** The named subjects, then the seed's numbered members (member00000, member00001, …). */
export function memberNames(subjects, count) {
  const named = Object.values(subjects.members).map((member) => member.username);
  const numbered = Array.from(
    { length: count + 10 },
    (_, index) => `member${String(index).padStart(5, "0")}`,
  );
  return [...named, ...numbered];
}
