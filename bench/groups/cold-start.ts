// Cold start: `keel --version` and a one-turn `keel -p` (over HTTP against the scripted server,
// and with --model scripted:) against `node -e 0`, all in the same run, alternated run by run.

import { type GroupContext, type GroupResult, verdict } from "../lib/group.js";
import { executableNodeFlags } from "../lib/node-flags.js";
import { oneTurnScenario } from "../lib/scenarios.js";
import { makeSandbox, runSession, type Sandbox } from "../lib/session.js";
import { median, round } from "../lib/stats.js";
import { runTimed, type TimedRun } from "../lib/timed-process.js";
import { markdownTable } from "../lib/tools-table.js";
import { coldBreakdown } from "./cold-breakdown.js";

const TARGET_WALL_S = 0.25;
const TARGET_RSS_MB = 90;

/** What the session-3 cold-start work changed, with the figures it was measured by. */
const WHAT_CHANGED = [
  "**What changed (session 3) and why.** (1) The Anthropic client sends over `node:http`/`node:https` with a keep-alive agent (src/model/anthropic/node-fetch.ts) instead of Node's fetch: fetch's first call loads undici's fetch and compiles its WebAssembly HTTP parser. (2) The client is `BaseAnthropic` plus the `Messages` resource, not the full `Anthropic` class (the SDK chunk on the `-p` path went from 1095 KB to 310 KB). (3) web-tree-sitter is imported on the first Bash command parsed, not at start. Together: 35 chunks / 3007 KB loaded → 39 / 2078 KB; a one-turn HTTP `keel -p`, medians of 9 runs alternated with the previous build on a loaded machine: CPU 790 → 530 ms, peak RSS 114 → 77 MB (`--model scripted:`, which never used fetch: CPU 450 → 460 ms, within noise, RSS 71 → 69 MB). Measured and dropped (no gain beyond noise): `z.config({ jitless: true })` before the schemas are built, and `--max-semi-space-size` 8 or 32 set at run time (where V8 ignores it: the heap is already sized; the executable now passes `--max-semi-space-size=4` on node's command line, for memory — see \"Memory\").",
  "",
  "Not yet: yaml (281 KB) is still on the `-p` path through src/session/memory/frontmatter.ts and src/config/agent-file.ts (both parse YAML synchronously; each would need `await import(\"yaml\")` on a file that has frontmatter); zod (738 KB) is needed by every tool's schema; `Headers` still loads undici's module (about 60 ms CPU, 12 MB) because the SDK builds its request headers with `new Headers()`. Wall times on a loaded machine (see the load figure above) say little; the CPU column does not depend on load as much.",
].join("\n");

interface Subject {
  label: string;
  run: () => Promise<TimedRun>;
  /** Whether §11's one-turn targets apply. */
  targeted: boolean;
}

function subjects(cli: string, sandbox: Sandbox): Subject[] {
  const plain = (args: string[]) => () =>
    runTimed({ command: process.execPath, args, cwd: sandbox.cwd, env: sandbox.env });
  const oneTurn = (transport: "http" | "scripted") => async () =>
    (await runSession({ cli, sandbox, scenario: oneTurnScenario(), transport })).timed;
  return [
    { label: "node -e 0 (baseline)", run: plain(["-e", "0"]), targeted: false },
    {
      label: "keel --version",
      run: plain([...executableNodeFlags(cli), cli, "--version"]),
      targeted: false,
    },
    { label: "keel -p, one turn, HTTP scripted server", run: oneTurn("http"), targeted: true },
    { label: "keel -p, one turn, --model scripted:", run: oneTurn("scripted"), targeted: true },
  ];
}

interface Figure {
  label: string;
  wallS: number;
  peakMB: number;
  spawnWallMs: number;
  cpuMs: number;
  wallRunsS: number[];
  peakRunsMB: number[];
  targeted: boolean;
}

function figure(subject: Subject, runs: TimedRun[]): Figure {
  const peaks = runs.map((r) => round(r.peakRssKB / 1024));
  return {
    label: subject.label,
    wallS: median(runs.map((r) => r.wallS)),
    peakMB: median(peaks),
    spawnWallMs: round(median(runs.map((r) => r.spawnWallMs))),
    cpuMs: median(runs.map((r) => r.cpuMs)),
    wallRunsS: runs.map((r) => r.wallS),
    peakRunsMB: peaks,
    targeted: subject.targeted,
  };
}

function table(figures: Figure[]): string {
  const base = figures[0]!;
  const rows = figures
    .slice(1)
    .map((f) => [
      f.label,
      `${f.wallS} s (${f.spawnWallMs} ms)`,
      `${f.cpuMs} ms`,
      `${f.peakMB} MB`,
      `${base.wallS} s (${base.spawnWallMs} ms) / ${base.cpuMs} ms / ${base.peakMB} MB`,
      `${round(f.spawnWallMs / base.spawnWallMs, 2)}× / ${round(f.peakMB / base.peakMB, 2)}×`,
      f.targeted
        ? `≤ ${TARGET_WALL_S} s ${verdict(f.wallS, TARGET_WALL_S)} · ≤ ${TARGET_RSS_MB} MB ${verdict(f.peakMB, TARGET_RSS_MB)}`
        : "—",
    ]);
  const header = [
    "Figure",
    "Wall %e (spawn→exit)",
    "CPU %U+%S",
    "Peak RSS %M",
    "node -e 0 (same run)",
    "Ratio wall / RSS",
    "Target",
  ];
  return markdownTable(header, rows);
}

/** Runs the cold-start group: the timings, then the breakdown (chunks loaded, CPU profile). */
export async function coldStart(context: GroupContext): Promise<GroupResult> {
  const sandbox = await makeSandbox();
  try {
    const list = subjects(context.cli, sandbox);
    for (const subject of list) await subject.run(); // warm the file cache once
    const runs: TimedRun[][] = list.map(() => []);
    for (let i = 0; i < context.runs; i++) {
      for (const [s, subject] of list.entries()) runs[s]!.push(await subject.run());
    }
    const figures = list.map((subject, s) => figure(subject, runs[s]!));
    const breakdown = await coldBreakdown(context);
    const markdown = [
      "## Cold start (`npm run bench -- --group cold`)",
      "",
      `Median of ${context.runs} runs, alternated with the baseline. Wall is /usr/bin/time's %e (10 ms steps), with the bench's own spawn-to-exit time in brackets; the wall ratio uses the latter.`,
      "",
      table(figures),
      "",
      WHAT_CHANGED,
      "",
      breakdown.markdown,
    ].join("\n");
    return { group: "cold", markdown, json: { figures, breakdown: breakdown.json } };
  } finally {
    await sandbox.remove();
  }
}
