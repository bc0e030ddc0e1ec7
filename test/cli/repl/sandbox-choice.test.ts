import { describe, expect, it } from "vitest";
import { rememberedSandbox } from "../../../src/cli/repl/sandbox-choice.js";
import type { SessionSandbox } from "../../../src/cli/session-sandbox.js";
import { mergeSandboxSettings } from "../../../src/config/settings/sandbox-merge.js";
import { createBashSandbox } from "../../../src/tools/sandbox/bash-sandbox.js";

function sessionSandbox(): SessionSandbox {
  const settings = mergeSandboxSettings([], { home: "/h", stateDir: "/h/.keel", cwd: "/w" });
  const bash = createBashSandbox({
    settings,
    loadRuntime: async () => {
      throw new Error("not needed");
    },
  });
  return { bash, status: { enabled: false, active: false, readOnlyJail: true } };
}

describe("a /sandbox choice across the REPL's sessions", () => {
  it("is remembered and carried into the next session (/clear, /resume)", () => {
    const choice = {};
    const first = rememberedSandbox(sessionSandbox(), choice);
    first.bash.setMode({ enabled: true, autoAllow: true });
    expect(first.bash.mode()).toEqual({ enabled: true, autoAllow: true });
    const next = rememberedSandbox(sessionSandbox(), choice);
    expect(next.bash.mode()).toEqual({ enabled: true, autoAllow: true });
  });

  it("leaves a new session on its settings until something is chosen", () => {
    const next = rememberedSandbox(sessionSandbox(), {});
    expect(next.bash.mode()).toEqual({ enabled: false, autoAllow: false });
  });
});
