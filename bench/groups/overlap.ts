// Streaming overlap: a Bash call (`sleep 0.5`) whose block completes while a long text keeps
// streaming; the time from the stream's end to the next request, against the same response with
// the call last (the tool can only start when the stream ends) in the same run.
import { type GroupContext, type GroupResult, verdict } from "../lib/group.js";
import { overlapScenario } from "../lib/scenarios.js";
import { makeSandbox, runSession } from "../lib/session.js";
import { median, round } from "../lib/stats.js";
import { markdownTable } from "../lib/tools-table.js";
import { mainExchanges, turnGapsMs } from "../lib/turn-gaps.js";

const TARGET_MS = 300;
const COMMAND = "sleep 0.5";
const WORDS = 300;
const CHUNK_DELAY_MS = 15;

async function gapMs(
  context: GroupContext,
  toolLast: boolean,
): Promise<{ gapMs: number; streamMs: number }> {
  const sandbox = await makeSandbox();
  try {
    const scenario = overlapScenario(COMMAND, WORDS, CHUNK_DELAY_MS, toolLast);
    const run = await runSession({ cli: context.cli, sandbox, scenario, transport: "http" });
    const first = mainExchanges(run.exchanges)[0]!;
    return {
      gapMs: turnGapsMs(run.exchanges)[0]!,
      streamMs: (first.responseEndAt ?? 0) - first.requestAt,
    };
  } finally {
    await sandbox.remove();
  }
}

/** Runs the streaming-overlap group. */
export async function overlap(context: GroupContext): Promise<GroupResult> {
  const first: Array<{ gapMs: number; streamMs: number }> = [];
  const last: Array<{ gapMs: number; streamMs: number }> = [];
  for (let i = 0; i < context.runs; i++) {
    first.push(await gapMs(context, false));
    last.push(await gapMs(context, true));
  }
  const gap = round(median(first.map((r) => r.gapMs)));
  const base = round(median(last.map((r) => r.gapMs)));
  const stream = round(median(first.map((r) => r.streamMs)));
  const rows = [
    [
      `Bash \`${COMMAND}\` first, then ${WORDS} words at ${CHUNK_DELAY_MS} ms a chunk (stream ${stream} ms)`,
      `${gap} ms`,
      `${base} ms (the call last, after the same text)`,
      `${round(gap / base, 2)}×`,
      `≤ ${TARGET_MS} ms ${verdict(gap, TARGET_MS)}`,
    ],
  ];
  const markdown = [
    "## Streaming overlap (`npm run bench -- --group overlap`)",
    "",
    "The time from the end of the response's stream to the next request (recording proxy). When the tool starts as its block completes, the half-second sleep is over before the stream ends.",
    "",
    markdownTable(
      ["Figure", "keel: stream end → next request", "Baseline (same run)", "Ratio", "Target"],
      rows,
    ),
  ].join("\n");
  return { group: "overlap", markdown, json: { toolFirst: first, toolLast: last } };
}
