// `npm run bench -- --compare before.json after.json`: every figure of two runs side by side, with
// after / before, so a change reads as "3.2× the req/s" or "0.1× the p99".
import { readFileSync } from "node:fs";
import { formatNumber, table } from "./report.mjs";
import { ratio } from "./stats.mjs";

export function compareFiles(beforeFile, afterFile, print = console.log) {
  const [before, after] = [beforeFile, afterFile].map((file) => JSON.parse(readFileSync(file, "utf8")));
  for (const [label, result] of [
    ["before", before],
    ["after", after],
  ]) {
    print(
      `${label}: ${result.code.commit} on ${result.engine} (${result.machine.cpu}, ${result.machine.cores} cores), ${result.startedAt}`,
    );
  }
  const a = new Map(metrics(before));
  const b = new Map(metrics(after));
  const labels = [...new Set([...a.keys(), ...b.keys()])];
  const rows = labels.map((label) => [
    label,
    formatNumber(a.get(label)),
    formatNumber(b.get(label)),
    ratio(b.get(label), a.get(label)),
  ]);
  print(table(["figure", "before", "after", "after / before"], rows));
}

/** Every comparable figure of a result as [label, value]. */
export function metrics(result) {
  const out = [];
  const add = (label, value) => {
    if (typeof value === "number") out.push([label, value]);
  };
  for (const call of result.calls ?? []) {
    add(`${call.name}: Flik req/s`, call.flik.rps);
    add(`${call.name}: p50 ms`, call.flik.p50);
    add(`${call.name}: p99 ms`, call.flik.p99);
    add(`${call.name}: raw req/s`, call.raw.rps);
    add(`${call.name}: Flik / raw`, call.ratio);
  }
  const share = result.feedAtShare;
  if (share) add(`feed (typical) at ${share.share * 100} % of peak: p99 ms`, share.p99);
  const mix = result.mix;
  if (mix && !mix.skipped) {
    add("feed read only: p99 ms", mix.readOnly.p99);
    add("feed under 90/10 mix: p99 ms", mix.mixed.p99);
    add("feed p99 mix / read only", mix.p99Ratio);
  }
  const chat = result.chat;
  if (chat && !chat.skipped) {
    add("chat: sign-ins per second", chat.signIn.perSecond);
    add("chat: MB RSS per 1,000 sockets", chat.memory.mbPer1000Sockets);
    for (const r of chat.rates) {
      for (const key of ["acknowledged", "ackErrors", "unanswered", "delivered", "lost", "p50", "p99"])
        add(`chat ${r.rate}/s: ${key}${key.startsWith("p") ? " ms" : ""}`, r[key]);
    }
  }
  for (const [key, label] of [
    ["freshPglite", "cold start, fresh PGlite: ms"],
    ["existingPglite", "cold start, existing PGlite: ms"],
    ["postgres", "cold start, PostgreSQL: ms"],
  ])
    add(label, result.coldStart?.[key]?.ms);
  for (const load of Object.values(result.scriptBytes ?? {})) {
    if (typeof load !== "object") continue;
    add(`script bytes ${load.path}: transferred`, load.encodedBytes);
    add(`script bytes ${load.path}: decoded`, load.decodedBytes);
  }
  return out;
}
