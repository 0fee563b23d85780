// npm run bench: Flik on a seeded community (npm run seed), each read call side by side with raw
// node:http serving the same bytes, the feed under writes, chat delivery over 1,000 sockets, cold
// starts and first-load script bytes. Prints Markdown tables and writes JSON for --compare.
// Usage: npm install && npm run build && npm run seed && npm run bench   (--help for options)
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { signIn } from "./lib/api.mjs";
import { chatDelivery } from "./lib/chat.mjs";
import { onInterrupt, pinning, stopAll, wasInterrupted } from "./lib/children.mjs";
import { coldStarts } from "./lib/cold-start.mjs";
import { compareFiles } from "./lib/compare.mjs";
import { StartError, serverMain, startFlik } from "./lib/flik-server.mjs";
import { hammer } from "./lib/load.mjs";
import { describeCode, describeMachine } from "./lib/machine.mjs";
import { profileGridBytes } from "./lib/media-bytes.mjs";
import { feedUnderWrites } from "./lib/mix.mjs";
import { readOptions } from "./lib/options.mjs";
import { printResult } from "./lib/report.mjs";
import { overLimits, scriptBytes } from "./lib/script-bytes.mjs";
import { atShareOfPeak, defineCalls, sideBySide } from "./lib/side-by-side.mjs";
import { stallSoak } from "./lib/soak.mjs";
import { benchDir, loadSubjects, prepareDataDir, UsageError } from "./lib/subjects.mjs";
import { apiWhileTranscoding } from "./lib/transcode-load.mjs";

const repoRoot = join(benchDir, "..");
const log = (line) => console.error(line);

try {
  const options = readOptions(process.argv.slice(2), repoRoot);
  if (options.help) console.log(options.help);
  else if (options.compare) compareFiles(...options.compare);
  else if (options.print) printResult(JSON.parse(readFileSync(options.print, "utf8")));
  else await bench(options);
} catch (error) {
  // Stopping the servers on Ctrl-C fails what was running; the signal handler exits and says why.
  if (wasInterrupted()) await new Promise(() => {});
  const expected = error instanceof UsageError || error instanceof StartError;
  console.error(expected ? `bench: ${error.message}` : error);
  await stopAll();
  process.exit(error instanceof UsageError ? 2 : 1);
}

async function bench(options) {
  const engine = options.databaseUrl ? "postgres" : "pglite";
  serverMain(options.serverRoot);
  const subjects = loadSubjects(engine, options.subjectsPath);
  const result = {
    startedAt: new Date().toISOString(),
    engine,
    pinned: pinning.pinned,
    pinning: pinning.note,
    machine: await describeMachine(options.databaseUrl),
    code: describeCode(options.serverRoot),
    subjects: {
      file: options.subjectsPath ?? null,
      schema: subjects.schema ?? null,
      scale: subjects.scale,
      counts: subjects.counts,
      seededAt: subjects.seededAt,
      members: subjects.members,
    },
    settings: {
      seconds: options.seconds,
      rounds: options.rounds,
      connections: options.connections,
      sections: [...options.sections],
    },
  };
  log(`Flik ${result.code.commit} on ${engine}; ${pinning.note}`);
  // What was measured before an interruption is kept, outside the results that get compared.
  const failedFile = join(benchDir, ".data", `failed-${stamp(result)}.json`);
  onInterrupt((signal) => writeResult({ ...result, error: `interrupted by ${signal}` }, [failedFile]));
  const dataDir = await prepareDataDir(engine, subjects, { inPlace: options.inPlace });
  try {
    await measureRunning(result, options, subjects, dataDir);
    await sectionRunner(result, options.sections)("soak", "soak", "stall soak", () =>
      soakOnItsOwnServer(options, subjects, dataDir),
    );
    await sectionRunner(result, options.sections)("cold", "coldStart", "cold starts", () =>
      coldStarts({
        serverRoot: options.serverRoot,
        pgliteDir: engine === "pglite" ? dataDir : null,
        databaseUrl: options.databaseUrl,
        postgresDataDir: dataDir,
        log,
      }),
    );
    await sectionRunner(result, options.sections)("media", "profileGrid", "a phone's profile grid", () =>
      profileGridBytes({ serverRoot: options.serverRoot, log }),
    );
    await sectionRunner(result, options.sections)(
      "transcode",
      "transcodeLoad",
      "the feed while a video transcodes",
      () => apiWhileTranscoding({ serverRoot: options.serverRoot, log }),
    );
  } catch (error) {
    if (wasInterrupted()) throw error;
    // Kept for a look at what was measured before the failure, outside the results that get compared.
    result.error = String(error?.stack ?? error);
    writeResult(result, [failedFile]);
    throw error;
  }
  result.finishedAt = new Date().toISOString();
  writeResult(result, [options.jsonPath ?? join(benchDir, "results", `${engine}-${stamp(result)}.json`)]);
  printResult(result);
  // The first-load budgets are a check, not only a figure: a change that exceeds them fails the run.
  const over = overLimits(result.scriptBytes);
  if (over.length > 0) {
    console.error(
      `bench: first-load script over its limit (bench/lib/script-bytes.mjs):\n  ${over.join("\n  ")}`,
    );
    process.exitCode = 1;
  }
}

/** Everything measured on one running server, which is stopped before the cold starts. */
async function measureRunning(result, options, subjects, dataDir) {
  const onRunningServer = ["calls", "peak60", "mix", "scripts", "chat"];
  if (!onRunningServer.some((section) => options.sections.has(section))) return;
  // The chat section tells a slow delivery's cause from the server's event loop (loop-probe.mjs): a
  // 10 ms timer in the server, so it is loaded only when chat is measured.
  const loopProbeFile = options.sections.has("chat") ? loopProbePath() : undefined;
  const flik = await startFlik({
    serverRoot: options.serverRoot,
    dataDir,
    databaseUrl: options.databaseUrl,
    loopProbeFile,
  });
  result.firstStartMs = Math.round(flik.startMs);
  log(`server ready in ${result.firstStartMs} ms at ${flik.base} (pid ${flik.pid})`);
  const run = sectionRunner(result, options.sections);
  try {
    const tokens = {};
    for (const role of ["typical", "heavy", "celebrity"])
      tokens[role] = (await signIn(flik.base, subjects.members[role].username, subjects.password)).token;
    const round = { seconds: options.seconds, rounds: options.rounds, log };
    const calls = (await defineCalls(flik.base, subjects, tokens)).filter((call) =>
      options.calls.has(call.id),
    );
    await run("calls", "calls", "side by side with raw node:http", async () => {
      // Filled as it goes, so an interrupted run keeps the calls it finished.
      result.calls = [];
      for (const call of calls) {
        log(`${call.name}: ${call.method} ${call.path}`);
        result.calls.push(await sideBySide(flik, call, round));
      }
      return result.calls;
    });
    await run("peak60", "feedAtShare", "feed (typical) at 60 % of its peak rate", () =>
      feedAtSixtyPercent(flik, result, tokens, options),
    );
    await run("mix", "mix", "feed under a 90/10 read/write mix", () =>
      feedUnderWrites(flik, subjects, tokens.typical, round),
    );
    const { typical } = subjects.members;
    const signedIn = { token: tokens.typical, userId: typical.id, username: typical.username };
    await run("scripts", "scriptBytes", "first-load script bytes", () => scriptBytes(flik.base, signedIn));
    await run("chat", "chat", "chat delivery", () => chatDelivery(flik, subjects, { ...options.chat, log }));
  } finally {
    await flik.stop();
    if (loopProbeFile) rmSync(loopProbeFile, { force: true });
  }
}

/** Where a server's loop probe (bench/lib/loop-probe.mjs) reports to this run. */
function loopProbePath() {
  return join(benchDir, ".data", `loop-probe-${process.pid}.json`);
}

/** The soak gets a server of its own, started with the event-loop probe and not warmed by the calls. */
async function soakOnItsOwnServer(options, subjects, dataDir) {
  const loopProbeFile = loopProbePath();
  const flik = await startFlik({
    serverRoot: options.serverRoot,
    dataDir,
    databaseUrl: options.databaseUrl,
    loopProbeFile,
  });
  try {
    return await stallSoak(flik, subjects, { ...options.soak, log });
  } finally {
    await flik.stop();
    rmSync(loopProbeFile, { force: true });
  }
}

/** Runs a section into result[key] when it is selected. */
function sectionRunner(result, sections) {
  return async (section, key, title, measure) => {
    if (!sections.has(section)) return;
    log(title);
    result[key] = await measure();
  };
}

/** Uses the feed's measured peak when the table has it, else measures the peak first. */
async function feedAtSixtyPercent(flik, result, tokens, options) {
  const feed = {
    method: "GET",
    path: "/api/posts?limit=20",
    headers: { authorization: `Bearer ${tokens.typical}` },
  };
  const measured = result.calls?.find((call) => call.id === "feed");
  const peak =
    measured?.flik.rps ?? (await hammer({ base: flik.base, call: feed, seconds: options.seconds })).rps;
  return atShareOfPeak(flik, { ...feed, name: "feed (typical)" }, peak, {
    seconds: Math.max(options.seconds, 10),
  });
}

/** 2026-11-24T0210: the minute the run started, sortable and valid in a file name. */
function stamp(result) {
  return result.startedAt.replace(/:\d\d\.\d+Z$/, "").replace(":", "");
}

function writeResult(result, files) {
  for (const file of files.filter(Boolean)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
    log(`wrote ${file}`);
  }
}
