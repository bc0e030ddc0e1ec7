import { describe, expect, it } from "vitest";
import { bashLimits } from "../../../src/tools/builtin/bash/index.js";
import {
  createBashTool,
  makeContext,
  runBashCall,
  sessionConfig,
  useSessionFolders,
} from "./helpers.js";

describe("Bash input", () => {
  let root: string;
  let work: string;
  useSessionFolders((folders) => {
    ({ root, work } = folders);
  });

  it("refuses a timeout above the maximum, naming the maximum", async () => {
    const tool = createBashTool(sessionConfig(root));
    const verdict = await tool.validateInput?.(
      { command: "true", timeout: 600_001 },
      makeContext(work),
    );
    expect(verdict).toEqual({
      ok: false,
      message: "timeout 600001 ms is above the maximum of 600000 ms",
    });
  });

  it("takes the maximum from BASH_MAX_TIMEOUT_MS", async () => {
    const tool = createBashTool(
      sessionConfig(root, { BASH_DEFAULT_TIMEOUT_MS: "1000", BASH_MAX_TIMEOUT_MS: "5000" }),
    );
    const verdict = await tool.validateInput?.(
      { command: "true", timeout: 6000 },
      makeContext(work),
    );
    expect(verdict).toEqual({
      ok: false,
      message: "timeout 6000 ms is above the maximum of 5000 ms",
    });
  });

  it("runs with the default timeout from BASH_DEFAULT_TIMEOUT_MS", async () => {
    const tool = createBashTool(sessionConfig(root, { BASH_DEFAULT_TIMEOUT_MS: "200" }), {
      timing: { drainGraceMs: 50, killGraceMs: 200 },
    });
    const { data } = await runBashCall(tool, { command: "sleep 30" }, makeContext(work));
    expect(data.timedOutAfterMs).toBe(200);
  });

  it("rejects an empty command and unknown fields", async () => {
    const tool = createBashTool(sessionConfig(root));
    expect(await tool.validateInput?.({ command: "  " }, makeContext(work))).toEqual({
      ok: false,
      message: "command is empty",
    });
    expect(tool.inputSchema.safeParse({ command: "ls", cwd: "/" }).success).toBe(false);
  });

  it("names the tool Bash with Claude Code's input fields", () => {
    const tool = createBashTool(sessionConfig(root));
    expect(tool.name).toBe("Bash");
    const parsed = tool.inputSchema.parse({
      command: "ls",
      timeout: 1000,
      description: "List files",
      run_in_background: false,
    });
    expect(parsed).toEqual({
      command: "ls",
      timeout: 1000,
      description: "List files",
      run_in_background: false,
    });
  });
});

describe("bashLimits", () => {
  it("uses Claude Code's defaults", () => {
    expect(bashLimits({})).toEqual({
      defaultTimeoutMs: 120_000,
      maxTimeoutMs: 600_000,
      maxOutputChars: 30_000,
    });
  });

  it("caps the output length at 150,000 and ignores values that are not positive integers", () => {
    expect(bashLimits({ BASH_MAX_OUTPUT_LENGTH: "999999" }).maxOutputChars).toBe(150_000);
    expect(bashLimits({ BASH_MAX_OUTPUT_LENGTH: "-3" }).maxOutputChars).toBe(30_000);
    expect(bashLimits({ BASH_DEFAULT_TIMEOUT_MS: "soon" }).defaultTimeoutMs).toBe(120_000);
  });

  it("never lets the maximum timeout fall below the default", () => {
    const limits = bashLimits({ BASH_DEFAULT_TIMEOUT_MS: "700000", BASH_MAX_TIMEOUT_MS: "1000" });
    expect(limits.maxTimeoutMs).toBe(700_000);
  });
});
