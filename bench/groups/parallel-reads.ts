// Parallel reads: rounds of 10 Reads in one message against rounds of one Read, each of a
// distinct 20 KB file; keel's share of a round (stream end → next request), in the same run.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { GroupContext, GroupResult } from "../lib/group.js";
import { readRoundsScenario } from "../lib/scenarios.js";
import { makeSandbox, runSession } from "../lib/session.js";
import { median, round } from "../lib/stats.js";
import { markdownTable } from "../lib/tools-table.js";
import { turnGapsMs } from "../lib/turn-gaps.js";

const ROUNDS = 5;
const FILE_LINES = 400;

function fileText(n: number): string {
  return Array.from({ length: FILE_LINES }, (_, i) => `file ${n} line ${i} ${"-".repeat(32)}`).join(
    "\n",
  );
}

/** Median round time of one session of ROUNDS rounds of `perRound` Reads. */
async function roundMs(context: GroupContext, perRound: number): Promise<number> {
  const sandbox = await makeSandbox();
  try {
    const rounds = Array.from({ length: ROUNDS }, (_, r) =>
      Array.from({ length: perRound }, (_, i) => join(sandbox.cwd, `f${r}-${i}.txt`)),
    );
    await Promise.all(rounds.flat().map((path, n) => writeFile(path, fileText(n))));
    const scenario = readRoundsScenario(rounds);
    const run = await runSession({ cli: context.cli, sandbox, scenario, transport: "http" });
    const gaps = turnGapsMs(run.exchanges);
    if (gaps.length !== ROUNDS) throw new Error(`${ROUNDS} rounds gave ${gaps.length} gaps`);
    return median(gaps);
  } finally {
    await sandbox.remove();
  }
}

/** Runs the parallel-reads group. */
export async function parallelReads(context: GroupContext): Promise<GroupResult> {
  const ten: number[] = [];
  const one: number[] = [];
  for (let i = 0; i < context.runs; i++) {
    ten.push(await roundMs(context, 10));
    one.push(await roundMs(context, 1));
  }
  const tenMs = round(median(ten));
  const oneMs = round(median(one));
  const rows = [
    [
      "10 Reads in one message",
      `${tenMs} ms`,
      `${oneMs} ms (one Read)`,
      `${round(tenMs / oneMs, 2)}× (${round((tenMs - oneMs) / 9, 2)} ms per extra Read)`,
      "— (no §11 target; ≤ 2× would show they run concurrently)",
    ],
  ];
  const markdown = [
    "## Parallel reads (`npm run bench -- --group parallel`)",
    "",
    `Sessions of ${ROUNDS} rounds; each round's time is from the end of the response's stream to the next request (recording proxy), median over rounds, then over runs. Each Read is of a distinct ${FILE_LINES}-line file.`,
    "",
    markdownTable(
      ["Figure", "keel: stream end → next request", "Baseline (same run)", "Ratio", "Target"],
      rows,
    ),
  ].join("\n");
  return {
    group: "parallel",
    markdown,
    json: { tenReadsRunsMs: ten.map((v) => round(v)), oneReadRunsMs: one.map((v) => round(v)) },
  };
}
