import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createGrepTool } from "../../../src/tools/builtin/grep/grep-tool.js";
import { makeContext, TempFolders, toolsConfig } from "../read/helpers.js";

const temps = new TempFolders();
afterEach(() => temps.cleanup());

/** The pids of running processes whose command line mentions `text`. */
async function pidsMentioning(text: string): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, "utf8").catch(() => "");
    if (cmdline.split("\0").includes(text)) pids.push(Number(entry));
  }
  return pids;
}

async function waitForProcess(text: string): Promise<number> {
  for (;;) {
    const [pid] = await pidsMentioning(text);
    if (pid !== undefined) return pid;
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe("Grep and abort", () => {
  it("kills ripgrep when the call is aborted", async () => {
    const cwd = await temps.make();
    // Reading a FIFO that nobody writes blocks ripgrep until it is killed.
    const fifo = join(cwd, "never-written");
    execFileSync("mkfifo", [fifo]);
    const controller = new AbortController();
    const tool = createGrepTool(toolsConfig(cwd, await temps.make()));
    const input = tool.inputSchema.parse({ pattern: "x", path: fifo });
    const call = tool.call(input, makeContext(cwd, { signal: controller.signal }), () => {});
    const outcome = call.then(
      () => "resolved",
      (error: unknown) => (error instanceof Error ? error.name : "other"),
    );
    const pid = await waitForProcess(fifo);
    controller.abort();
    expect(await outcome).toBe("AbortError");
    expect(existsSync(`/proc/${pid}`)).toBe(false);
  });

  it("does not start ripgrep for a call aborted before it began", async () => {
    const cwd = await temps.make();
    const controller = new AbortController();
    controller.abort();
    const tool = createGrepTool(toolsConfig(cwd, await temps.make()));
    const input = tool.inputSchema.parse({ pattern: "x" });
    await expect(
      tool.call(input, makeContext(cwd, { signal: controller.signal }), () => {}),
    ).rejects.toMatchObject({
      name: "AbortError",
    });
  });
});
