// Per-turn A/B of built CLIs: sessions of Bash `true` turns against the scripted server, the
// builds alternated run by run so drift on the machine hits each alike. Prints, per build, the
// median turn gap (stream end → next request) and the CPU time of keel's main thread per turn
// (from /proc, in nanoseconds: steadier than the gaps, so smaller differences show). For deciding a change, not for
// results.md: that is `npm run bench -- --group turns`. Responses come whole, at once, unless
// --delta-delay sets the model's time per delta (ms), as the per-turn group's streamed rows do.
// Usage: npm run bench:compare -- [--turns 30] [--runs 10] [--delta-delay 1] name=path/to/cli.js [name=…]
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { bashTurnsScenario } from "./lib/scenarios.js";
import { makeSandbox, runSession } from "./lib/session.js";
import { median, round } from "./lib/stats.js";
import { turnGapsMs } from "./lib/turn-gaps.js";

/**
 * The CPU time of the process's main thread so far, in ms (/proc/<pid>/schedstat counts it in
 * nanoseconds): the thread a turn waits on, without the compiler and GC helper threads.
 */
function mainThreadCpuMs(pid: number): number {
  const [onCpuNs] = readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ");
  return Number(onCpuNs) / 1e6;
}

interface BuildFigures {
  gaps: number[];
  cpuPerTurn: number[];
}

/** One session of one build: its median gap and its CPU per turn after the first request. */
async function session(
  cli: string,
  turns: number,
  deltaDelayMs: number,
): Promise<{ gap: number; cpu: number }> {
  const sandbox = await makeSandbox();
  const cpu: number[] = [];
  try {
    const run = await runSession({
      cli,
      sandbox,
      scenario: bashTurnsScenario(turns, "true", deltaDelayMs),
      transport: "http",
      onRequest: (_exchange, pid) => {
        if (pid !== undefined) cpu.push(mainThreadCpuMs(pid));
      },
    });
    // From the first request on: start-up is the cold-start bench's business.
    const spent = (cpu.at(-1) ?? 0) - (cpu[0] ?? 0);
    return { gap: median(turnGapsMs(run.exchanges)), cpu: spent / Math.max(1, cpu.length - 1) };
  } finally {
    await sandbox.remove();
  }
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: {
      turns: { type: "string", default: "30" },
      runs: { type: "string", default: "10" },
      "delta-delay": { type: "string", default: "0" },
    },
    allowPositionals: true,
  });
  const builds = positionals.map((spec) => {
    const at = spec.indexOf("=");
    if (at < 1) throw new Error(`expected name=path/to/cli.js, got ${spec}`);
    return { name: spec.slice(0, at), cli: resolve(spec.slice(at + 1)) };
  });
  if (builds.length === 0) throw new Error("name at least one build: name=path/to/cli.js");
  const turns = Number(values.turns);
  const deltaDelayMs = Number(values["delta-delay"]);
  const figures = new Map<string, BuildFigures>(
    builds.map((b) => [b.name, { gaps: [], cpuPerTurn: [] }]),
  );
  for (let run = 0; run < Number(values.runs); run++) {
    for (const build of builds) {
      const result = await session(build.cli, turns, deltaDelayMs);
      const own = figures.get(build.name)!;
      own.gaps.push(result.gap);
      own.cpuPerTurn.push(result.cpu);
    }
  }
  for (const [name, own] of figures) {
    const runs = own.gaps.map((g) => round(g, 1)).join(" ");
    console.log(
      `${name}: gap ${round(median(own.gaps), 2)} ms (runs: ${runs}); main-thread CPU ${round(median(own.cpuPerTurn), 2)} ms/turn (runs: ${own.cpuPerTurn.map((c) => round(c, 1)).join(" ")})`,
    );
  }
}

await main();
