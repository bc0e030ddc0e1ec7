import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { z } from "zod";

const run = promisify(execFile);
const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));

/**
 * Runs a bench script (a path next to this file) in a fresh `node --import tsx` process and
 * reads the JSON report it prints as its last line.
 */
export async function tsxChildReport<T>(
  script: string,
  args: readonly string[],
  report: z.ZodType<T>,
): Promise<T> {
  const path = fileURLToPath(new URL(script, import.meta.url));
  const { stdout } = await run(process.execPath, ["--import", "tsx", path, ...args], {
    cwd: REPO_ROOT,
  });
  return report.parse(JSON.parse(stdout.trim().split("\n").at(-1) ?? ""));
}
