// keel's harness benchmarks (issue 9): cold start, per-turn overhead, memory, streaming overlap,
// parallel reads and request size, each the median of ≥ 5 runs against a baseline measured in
// the same run. Writes bench/results.md (one section per group) and bench/results/<group>.json.
// Usage: npm run bench -- [--group cold,turns,…] [--runs 5] [--cli dist/cli.js]
import { fileURLToPath } from "node:url";
import { coldStart } from "./groups/cold-start.js";
import { memory } from "./groups/memory.js";
import { overlap } from "./groups/overlap.js";
import { parallelReads } from "./groups/parallel-reads.js";
import { perTurn } from "./groups/per-turn.js";
import { requestSize } from "./groups/request-size.js";
import { type Group, parseBenchArgs } from "./lib/args.js";
import { benchCli } from "./lib/cli-build.js";
import type { GroupContext, GroupResult } from "./lib/group.js";
import { machineFacts } from "./lib/machine.js";
import { writeJson, writeSection } from "./lib/results-file.js";

const RUNNERS: Record<Group, (context: GroupContext) => Promise<GroupResult>> = {
  cold: coldStart,
  turns: perTurn,
  memory,
  overlap,
  parallel: parallelReads,
  requests: requestSize,
};

const RESULTS_MD = fileURLToPath(new URL("./results.md", import.meta.url));
const resultsJson = (group: Group) =>
  fileURLToPath(new URL(`./results/${group}.json`, import.meta.url));

function argsOrExit() {
  try {
    return parseBenchArgs(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
}

const args = argsOrExit();
const context: GroupContext = { cli: await benchCli(args.cli), runs: args.runs };
console.log(`measuring ${context.cli}, ${args.runs} runs per figure`);
for (const group of args.groups) {
  const started = machineFacts();
  const result = await RUNNERS[group](context);
  const stamp = `${started.date.slice(0, 10)} · node ${started.node} · ${started.cpus} CPUs (load ${started.loadAverage1m} at the start) · median of ${context.runs} runs`;
  const markdown = result.markdown.replace("\n\n", `\n\n${stamp}\n\n`);
  console.log(`\n${markdown}\n`);
  await writeSection(RESULTS_MD, group, markdown);
  await writeJson(resultsJson(group), { machine: started, runs: context.runs, ...result.json });
}
