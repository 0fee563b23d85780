// `npm run bench -- --compare before.json after.json`: two runs side by side, each figure with
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
    const { machine, subjects } = result;
    print(
      `${label}: Flik ${result.code.commit} on ${result.engine} scale ${subjects.scale}, ${machine.cpu} × ${machine.cores}, Node ${machine.node}, ${result.startedAt}`,
    );
  }
  print("");
  printCalls(before.calls ?? [], after.calls ?? [], print);
  const a = new Map(figures(before));
  const b = new Map(figures(after));
  const labels = [...new Set([...a.keys(), ...b.keys()])];
  print("");
  print(
    table(
      ["figure", "before", "after", "after / before"],
      labels.map((label) => [
        label,
        formatNumber(a.get(label)),
        formatNumber(b.get(label)),
        ratio(b.get(label), a.get(label)),
      ]),
    ),
  );
}

/** One row per call: req/s, p99 and the ratio to raw node, each before → after (after / before). */
function printCalls(before, after, print) {
  const byId = new Map(before.map((call) => [call.id, call]));
  const rows = after
    .filter((call) => byId.has(call.id))
    .map((call) => {
      const old = byId.get(call.id);
      return [
        call.name,
        change(old.flik.rps, call.flik.rps),
        change(old.flik.p99, call.flik.p99, " ms"),
        change(old.ratio, call.ratio),
      ];
    });
  if (rows.length) print(table(["call", "Flik req/s", "p99", "Flik / raw node"], rows));
}

function change(before, after, unit = "") {
  const times = ratio(after, before);
  return `${formatNumber(before)}${unit} → ${formatNumber(after)}${unit}${times === null ? "" : ` (${times}×)`}`;
}

/** Every figure outside the calls table, as [label, value]. */
export function figures(result) {
  const out = [];
  const add = (label, value) => {
    if (typeof value === "number") out.push([label, value]);
  };
  const share = result.feedAtShare;
  if (share) add(`feed (typical) at ${share.share * 100} % of peak: p99 ms`, share.p99);
  const mix = result.mix;
  if (mix && !mix.skipped) {
    add("feed read only: p99 ms", mix.readOnly.p99);
    add("feed under the 90/10 mix: p99 ms", mix.mixed.p99);
    add("feed p99, mix / read only", mix.p99Ratio);
    if (mix.atRate) {
      add(`mix at ${mix.atRate.share * 100} % of its peak: req/s`, mix.atRate.rate);
      add(`feed read only at that rate: p99 ms`, mix.atRate.readOnly.p99);
      add(`feed under the 90/10 mix at that rate: p99 ms`, mix.atRate.mixed.p99);
      add("feed p99 at that rate, mix / read only", mix.atRate.p99Ratio);
      add("server's core per read at that rate: ms", mix.atRate.core?.readMs);
      add("server's core per write at that rate: ms", mix.atRate.core?.writeMs);
    }
  }
  const chat = result.chat;
  if (chat && !chat.skipped) {
    add("chat: sign-ins per second", chat.signIn.perSecond);
    add("chat: MB RSS per 1,000 sockets", chat.memory.mbPer1000Sockets);
    for (const r of chat.rates) {
      for (const key of ["acknowledged", "ackErrors", "unanswered", "delivered", "lost"])
        add(`chat ${r.rate}/s: ${key}`, r[key]);
      add(`chat ${r.rate}/s: p50 ms`, r.p50);
      add(`chat ${r.rate}/s: p99 ms`, r.p99);
    }
  }
  add("cold start, fresh PGlite: ms", result.coldStart?.freshPglite?.ms);
  add("cold start, existing PGlite: ms", result.coldStart?.existingPglite?.ms);
  add("cold start, PostgreSQL: ms", result.coldStart?.postgres?.ms);
  for (const [density, load] of Object.entries(result.profileGrid?.densities ?? {}))
    add(`profile grid of 30 photos at ${density}: transferred bytes`, load.bytes);
  add("photo upload (4000x3000): p50 ms", result.profileGrid?.uploadMs?.median);
  add("feed p99 ms, idle (transcode section)", result.transcodeLoad?.idle?.p99);
  add("feed p99 ms, while a video transcodes", result.transcodeLoad?.whileTranscoding?.p99);
  add("100 MB video transcoding: s", result.transcodeLoad?.transcodeSeconds);
  for (const load of Object.values(result.scriptBytes ?? {})) {
    if (typeof load !== "object") continue;
    add(`first-load script ${load.path}: transferred bytes`, load.encodedBytes);
    add(`first-load script ${load.path}: decoded bytes`, load.decodedBytes);
    add(`first load ${load.path}: API reads`, load.apiReads);
  }
  return out;
}
