import { existsSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  createBashTool,
  makeContext,
  resultText,
  runBashCall,
  sessionConfig,
  useSessionFolders,
} from "./helpers.js";

describe("Bash caps long output", () => {
  let root: string;
  let work: string;
  useSessionFolders((folders) => {
    ({ root, work } = folders);
  });

  it("keeps the beginning and the end of a long output and saves all of it for Read", async () => {
    const config = sessionConfig(root);
    const tool = createBashTool(config);
    const command = "echo FIRST; yes | head -n 100000; echo LAST";
    const { data, block } = await runBashCall(
      tool,
      { command },
      makeContext(work, { toolUseId: "toolu_big" }),
    );
    const total = "FIRST\n".length + 200_000 + "LAST\n".length;
    const savedAt = join(config.sessionDir, "tool-results", "bash-toolu_big.txt");
    expect(data.truncation).toEqual({ totalChars: total, fullOutputPath: savedAt });
    expect(data.stdout.startsWith("FIRST\ny\ny\n")).toBe(true);
    expect(data.stdout.endsWith("y\ny\nLAST\n")).toBe(true);
    expect(data.stdout).toContain(`\n\n... [${total - 30_000} characters truncated] ...\n\n`);
    expect(data.stdout.length).toBeLessThan(30_100);
    expect(await readFile(savedAt, "utf8")).toBe(`FIRST\n${"y\n".repeat(100_000)}LAST\n`);
    expect(resultText(block)).toContain(savedAt);
    expect(block.is_error).toBeUndefined();
  });

  it("follows BASH_MAX_OUTPUT_LENGTH", async () => {
    const tool = createBashTool(sessionConfig(root, { BASH_MAX_OUTPUT_LENGTH: "1000" }));
    const { data } = await runBashCall(tool, { command: "seq 1 2000" }, makeContext(work));
    expect(data.truncation?.totalChars).toBe(8893);
    expect(data.stdout.startsWith("1\n2\n3\n")).toBe(true);
    expect(data.stdout.endsWith("1999\n2000\n")).toBe(true);
    expect(data.stdout).toContain("[7893 characters truncated]");
  });

  it("shares the cap between stdout and stderr and keeps the end of stderr", async () => {
    const tool = createBashTool(sessionConfig(root, { BASH_MAX_OUTPUT_LENGTH: "1000" }));
    const { data } = await runBashCall(
      tool,
      { command: "seq 1 2000; seq 1 2000 | sed 's/^/err/' >&2; echo FINAL-ERROR >&2" },
      makeContext(work),
    );
    const visible = (text: string) =>
      text.replace(/\n\n\.\.\. \[\d+ characters truncated\] \.\.\.\n\n/, "");
    expect(visible(data.stdout).length + visible(data.stderr).length).toBe(1000);
    expect(data.stderr.endsWith("err2000\nFINAL-ERROR\n")).toBe(true);
  });

  it("handles 50 MB of output, keeping its ends and saving it whole", async () => {
    const config = sessionConfig(root);
    const tool = createBashTool(config);
    const { data } = await runBashCall(
      tool,
      { command: "yes | head -c 50000000; echo; echo END" },
      makeContext(work, { toolUseId: "toolu_huge" }),
    );
    const total = 50_000_000 + "\nEND\n".length;
    expect(data.exitCode).toBe(0);
    expect(data.truncation?.totalChars).toBe(total);
    expect(data.stdout.startsWith("y\ny\n")).toBe(true);
    expect(data.stdout.endsWith("y\ny\n\nEND\n")).toBe(true);
    expect(data.stdout.length).toBeLessThan(30_100);
    const saved = data.truncation?.fullOutputPath ?? "";
    expect((await stat(saved)).size).toBe(total);
  });

  it("saves nothing when the output fits", async () => {
    const config = sessionConfig(root);
    const tool = createBashTool(config);
    const { data } = await runBashCall(
      tool,
      { command: "seq 1 100" },
      makeContext(work, { toolUseId: "toolu_small" }),
    );
    expect(data.truncation).toBeUndefined();
    expect(existsSync(join(config.sessionDir, "tool-results", "bash-toolu_small.txt"))).toBe(false);
  });
});
