import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mergeSandboxSettings } from "../../../src/config/settings/sandbox-merge.js";
import { type BashSandbox, createBashSandbox } from "../../../src/tools/sandbox/bash-sandbox.js";
import type { SandboxRuntime } from "../../../src/tools/sandbox/runtime.js";
import { scriptedEngine } from "../../session/engine/helpers.js";
import { answerNotice, controllerFor } from "./repl-harness.js";

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "keel-sandbox-command-"));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A runtime on a machine without bubblewrap: the sandbox loads but cannot run. */
const runtimeWithoutBwrap: SandboxRuntime = {
  isSupportedPlatform: () => true,
  checkDependencies: () => ({ errors: ["bubblewrap (bwrap)"], warnings: [] }),
  initialize: async () => {},
  wrapWithSandbox: async (command: string) => command,
  annotateStderrWithSandboxFailures: (_: string, stderr: string) => stderr,
  cleanupAfterCommand: () => {},
  reset: async () => {},
};

/** The session's real Bash sandbox, off by the settings, with every mode switch recorded. */
function sessionSandbox(): { bash: BashSandbox; switches: unknown[] } {
  const settings = mergeSandboxSettings([], { home: dir, stateDir: dir, cwd: dir }, "linux");
  const bash = createBashSandbox({
    settings,
    loadRuntime: async () => runtimeWithoutBwrap,
    ripgrep: async () => "/usr/bin/rg",
  });
  const switches: unknown[] = [];
  const setMode: BashSandbox["setMode"] = (mode) => {
    switches.push(mode);
    bash.setMode(mode);
  };
  return { bash: { ...bash, setMode }, switches };
}

describe("/sandbox in the REPL", () => {
  it("shows the sandbox, switches its mode for the session and saves it locally", async () => {
    const { bash, switches } = sessionSandbox();
    const session = {
      engine: scriptedEngine({ turns: [] }).engine,
      sandbox: { bash, status: { readOnlyJail: false } },
      dispose: async () => {},
    };
    const controller = controllerFor(session, dir);
    await mkdir(join(dir, ".claude"));
    const path = join(dir, ".claude", "settings.local.json");
    await writeFile(path, JSON.stringify({ permissions: { allow: ["Read"] } }));

    const shown = await answerNotice(controller, "/sandbox");
    expect(shown?.text).toContain("Sandbox mode: No Sandbox (off)");
    expect(shown?.text).toContain("Runs here: no, missing bubblewrap (bwrap)");

    const changed = await answerNotice(controller, "/sandbox auto-allow");
    expect(changed).toEqual({
      text: "Sandbox mode: Sandbox BashTool, with auto-allow, for this session and saved to .claude/settings.local.json. The sandbox cannot run here (missing bubblewrap (bwrap)): Bash commands run unsandboxed.",
      tone: "info",
    });
    expect(switches).toEqual([{ enabled: true, autoAllow: true }]);
    expect(bash.mode()).toEqual({ enabled: true, autoAllow: true });
    expect(JSON.parse(await readFile(path, "utf8"))).toEqual({
      permissions: { allow: ["Read"] },
      sandbox: { enabled: true, autoAllowBashIfSandboxed: true },
    });

    const wrong = await answerNotice(controller, "/sandbox on");
    expect(wrong?.tone).toBe("error");
    expect(wrong?.text).toContain("use auto-allow, regular or off");
    expect(switches).toHaveLength(1);
  });

  it("keeps the session's mode but says so when the settings file is not JSON", async () => {
    const { bash } = sessionSandbox();
    const session = {
      engine: scriptedEngine({ turns: [] }).engine,
      sandbox: { bash, status: { readOnlyJail: true } },
      dispose: async () => {},
    };
    const controller = controllerFor(session, dir);
    await mkdir(join(dir, ".claude"));
    const path = join(dir, ".claude", "settings.local.json");
    await writeFile(path, "{ not json");
    const changed = await answerNotice(controller, "/sandbox regular");
    expect(changed?.tone).toBe("error");
    expect(changed?.text).toMatch(/for this session only \(not saved: .* is not valid JSON/);
    expect(bash.mode()).toEqual({ enabled: true, autoAllow: false });
    expect(await readFile(path, "utf8")).toBe("{ not json");
  });

  it("says /sandbox is not available in a session without a sandbox", async () => {
    const session = { engine: scriptedEngine({ turns: [] }).engine, dispose: async () => {} };
    const shown = await answerNotice(controllerFor(session, dir), "/sandbox");
    expect(shown).toEqual({ text: "/sandbox is not available in this session.", tone: "error" });
  });
});
