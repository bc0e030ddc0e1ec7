import { describe, expect, it } from "vitest";
import type { HookHandlerConfig } from "../../src/hooks/config.js";
import { hookTimeoutMs } from "../../src/hooks/timeouts.js";

const of = (type: HookHandlerConfig["type"], timeout?: number) =>
  ({ type, ...(timeout === undefined ? {} : { timeout }) }) as HookHandlerConfig;

describe("a hook's timeout: its own, else Claude Code's default for its type", () => {
  it("600 s for command, http and mcp_tool; 30 s for prompt; 60 s for agent", () => {
    const defaults = (["command", "http", "mcp_tool", "prompt", "agent"] as const).map((type) =>
      hookTimeoutMs(of(type), "PreToolUse", {}),
    );
    expect(defaults).toEqual([600_000, 600_000, 600_000, 30_000, 60_000]);
  });

  it("a hook's own timeout wins, above or below its type's default", () => {
    expect(hookTimeoutMs(of("command", 5), "PreToolUse", {})).toBe(5_000);
    expect(hookTimeoutMs(of("prompt", 90), "Stop", {})).toBe(90_000);
  });

  it("UserPromptSubmit waits at most 30 s by default; a hook's own timeout may say more", () => {
    expect(hookTimeoutMs(of("command"), "UserPromptSubmit", {})).toBe(30_000);
    expect(hookTimeoutMs(of("command", 120), "UserPromptSubmit", {})).toBe(120_000);
  });

  it("SessionEnd never waits past its 1.5 s budget (CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS)", () => {
    expect(hookTimeoutMs(of("command"), "SessionEnd", {})).toBe(1_500);
    expect(hookTimeoutMs(of("command", 1), "SessionEnd", {})).toBe(1_000);
    const env = { CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS: "4000" };
    expect(hookTimeoutMs(of("agent"), "SessionEnd", env)).toBe(4_000);
    const bad = { CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS: "soon" };
    expect(hookTimeoutMs(of("command"), "SessionEnd", bad)).toBe(1_500);
  });
});
