// What keel's read-only jail and the `sandbox` settings' runtime add to a Bash call (issue 23):
// `true` through the Bash tool jailed, sandboxed and bare, alternated call by call in one run.
// Usage: npm run bench:jail -- [--runs ≥ 5, default 41]
import { mkdir, mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { mergeSandboxSettings } from "../src/config/settings/sandbox-merge.js";
import { createBashTool } from "../src/tools/builtin/bash/bash-tool.js";
import { programOnPath } from "../src/tools/builtin/bash/read-only-jail.js";
import { createBashSandbox } from "../src/tools/sandbox/bash-sandbox.js";
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
    const sandbox = createBashSandbox({
      settings: mergeSandboxSettings(
        [{ source: "cli", origin: "bench", settings: { sandbox: { enabled: true } } }],
        { home: base, stateDir: config.stateDir, cwd: work },
      ),
    });
    const tools = {
      jailed: createBashTool(config, { jail: "everything" }),
      sandboxed: createBashTool(config, { jail: "off", sandbox }),
      plain: createBashTool(config, { jail: "off" }),
    };
    const names = Object.keys(tools) as Array<keyof typeof tools>;
    const times: Record<keyof typeof tools, number[]> = { jailed: [], sandboxed: [], plain: [] };
    const once = async (which: keyof typeof tools) => {
      const context = makeToolCallContext({ cwd: work });
      const started = process.hrtime.bigint();
      await tools[which].call({ command: "true" }, context, () => {});
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    // The first sandboxed call starts the runtime's proxies: once per session, not per call.
    for (const which of names) await once(which);
    for (let run = 0; run < runs; run++) {
      const order = run % 2 === 0 ? names : [...names].reverse();
      for (const which of order) times[which].push(await once(which));
    }
    await sandbox.dispose();
    const jailed = median(times.jailed);
    const sandboxed = median(times.sandboxed);
    const plain = median(times.plain);
    const facts = machineFacts();
    const row = (what: string, ms: number) => [
      what,
      `${round(ms, 1)} ms`,
      `${round(plain, 1)} ms (\`true\`, bare)`,
      `+${round(ms - plain, 1)} ms`,
    ];
    const body = [
      "## Bash's read-only jail and the sandbox runtime (`npm run bench:jail`)",
      "",
      `${facts.date.slice(0, 10)} · node ${process.version} · ${facts.cpus} CPUs (load ${facts.loadAverage1m}) · median of ${runs} calls each, alternated · bubblewrap at ${bwrap}`,
      "",
      `A command the read-only verdict allows runs in keel's own bubblewrap jail (read-only file system, fresh /dev and /tmp, no network, Read-denied folders hidden): ${round(jailed - plain, 1)} ms more per call. Target ≤ 30 ms: ${jailed - plain <= 30 ? "met" : "missed"}. With \`sandbox.enabled\`, every call runs in @anthropic-ai/sandbox-runtime (bubblewrap, seccomp, its filtering proxies over socat): ${round(sandboxed - plain, 1)} ms more per call, after the proxies' one start per session.`,
      "",
      markdownTable(
        ["Bash call", "Median", "Baseline (same run)", "Extra"],
        [row("`true`, read-only jail", jailed), row("`true`, sandbox runtime", sandboxed)],
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
