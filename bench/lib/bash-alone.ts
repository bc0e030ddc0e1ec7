import { spawn } from "node:child_process";
import { join } from "node:path";
import { z } from "zod";
import { createBashTool } from "../../src/tools/builtin/bash/index.js";
import { makeToolCallContext } from "../../test/helpers/tool-context.js";
import { bundledChildReport } from "./child-report.js";
import { benchConfig } from "./tools-under-test.js";

const noProgress = () => {};

/** Milliseconds of each of `calls` calls of keel's Bash tool with `command`, in this process. */
export async function bashToolAloneMs(
  cwd: string,
  command: string,
  calls: number,
): Promise<number[]> {
  const config = benchConfig(cwd, join(cwd, ".state"));
  const tool = createBashTool(config);
  const times: number[] = [];
  for (let i = 0; i <= calls; i++) {
    const context = makeToolCallContext({ cwd, toolUseId: `toolu_${i}` });
    const started = performance.now();
    const { data } = await tool.call({ command }, context, noProgress);
    tool.mapToolResult(data, context.toolUseId);
    if (i > 0) times.push(performance.now() - started); // the first call warms up
  }
  return times;
}

/** Milliseconds of each of `calls` raw `bash -c <command>` spawns (no keel at all). */
export async function rawBashMs(cwd: string, command: string, calls: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      const child = spawn("bash", ["-c", command], { cwd, stdio: ["ignore", "pipe", "pipe"] });
      child.stdout.resume();
      child.stderr.resume();
      child.on("error", reject);
      child.on("close", () => resolve());
    });
    times.push(performance.now() - started);
  }
  return times;
}

const childReport = z.object({
  toolMs: z.array(z.number()),
  rawMs: z.array(z.number()),
  rssKB: z.number(),
});

/** What one fresh baseline process measured. */
export type BashAloneReport = z.infer<typeof childReport>;

/** bashToolAloneMs and rawBashMs in a fresh plain node process (bundled), with its peak RSS. */
export async function bashAloneInChild(
  cwd: string,
  command: string,
  calls: number,
): Promise<BashAloneReport> {
  return bundledChildReport("./bash-alone-child.ts", [cwd, command, String(calls)], childReport);
}
