// What keel's read-only jail adds to a Bash call (issue 23): `true` through the Bash tool
// with the jail and without it, alternated call by call in the same run.
// Usage: npm run bench:jail -- [--runs ≥ 5, default 41]
import { mkdir, mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { createBashTool } from "../src/tools/builtin/bash/bash-tool.js";
import { programOnPath } from "../src/tools/builtin/bash/read-only-jail.js";
import { makeToolCallContext } from "../test/helpers/tool-context.js";
import { machineFacts } from "./lib/machine.js";
import { writeJson, writeSection } from "./lib/results-file.js";
import { median, round } from "./lib/stats.js";
import { markdownTable } from "./lib/tools-table.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { runs: { type: "string", default: "41" } } });
  const runs = Math.max(5, Number(values.runs) || 41);
  const bwrap = programOnPath("bwrap", process.env.PATH);
  if (!bwrap) throw new Error("bwrap is not on PATH: install bubblewrap to measure the jail");
  const base = await realpath(await mkdtemp(join(tmpdir(), "keel-bench-jail-")));
  try {
    const work = join(base, "work");
    await mkdir(work);
    const config = {
      cwd: work,
      sessionDir: join(base, "session"),
      stateDir: join(base, "state"),
      env: { PATH: process.env.PATH, HOME: base },
    };
    const tools = {
      jailed: createBashTool(config, { jail: "everything" }),
      plain: createBashTool(config, { jail: "off" }),
    };
    const times: Record<keyof typeof tools, number[]> = { jailed: [], plain: [] };
    const once = async (which: keyof typeof tools) => {
      const context = makeToolCallContext({ cwd: work });
      const started = process.hrtime.bigint();
      await tools[which].call({ command: "true" }, context, () => {});
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    await once("jailed");
    await once("plain");
    for (let run = 0; run < runs; run++) {
      for (const which of run % 2 === 0
        ? (["jailed", "plain"] as const)
        : (["plain", "jailed"] as const)) {
        times[which].push(await once(which));
      }
    }
    const jailed = median(times.jailed);
    const plain = median(times.plain);
    const facts = machineFacts();
    const body = [
      "## Bash's read-only jail (`npm run bench:jail`)",
      "",
      `${facts.date.slice(0, 10)} · node ${process.version} · ${facts.cpus} CPUs (load ${facts.loadAverage1m}) · median of ${runs} calls each, alternated · bubblewrap at ${bwrap}`,
      "",
      `A command the read-only verdict allows runs in bubblewrap (read-only file system, fresh /dev and /tmp, no network, Read-denied folders hidden): ${round(jailed - plain, 1)} ms more per call. Target ≤ 30 ms: ${jailed - plain <= 30 ? "met" : "missed"}.`,
      "",
      markdownTable(
        ["Bash call", "Median", "Baseline (same run)", "Extra"],
        [
          [
            "`true`, jailed",
            `${round(jailed, 1)} ms`,
            `${round(plain, 1)} ms (\`true\`, no jail)`,
            `+${round(jailed - plain, 1)} ms`,
          ],
        ],
      ),
    ].join("\n");
    console.log(body);
    await writeSection(join(ROOT, "bench/results.md"), "bash-jail", body);
    await writeJson(join(ROOT, "bench/results/bash-jail.json"), { runs, times });
  } finally {
    await rm(base, { recursive: true, force: true });
  }
}

await main();
