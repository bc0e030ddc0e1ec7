// Cold start: `keel --version` and a one-turn `keel -p` (over HTTP against the scripted server,
// and with --model scripted:) against `node -e 0`, all in the same run, alternated run by run.

import { type GroupContext, type GroupResult, verdict } from "../lib/group.js";
import { executableNodeFlags } from "../lib/node-flags.js";
import { providerTurn } from "../lib/provider-turn.js";
import { bashTurnsScenario, oneTurnScenario } from "../lib/scenarios.js";
import { makeSandbox, runSession, type Sandbox } from "../lib/session.js";
import { median, round } from "../lib/stats.js";
import { runTimed, type TimedRun } from "../lib/timed-process.js";
import { markdownTable } from "../lib/tools-table.js";
import { coldBreakdown } from "./cold-breakdown.js";

const TARGET_WALL_S = 0.25;
const TARGET_RSS_MB = 90;

/** What the session-4 cold-start work changed, with the figures it was measured by. */
const WHAT_CHANGED = [
  "**What changed (session 4) and why**, one-turn HTTP `keel -p`, this machine, idle: 0.51 s / 530 ms CPU at the start of the session.",
  "",
  '1. **The print bundle** (docs/architecture.md, "The build"): `-p` runs from `dist/print.cjs`, the CLI without its REPL as one CommonJS file, which the executable compiles through `vm.Script` with V8 cached data made at build time by a training turn. Node 20 has no compile cache for ES modules; compiling the chunks was about 90 ms of CPU. → 0.30–0.33 s.',
  "2. **No undici**: Node's `Headers`, `Response` and `FormData` globals load undici's whole bundle on first use (about 60 ms of CPU) although keel sends over node:http. node-fetch.ts builds its own `Response` (web-response.ts) with keel's `Headers` (web-headers.ts), and the SDK's modules see those names bound to keel's at build time (scripts/sdk-web-globals.mjs). → 0.30 s.",
  "3. **A CommonJS executable**: `dist/cli.js` is CommonJS (the ES-module loader and four chunk imports cost about 25 ms before anything ran); `keel --version` 88 → 56 ms.",
  "4. **No node flags**: the shebang's `--max-semi-space-size=4` made node's embedded code cache for its own modules not fit (any non-default V8 flag does), so every internal module (http, crypto, streams, …) compiled afresh: loading nine of them took 52 ms instead of 17. The young generation is now capped at run time (src/cli/young-generation.ts). → 0.22 s.",
  "5. Smaller: readline, zlib and perf_hooks load only when used; the git snapshot starts no process outside a repository and two instead of four inside one.",
  "6. **(Session 9) The shell grammar stays at V8's baseline code** (src/cli/wasm-baseline.ts): after the first command parsed with the bash grammar, V8 optimised its huge lexer on a background thread for 0.5–2 s, and Node waited for that mid-turn (its event loop had run empty) and again before exiting. A run whose Bash call needed the grammar took 1.75 s instead of 0.39 s (median of 5, alternated, slow hour; a plain run 0.33 s).",
  "7. **(2026-12-04) WebFetch's HTML libraries load on the first HTML page** (src/tools/builtin/web-fetch/page-text.ts; linkedom, Readability and turndown required from node_modules, outside the print bundle): since WebFetch landed they were in the bundle and partly ran at every start, and a one-turn run had grown to 0.18 s and 105 MB, over the 90 MB target. → 0.14 s and 82 MB (this run).",
  "",
  "Measured and dropped: a V8 startup snapshot of the whole CLI (`node --snapshot-blob`): its 19 MB blob alone took 0.16 s and 76 MB to deserialize; `z.config({ jitless: true })` (no difference over 25 alternated runs); leaving the OpenAI SDK, MCP and tree-sitter out of the print bundle (about 8 ms, within noise).",
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
  // Quotes and a redirect: the permission check parses it with the bash grammar (WebAssembly).
  const grammarCall = bashTurnsScenario(1, 'echo "$PWD" > grammar.txt');
  const withGrammar = async () =>
    (await runSession({ cli, sandbox, scenario: grammarCall, transport: "scripted" })).timed;
  return [
    { label: "node -e 0 (baseline)", run: plain(["-e", "0"]), targeted: false },
    {
      label: "keel --version",
      run: plain([...executableNodeFlags(cli), cli, "--version"]),
      targeted: false,
    },
    { label: "keel -p, one turn, HTTP scripted server", run: oneTurn("http"), targeted: true },
    { label: "keel -p, one turn, --model scripted:", run: oneTurn("scripted"), targeted: true },
    {
      label: "keel -p, a Bash call that needs the shell grammar, --model scripted:",
      run: withGrammar,
      targeted: false,
    },
    {
      label: "keel -p, one turn, first-party API, no proxy",
      run: () => providerTurn(cli, sandbox, "first-party"),
      targeted: false,
    },
    {
      label: "keel -p, one turn, CLAUDE_CODE_USE_BEDROCK=1 (SigV4), no proxy",
      run: () => providerTurn(cli, sandbox, "bedrock"),
      targeted: false,
    },
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
