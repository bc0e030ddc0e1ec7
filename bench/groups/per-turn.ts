// Per-turn overhead: sessions of 30 and 300 turns, each one Bash call of `true`; keel's share of
// a turn (stream end → next request) against the Bash tool alone, called in this process.
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { bashAloneInChild } from "../lib/bash-alone.js";
import { profilesMarkdown } from "../lib/breakdown-table.js";
import { type ProfileSummary, summariseProfiles } from "../lib/cpu-profile.js";
import { type GroupContext, type GroupResult, verdict } from "../lib/group.js";
import { bashTurnsScenario } from "../lib/scenarios.js";
import { makeSandbox, runSession } from "../lib/session.js";
import { median, round } from "../lib/stats.js";
import { markdownTable } from "../lib/tools-table.js";
import { turnGapsMs } from "../lib/turn-gaps.js";

const TARGET_MS = 5;
const LENGTHS = [30, 300] as const;
/**
 * How the scripted model sends each response: all at once (an infinitely fast model, so keel's
 * parsing of the whole stream falls after its end), or streamed, each delta 1 ms after the one
 * before, with the call's end and the message's end together at the end, as the API sends them
 * (keel parses the start of the stream while the model still writes it, as it does for real).
 */
const DELIVERIES = [
  { name: "whole response at once", deltaDelayMs: 0 },
  { name: "streamed, 1 ms a delta", deltaDelayMs: 1 },
] as const;
type Delivery = (typeof DELIVERIES)[number];

interface SessionFigures {
  turns: number;
  delivery: Delivery["name"];
  /** Median over runs of each run's median gap. */
  gapMs: number;
  /** Median over runs of (the run's median gap − the Bash tool alone, measured just before it). */
  overheadMs: number;
  overheadRunsMs: number[];
  /** Median of this length's baselines: keel's Bash tool alone, and raw `bash -c`. */
  toolMs: number;
  rawBashMs: number;
  /** Median over runs of the session's wall time divided by its turns. */
  wallPerTurnMs: number;
  gapRunsMs: number[];
  /** Median gap of the first and the last tenth of the turns (does a turn get dearer?). */
  firstTenthMs: number;
  lastTenthMs: number;
}

async function sessions(
  context: GroupContext,
  turns: number,
  delivery: Delivery,
  baselines: Baseline[],
): Promise<SessionFigures> {
  const gaps: number[] = [];
  const overheads: number[] = [];
  const own: Baseline[] = [];
  const walls: number[] = [];
  const first: number[] = [];
  const last: number[] = [];
  for (let i = 0; i < context.runs; i++) {
    // Alternated with the sessions, and each session set against the baseline just before it:
    // drift on the machine hits both.
    const baseline = await toolAlone();
    own.push(baseline);
    const sandbox = await makeSandbox();
    try {
      const scenario = bashTurnsScenario(turns, "true", delivery.deltaDelayMs);
      const run = await runSession({ cli: context.cli, sandbox, scenario, transport: "http" });
      const runGaps = turnGapsMs(run.exchanges);
      if (runGaps.length !== turns) throw new Error(`${turns} turns gave ${runGaps.length} gaps`);
      const tenth = Math.max(1, Math.floor(turns / 10));
      gaps.push(median(runGaps));
      overheads.push(median(runGaps) - baseline.toolMs);
      first.push(median(runGaps.slice(0, tenth)));
      last.push(median(runGaps.slice(-tenth)));
      walls.push(run.timed.spawnWallMs / turns);
    } finally {
      await sandbox.remove();
    }
  }
  baselines.push(...own);
  return {
    turns,
    delivery: delivery.name,
    gapMs: round(median(gaps), 2),
    overheadMs: round(median(overheads), 2),
    overheadRunsMs: overheads.map((o) => round(o, 2)),
    toolMs: round(median(own.map((b) => b.toolMs)), 2),
    rawBashMs: round(median(own.map((b) => b.rawBashMs)), 2),
    wallPerTurnMs: round(median(walls), 2),
    gapRunsMs: gaps.map((g) => round(g, 2)),
    firstTenthMs: round(median(first), 2),
    lastTenthMs: round(median(last), 2),
  };
}

// What a turn costs beyond the tool and what changed (issue 9, Session 3), kept with the table.
const NOTE = [
  "Session 3: the Bash tool makes its session folder and reads and removes its cwd report synchronously (the promise API paid four thread-pool round trips a call: 0.54 → 0.10 ms, median of 5 × 300 calls); the transcript writer already keeps one descriptor open and makes its folder once (the mkdir, open and close in the earlier profile were Bash's). Most of what was left then looked like the spawn: fork's cost grows with keel's RSS (a node process at 80/110/150 MB RSS spawns `bash -c true` in 31/36/45 ms, medians of 5 × 40 at load 18), so memory cuts are per-turn cuts too (but the baseline pays a like fork, see session 5). Later the same day, on an idle machine, with the node:http client and plain commands read without the bash grammar (both cut RSS), and node started with `--max-semi-space-size=4` as keel's executable then did.\n\nSession 4: the executable starts node without flags (a runtime cap replaces the flag, see \"Memory\"), `-p` runs from the print bundle, and the todo reminder and the tool-result budget no longer read the whole history every turn (they read it from its end, as far as they need).\n\nSession 5 (each change checked in alternated A/B runs of the built CLI; keel's CPU per turn from /proc is steadier than the gaps): the connection is kept — keel stops reading a response at `message_stop`, and cancelling the body destroyed the socket, so every turn opened a new connection; a cancelled body now reads its last bytes (at most 64 KB or 250 ms) and the socket goes back to the pool. The SDK's OpenTelemetry spans are off (set-up work on every request with no tracer registered). Deltas, block stops, stops and pings are checked by hand (property-tested equal to the schema; they are nearly every event of a stream), SSE lines are split with a regular expression, header names are checked once, a tool input is checked once, and the CLI runs zod without its JIT (its generated parsers cannot be in the code cache, so each process compiled them again and ran them cold: 30-turn sessions −0.8 ms a turn over 20 alternated runs). Tried and dropped: serialising each history block once (a WeakMap of block JSON) was slower than JSON.stringify for tool-sized blocks (1.1 vs 0.54 ms at 300 turns); V8 tiering flags set at run time (`--interrupt-budget`, `--always-sparkplug`) cost more compile time than they saved. The 30-turn figure is mostly warm-up: turn 1 takes ~29 ms and turns 2–11 ~15–17 ms before the steady ~13–14 ms, so its median sits above the 300-turn one; and on this 2-CPU machine the same build's per-run medians move by ±1 ms between runs.\n\nSession 5 also found the baseline flattering the overhead: measured in the bench process, whose memory grows with every request the proxy records, the Bash tool alone slowed from ~8 ms to 14–24 ms across the 300-turn runs (a fork costs more as the forking process grows), and each figure was a gap less the median of all batches. The baseline now runs in a fresh process before each session (peak RSS ~95 MB, about keel's own at 300 turns) and each session is set against its own baseline. On that footing keel's overhead is ~5.7–8.5 ms a turn over today's runs (the machine's speed drifted by ~15% through the day), not ~5, and the target is missed. Where it goes (window profiles of 30-turn sessions, profiled times): from the stream's end to the Bash spawn ~2 ms (decoding the tail of the stream, recording the assistant message, the call's checks and permission decision), from the command's exit to the next request ~3 ms (the result, the transcript, the context pipeline, building the request, and ~0.8 ms in the SDK's request machinery: header merging, body encoding), plus warm-up in short sessions and young-generation scavenges of 2.5–6.6 ms each while start-up objects are promoted.\n\nSession 6 found the baseline still flattering keel, by more: the fresh baseline process ran under tsx, whose loader and esbuild service make each fork dearer (its Bash tool spawned in ~6 ms against keel's ~3.9 ms). The baseline children now run bundled with esbuild in plain node, as keel does (spawn ~2.8 ms, peak RSS ~58 MB), so the figures below are keel's whole share, and larger than session 5's. Part of that share is keel's own memory: at 30 turns keel holds ~80 MB RSS (a 16 MB young generation among it) and its spawn costs ~1 ms more than the bare tool's, with ~300 more page faults a turn. Cut this session (A/B of the built CLI, main-thread CPU per turn): every common stream event is checked by hand, message_start, content_block_start and message_delta too (property-tested against the schema, and every event of the recorded streams takes the fast path); keel's stream reader takes the body's chunks from node:http directly instead of through a web ReadableStream (the SDK only asks for Response.body to watch its lifetime); the read-only check of a Bash command resolves the working folders only when the command names a path; the tool-result budget walks back only to the first group already decided. Together, against the session's start, −0.9 to −1.05 ms of gap and ~−0.9 ms of main-thread CPU a turn (two A/Bs of 30 alternated 30-turn sessions each; the machine's speed moved by ~15% between them). What is left is spread thin; the largest single part is the SDK's request machinery (~0.8 ms: header merging, body encoding), which design.md keeps (keel runs the official client). The figures below.\n\nSession 7 timed one 30-turn turn from the inside (performance marks in a temporary build, medians over 81 turns, streamed): from the tool call's content_block_stop to the spawn 1.3 ms (the call's block 0.1, the assistant message through the consumers into the transcript 0.2, the executor's entry with its concurrency check 0.15, the call's own abort controller 0.1 — node's setMaxListeners on an AbortSignal costs 11–30 µs —, input check and PreToolUse 0.1, the permission decision 0.35 with the stream's message_delta handled in between, the Bash tool's own start 0.25); from the shell's close to the next request 3.05 ms (the result 0.45, into the transcript 0.2, attachments 0.3, the loop's transition 0.15, microcompact and the compaction check 0.25, building the request 0.2, on to the SDK 0.17, the SDK from messages.create to its fetch call 0.85, keel's fetch to node:http 0.3). Code runs cold for much of a 30-turn session (in a warm loop the SDK's part takes 0.27 ms), and the largest single part is the SDK's. One cut came of it: keel encodes the request body itself (the same text as JSON.stringify) and hands it to the SDK as a JSON body, keeping the tools' JSON while their definitions are the same objects, so the SDK's body step went from 0.26 to 0.05 ms a turn (~0.1–0.15 ms net; 30-turn streamed A/B of 20 alternated runs: gap 11.93 → 11.64 ms). With the whole response at once, keel also parses the stream's head after its end (~1.1 ms of the gap), which a real model hides; so each length is now also run streamed (see above). Also measured and left: the attachment pass 0.24 ms (its time-limit controller and timer 0.04, the todo reminder 0.06, the rest a few µs a source), the Bash tool's cwd report 0.17 ms (in the baseline too).\n\nSession 8 (2026-12-01) changed nothing on the per-turn path, and the same build met the target in every row of three runs today (2.1–3.2 ms), because the machine ran everything about 2.1× faster than the day before: `node -e 0` in 24.5 ms against 48.7 ms, raw `bash -c true` in 2.1 ms against 4.6–5.4 ms, a one-turn `keel -p` in 0.11 s against 0.23 s, at like load averages (the cause, contention on the host or its clock, is outside what the VM shows). keel's share set against the tool alone did not move (1.9–2.5× today, 2.1–2.3× then), so on a day as slow as session 7's the overhead would again be ~6–7 ms: the ≤ 5 ms holds on this machine class at today's speed, not on its slow days. Nor is the speed steady within a day: at 03:10 the same machine started `node -e 0` in 130 ms (24.5 ms at 02:05), and a 30-turn streamed A/B of two builds gave gaps of ~12 ms and ~12.4 ms of keel's main-thread CPU a turn for both (4.7 ms and 4.6 ms at 02:00). Figures from different hours are not comparable; ratios measured in the same run are. Measured and left: young-generation GC in a 300-turn streamed session is 46 scavenges, 0.23 ms a turn on average (about 0.85 MB allocated a turn); the two expected ESRCH probes of a finished shell's process group (is a member left? stop whatever is) cost ~20 µs a turn once warm.",
].join("\n");

/** One batch of the baseline, in a fresh process: keel's Bash tool alone and raw `bash -c true`. */
interface Baseline {
  toolMs: number;
  rawBashMs: number;
  /** The baseline process's peak RSS (its forks cost more as it grows, as keel's do). */
  rssMB: number;
}

/** One batch of the baseline: 30 calls of each in a fresh process (see bash-alone-child.ts). */
async function toolAlone(): Promise<Baseline> {
  const sandbox = await makeSandbox();
  try {
    const report = await bashAloneInChild(sandbox.cwd, "true", 30);
    return {
      toolMs: median(report.toolMs),
      rawBashMs: median(report.rawMs),
      rssMB: round(report.rssKB / 1024, 1),
    };
  } finally {
    await sandbox.remove();
  }
}

/** CPU profiles of `runs` 300-turn sessions: where a turn's client time goes. */
async function profiled(context: GroupContext, turns: number): Promise<ProfileSummary> {
  const sandbox = await makeSandbox();
  try {
    const dir = join(sandbox.root, "profiles");
    for (let i = 0; i < context.runs; i++) {
      await runSession({
        cli: context.cli,
        sandbox,
        scenario: bashTurnsScenario(turns, "true"),
        transport: "http",
        nodeArgs: ["--cpu-prof", "--cpu-prof-dir", dir],
      });
    }
    const files = (await readdir(dir)).filter((f) => f.endsWith(".cpuprofile"));
    return await summariseProfiles(
      files.map((f) => join(dir, f)),
      15,
    );
  } finally {
    await sandbox.remove();
  }
}

/** Runs the per-turn group. */
export async function perTurn(context: GroupContext): Promise<GroupResult> {
  const baselines: Baseline[] = [];
  const figures: SessionFigures[] = [];
  for (const delivery of DELIVERIES) {
    for (const turns of LENGTHS) figures.push(await sessions(context, turns, delivery, baselines));
  }
  const rssMB = round(median(baselines.map((b) => b.rssMB)), 1);
  const longest = LENGTHS[LENGTHS.length - 1]!;
  const profile = await profiled(context, longest);
  const rows = figures.map((f) => [
    `${f.turns} turns of Bash \`true\`, ${f.delivery}`,
    `${f.gapMs} ms (first/last tenth ${f.firstTenthMs}/${f.lastTenthMs} ms; wall ${f.wallPerTurnMs} ms/turn)`,
    `${f.toolMs} ms (Bash tool alone; raw \`bash -c true\` ${f.rawBashMs} ms)`,
    `${f.overheadMs} ms (${round(f.gapMs / f.toolMs, 2)}×; runs ${f.overheadRunsMs.join(", ")})`,
    `≤ ${TARGET_MS} ms ${verdict(f.overheadMs, TARGET_MS)}`,
  ]);
  const markdown = [
    "## Per-turn overhead (`npm run bench -- --group turns`)",
    "",
    `A turn's client share is the time from the end of one main response's stream to the next main request's arrival (a recording proxy in front of the scripted server timestamps both); the median over a session's turns. The baseline is keel's Bash tool alone, 30 calls in a fresh plain node process running the tool bundled with esbuild, as keel is (peak RSS ${rssMB} MB), started right before each session; each session's overhead is its median gap less the baseline measured just before it, and the figure is the median of those over runs. Wall per turn also counts the scripted server's own time. Each length runs twice: with the whole response written at once, keel parses every event of it after the stream's end (a model that takes no time); streamed, each delta comes 1 ms after the one before and the call's content_block_stop, message_delta and message_stop come together, as the API sends them, so what falls after the stream's end is what falls after it with a real model: the tail of the stream, the tool, and the next request.`,
    "",
    markdownTable(
      [
        "Figure",
        "keel: stream end → next request",
        "Baseline (same runs)",
        "Overhead per turn",
        "Target",
      ],
      rows,
    ),
    "",
    NOTE,
    "",
    profilesMarkdown(profile, `a ${longest}-turn session (whole process, start included)`),
  ].join("\n");
  return { group: "turns", markdown, json: { baselines, sessions: figures, profile } };
}
