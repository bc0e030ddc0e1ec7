// Request size: the bytes of each main request over a long session (200 Bash calls printing 4 KB
// each) and the share of each request that repeats the previous one's prefix — byte for byte as
// sent, and in the API's cache order (tools, system, messages).
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { GroupContext, GroupResult } from "../lib/group.js";
import { cacheOrder, prefixShares } from "../lib/request-prefix.js";
import { bashTurnsScenario } from "../lib/scenarios.js";
import { makeSandbox, runSession } from "../lib/session.js";
import { median, round } from "../lib/stats.js";
import { markdownTable } from "../lib/tools-table.js";
import { mainExchanges } from "../lib/turn-gaps.js";

const TURNS = 200;

interface SessionBytes {
  bytes: number[];
  rawShares: number[];
  cacheShares: number[];
}

async function session(context: GroupContext): Promise<SessionBytes> {
  const sandbox = await makeSandbox();
  try {
    const text = Array.from({ length: 64 }, (_, i) =>
      `${i} ${"0123456789abcdef".repeat(4)}`.slice(0, 63),
    ).join("\n");
    await writeFile(join(sandbox.cwd, "out.txt"), `${text}\n`);
    const scenario = bashTurnsScenario(TURNS, "cat out.txt");
    const run = await runSession({ cli: context.cli, sandbox, scenario, transport: "http" });
    const main = mainExchanges(run.exchanges);
    return {
      bytes: main.map((e) => e.body.length),
      rawShares: prefixShares(main.map((e) => e.body.toString("latin1"))),
      cacheShares: prefixShares(main.map((e) => cacheOrder(e.body))),
    };
  } finally {
    await sandbox.remove();
  }
}

const pct = (share: number) => `${round(share * 100)}%`;
const kb = (bytes: number) => `${round(bytes / 1024)} KB`;

/** Growth per turn between drops, and the drops (history cleared or compacted). */
function steps(bytes: readonly number[]): { growth: number; drops: number; dropBytes: number } {
  const diffs = bytes.slice(1).map((b, i) => b - bytes[i]!);
  const drops = diffs.filter((d) => d < 0);
  return {
    growth: median(diffs.filter((d) => d >= 0)),
    drops: drops.length,
    dropBytes: drops.length > 0 ? -median(drops) : 0,
  };
}

/** Runs the request-size group. */
export async function requestSize(context: GroupContext): Promise<GroupResult> {
  const runs: SessionBytes[] = [];
  for (let i = 0; i < context.runs; i++) runs.push(await session(context));
  const at = (n: number) => median(runs.map((r) => r.bytes[n] ?? Number.NaN));
  const step = runs.map((r) => steps(r.bytes));
  const growth = median(step.map((s) => s.growth));
  const drops = median(step.map((s) => s.drops));
  const dropBytes = median(step.map((s) => s.dropBytes));
  const share = (pick: (r: SessionBytes) => number[]) => ({
    median: median(runs.map((r) => median(pick(r)))),
    lowest: median(runs.map((r) => Math.min(...pick(r)))),
    below: median(runs.map((r) => pick(r).filter((s) => s < 0.99).length)),
  });
  const raw = share((r) => r.rawShares);
  const cache = share((r) => r.cacheShares);
  const last = TURNS;
  const rows = [
    [
      `Bytes of main request 1 / 50 / 100 / ${last + 1}`,
      `${kb(at(0))} / ${kb(at(49))} / ${kb(at(99))} / ${kb(at(last))}`,
      `+${kb(growth)} per turn; ${drops} drops of ~${kb(dropBytes)} (old tool results cleared or history compacted)`,
    ],
    [
      "Share of the previous request repeated as this one's prefix, bytes as sent",
      `median ${pct(raw.median)}, lowest ${pct(raw.lowest)}`,
      `${raw.below} of ${last} requests under 99% (the body puts messages first and moves the cache_control marker every turn)`,
    ],
    [
      "The same, in cache order (tools, system, messages) without cache_control markers",
      `median ${pct(cache.median)}, lowest ${pct(cache.lowest)}`,
      `${cache.below} of ${last} requests under 99%`,
    ],
  ];
  const markdown = [
    "## Request size (`npm run bench -- --group requests`)",
    "",
    `${TURNS} tool rounds of Bash \`cat\` of a 4 KB file; request bodies recorded by the proxy in front of the scripted server. §11 sets no target; a share of 100% means a request only appends to the one before (what a prompt cache can reuse).`,
    "",
    markdownTable(["Figure", "keel (median of runs)", "Note"], rows),
  ].join("\n");
  const json = runs.map((r) => ({
    bytes: r.bytes,
    cacheShares: r.cacheShares.map((s) => round(s, 4)),
    rawShares: r.rawShares.map((s) => round(s, 4)),
  }));
  return { group: "requests", markdown, json: { turns: TURNS, runs: json } };
}
