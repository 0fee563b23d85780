// Prints a result as Markdown tables (pasteable into the README and issue notes as they are).
import { clientBound } from "./cpu.mjs";
import { overLimits, SCRIPT_LIMITS } from "./script-bytes.mjs";

export function table(headers, rows) {
  const line = (cells) =>
    `| ${cells.map((cell) => (cell === null || cell === undefined ? "–" : String(cell))).join(" | ")} |`;
  return [line(headers), line(headers.map(() => "---")), ...rows.map(line)].join("\n");
}

export function formatNumber(value) {
  if (value === null || value === undefined) return null;
  if (typeof value !== "number") return value;
  return Math.abs(value) >= 1000 ? Math.round(value).toLocaleString("en-US") : String(value);
}

function ms(value) {
  return value === null || value === undefined ? null : `${formatNumber(value)} ms`;
}

export function printResult(result, print = console.log) {
  const { machine, code, subjects } = result;
  print(
    `\nFlik ${code.commit} on ${result.engine}, ${subjects.scale !== undefined ? `scale ${subjects.scale}` : "seed"} (${countsLine(subjects.counts)})`,
  );
  print(
    `${machine.cpu}, ${machine.cores} cores, ${machine.memoryGb} GB, Node ${machine.node}${machine.postgres ? `, PostgreSQL ${machine.postgres}` : ""}; ${result.pinning}`,
  );
  print(
    `${result.settings.connections} connections, ${result.settings.rounds} interleaved rounds of ${result.settings.seconds} s, medians\n`,
  );
  if (result.calls?.length) printCalls(result.calls, result.pinned, print);
  if (result.feedAtShare) printFeedAtShare(result.feedAtShare, print);
  if (result.mix) printMix(result.mix, print);
  if (result.chat) printChat(result.chat, print);
  if (result.coldStart) printColdStart(result.coldStart, print);
  if (result.scriptBytes) printScriptBytes(result.scriptBytes, print);
  if (result.profileGrid) printProfileGrid(result.profileGrid, print);
  if (result.transcodeLoad) printTranscodeLoad(result.transcodeLoad, print);
  if (result.soak) printSoak(result.soak, print);
  printOtherLoad(result, print);
}

/** The most CPU other processes took during any measurement of each section, in cores. */
export function otherLoad(result) {
  const most = (values) => Math.max(0, ...values.filter((value) => Number.isFinite(value)));
  const rounds = (call) => [...call.flik.rounds, ...call.raw.rounds];
  const cold = Object.values(result.coldStart ?? {}).map((entry) => entry.otherCores);
  return {
    calls: most((result.calls ?? []).flatMap(rounds).map((r) => r.otherCores)),
    peak60: most([result.feedAtShare?.otherCores]),
    mix: most(
      [...Object.values(result.mix?.rounds ?? {}), ...Object.values(result.mix?.atRate?.rounds ?? {})]
        .flat()
        .map((r) => r.otherCores),
    ),
    chat: most((result.chat?.rates ?? []).map((r) => r.otherCores)),
    cold: most(cold),
    soak: most([result.soak?.otherCores]),
  };
}

/** Other work on the machine during a measurement makes it noisy; say so beside the figures. */
function printOtherLoad(result, print) {
  const busy = Object.entries(otherLoad(result)).filter(([, cores]) => cores >= 0.05);
  if (busy.length === 0) return;
  print(
    `\nMost CPU other processes took during one measurement (cores): ${busy.map(([section, cores]) => `${section} ${cores}`).join(", ")}`,
  );
}

function countsLine(counts = {}) {
  return Object.entries(counts)
    .map(([name, value]) => `${formatNumber(value)} ${name}`)
    .join(", ");
}

function printCalls(calls, pinned, print) {
  // † marks a figure the load generator's core capped: the server had room for more.
  const capped = (side) => (pinned && clientBound(side.cpuBusy) ? " †" : "");
  const rows = calls.map((call) => [
    `${call.name} \`${call.method} ${shorten(call.path)}\``,
    `${formatNumber(call.flik.rps)}${capped(call.flik)}`,
    ms(call.flik.p50),
    ms(call.flik.p99),
    `${formatNumber(call.raw.rps)}${capped(call.raw)}`,
    call.ratio,
    answerCell(call),
  ]);
  print(table(["call", "Flik req/s", "p50", "p99", "raw req/s", "ratio", "answer"], rows));
  if (rows.some((row) => row[1].endsWith("†") || row[4].endsWith("†")))
    print("† the load generator's core was full and the server's was not: the server could do more");
}

/** Ids and cursors say nothing in a table; the JSON keeps the full path. */
function shorten(path) {
  return path
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "{id}")
    .replace(/cursor=[^&]+/, "cursor=…");
}

function answerCell(call) {
  const bytes = `${formatNumber(call.bytes)} B`;
  if (call.status === 200 && call.flik.non2xx === 0 && call.flik.errors === 0) return bytes;
  return `${bytes}, status ${call.status}, ${call.flik.non2xx} non-2xx, ${call.flik.errors} errors`;
}

function printFeedAtShare(share, print) {
  print(
    `\nFeed (typical) at ${share.share * 100} % of its peak: ${formatNumber(share.offeredRps)} req/s offered, ${formatNumber(share.rps)} served, p50 ${ms(share.p50)}, p99 ${ms(share.p99)}`,
  );
}

function printMix(mix, print) {
  if (mix.skipped) return print(`\nFeed under writes: skipped (${mix.skipped})`);
  print(
    `\nFeed (typical) with ${mix.writeShare * 100} % writes by ${mix.writers} followed members (like, comment, unlike, new post):`,
  );
  printMixLoops(mix, "", print);
  const { atRate } = mix;
  // Results saved before the fixed-rate loops were measured have none.
  if (!atRate) return;
  print(
    `\nThe same at a fixed ${formatNumber(atRate.rate)} req/s (${atRate.share * 100} % of the mix's peak), both loops:`,
  );
  printMixLoops(atRate, `, at ${formatNumber(atRate.rate)} req/s`, print);
  // Results saved before stop 50 have no core figures.
  if (atRate.core)
    print(
      `the server's core (CPU 0) per read ${ms(atRate.core.readMs)}, per write ${ms(atRate.core.writeMs)}; the writes held it ${Math.round(atRate.core.writeShareOfCore * 100)} % of the time`,
    );
}

/** The read-only and the mixed loop side by side, and the ratio of their feed p99s. */
function printMixLoops({ readOnly, mixed, p99Ratio }, where, print) {
  print(
    table(
      ["", "req/s", "feed p50", "feed p99", "write p50", "write p99"],
      [
        ["read only", formatNumber(readOnly.rps), ms(readOnly.p50), ms(readOnly.p99), null, null],
        [
          "90 / 10 mix",
          formatNumber(mixed.rps),
          ms(mixed.p50),
          ms(mixed.p99),
          ms(mixed.writeP50),
          ms(mixed.writeP99),
        ],
      ],
    ),
  );
  const failed = mixed.failures ? ` (${mixed.failures} failed requests)` : "";
  print(`feed p99 under the mix / read only${where}: ${p99Ratio}${failed}`);
}

function printChat(chat, print) {
  if (chat.skipped) return print(`\nChat delivery: skipped (${chat.skipped})`);
  const s = chat.signIn;
  print(
    `\nChat: ${chat.sockets} sockets in ${chat.chats} direct chats. Sign-in of ${s.members} members (${s.concurrency} at a time): ${s.seconds} s, ${s.perSecond}/s, p50 ${ms(s.p50Ms)}; sockets connected in ${chat.connectSeconds} s`,
  );
  print(
    `Server RSS ${chat.memory.rssBeforeMb} MB → ${chat.memory.rssAfterMb} MB: ${chat.memory.mbPer1000Sockets} MB per 1,000 sockets`,
  );
  const rows = chat.rates.map((r) => [
    `${formatNumber(r.rate)}/s for ${r.seconds} s`,
    formatNumber(r.sent),
    formatNumber(r.acknowledged),
    formatNumber(r.ackErrors),
    formatNumber(r.unanswered),
    formatNumber(r.delivered),
    formatNumber(r.lost),
    ms(r.p50),
    ms(r.p99),
  ]);
  print(
    table(["rate", "sent", "acked", "ack errors", "unanswered", "delivered", "lost", "p50", "p99"], rows),
  );
  for (const r of chat.rates) {
    const errors = Object.entries(r.ackErrorMessages ?? {});
    if (errors.length)
      print(`  ${r.rate}/s ack errors: ${errors.map(([message, n]) => `${n} × "${message}"`).join(", ")}`);
    if (r.stalls) print(`  ${r.rate}/s, max delivery ${ms(r.max)}: ${describeStalls(r.stalls)}`);
  }
}

/** What a chat rate's stalls were outside the database (chat.mjs `watchStalls`), in one line. */
export function describeStalls(stalls) {
  const server = stalls.serverLoop
    ? `server event loop p99 ${ms(stalls.serverLoop.p99)}, max ${ms(stalls.serverLoop.max)}; GC max ${ms(stalls.serverGc.maxMs)}; `
    : "";
  return `${server}load generator's event loop max ${ms(stalls.loadGeneratorLoop.max)}`;
}

function printColdStart(cold, print) {
  const cell = (entry) => (entry.skipped ? `skipped: ${entry.skipped}` : ms(entry.ms));
  print(`\nCold start to a 200 from /api/health (median of runs):`);
  print(
    table(
      ["fresh PGlite", "existing PGlite (seeded)", "PostgreSQL"],
      [[cell(cold.freshPglite), cell(cold.existingPglite), cell(cold.postgres)]],
    ),
  );
}

function printScriptBytes(bytes, print) {
  if (bytes.skipped) return print(`\nFirst-load script: skipped (${bytes.skipped})`);
  print(`\nFirst-load script (Chromium network log, empty cache):`);
  const rows = Object.entries(bytes).map(([page, load]) => [
    `${load.path}${load.landedOn !== load.path ? ` (landed on ${load.landedOn})` : ""}`,
    load.files,
    formatNumber(load.encodedBytes),
    formatNumber(load.decodedBytes),
    SCRIPT_LIMITS[page] ? formatNumber(SCRIPT_LIMITS[page]) : "",
    load.apiReads ?? "",
    load.readTwice?.join(", ") || "none",
  ]);
  print(
    table(
      [
        "page",
        "scripts",
        "transferred bytes",
        "decoded bytes",
        "limit (transferred)",
        "API reads",
        "read twice",
      ],
      rows,
    ),
  );
  for (const problem of overLimits(bytes)) print(`OVER THE LIMIT: ${problem}`);
}

function printProfileGrid(grid, print) {
  if (grid.skipped) return print(`\nProfile grid photos: skipped (${grid.skipped})`);
  print(
    `\nA phone's profile grid of ${grid.photos} photos of ${grid.photoSize} (${formatNumber(grid.averagePhotoBytes)} bytes each as taken; upload p50 ${grid.uploadMs.median} ms):`,
  );
  const rows = Object.entries(grid.densities).map(([density, load]) => [
    `${grid.viewport} at ${density}`,
    load.files,
    formatNumber(load.bytes),
    formatNumber(Math.round(load.bytes / Math.max(1, load.files))),
  ]);
  print(table(["screen", "images", "transferred bytes", "per image"], rows));
}

function printTranscodeLoad(load, print) {
  print(
    `\nThe feed at ${load.rate} req/s while a ${formatNumber(load.videoBytes)}-byte video transcodes (transcoded in ${load.transcodeSeconds} s, ${load.outcome}):`,
  );
  const rows = [
    ["idle", load.idle.p50, load.idle.p99, load.idle.max, load.idle.non2xx],
    [
      "while transcoding",
      load.whileTranscoding.p50,
      load.whileTranscoding.p99,
      load.whileTranscoding.max,
      load.whileTranscoding.non2xx,
    ],
  ];
  print(table(["feed", "p50 ms", "p99 ms", "max ms", "non-2xx"], rows));
}

function printSoak(soak, print) {
  const { messages, health, eventLoop } = soak;
  print(
    `\nStall soak: ${soak.members} members in ${soak.chats} direct chats, ${soak.rate} messages/s for ${soak.seconds} s, /api/health 10 times a second:`,
  );
  print(
    table(
      ["figure", "p50", "p99", "max"],
      [
        [
          `message delivery (${formatNumber(messages.delivered)} of ${formatNumber(messages.sent)}, lost ${messages.lost})`,
          ms(messages.p50),
          ms(messages.p99),
          ms(messages.max),
        ],
        [`/api/health (${health.failed} failed)`, ms(health.p50), ms(health.p99), ms(health.max)],
        ["event-loop delay (monitorEventLoopDelay)", ms(eventLoop.p50), ms(eventLoop.p99), ms(eventLoop.max)],
      ],
    ),
  );
  const stalls = eventLoop.worstPerSecond.filter((worst) => worst > 50).length;
  print(
    `Seconds with a stall over 50 ms: ${stalls} of ${eventLoop.worstPerSecond.length}; GC: ${eventLoop.gc.count} pauses, ${eventLoop.gc.totalMs} ms in all, longest ${eventLoop.gc.maxMs} ms; RSS ${soak.rssStartMb} → ${soak.rssEndMb} MB`,
  );
}
