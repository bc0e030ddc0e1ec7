import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import type { ResolvedSettings } from "../../../src/config/settings/resolved.js";
import { mergeSandboxSettings } from "../../../src/config/settings/sandbox-merge.js";
import type { ReadDenial } from "../../../src/tools/read-denial.js";
import {
  type BashSandboxDeps,
  createBashSandbox,
} from "../../../src/tools/sandbox/bash-sandbox.js";
import type { SandboxRuntime } from "../../../src/tools/sandbox/runtime.js";
import { loadShellParser } from "../../../src/tools/shell-parse/index.js";
import { sandboxRuntimeReady } from "../../helpers/sandbox-ready.js";
import {
  createBashTool,
  makeContext,
  runBashCall,
  sessionConfig,
  useSessionFolders,
} from "../bash/helpers.js";

const settingsWith = (sandbox: Record<string, unknown>): ResolvedSettings["sandbox"] =>
  mergeSandboxSettings(
    [{ source: "userClaude", origin: "user.json", settings: { sandbox } }],
    { home: "/home/u", stateDir: "/home/u/.keel", cwd: "/work" },
    "linux",
  );

/** A runtime that never runs anything: what the sandbox decides before it is asked to wrap. */
function fakeRuntime(errors: string[] = [], supported = true): SandboxRuntime {
  return {
    isSupportedPlatform: () => supported,
    checkDependencies: () => ({ errors, warnings: [] }),
    initialize: async () => {},
    wrapWithSandbox: async (command: string) => `wrapped ${command}`,
    annotateStderrWithSandboxFailures: (_: string, stderr: string) => stderr,
    cleanupAfterCommand: () => {},
    reset: async () => {},
  };
}

function sandboxOf(sandbox: Record<string, unknown>, deps: Partial<BashSandboxDeps> = {}) {
  return createBashSandbox({
    settings: settingsWith(sandbox),
    loadRuntime: async () => fakeRuntime(),
    ripgrep: async () => "/usr/bin/rg",
    ...deps,
  });
}

describe("which calls the sandbox covers", () => {
  it("none while it is off; all once the mode turns it on", async () => {
    const sandbox = sandboxOf({});
    expect(await sandbox.covers({ command: "ls" }, "/work")).toBe(false);
    sandbox.setMode({ enabled: true, autoAllow: false });
    expect(await sandbox.covers({ command: "ls" }, "/work")).toBe(true);
  });

  it("lets dangerouslyDisableSandbox out only while allowUnsandboxedCommands allows it", async () => {
    const out = { command: "ls", dangerouslyDisableSandbox: true };
    expect(await sandboxOf({ enabled: true }).covers(out, "/work")).toBe(false);
    const strict = sandboxOf({ enabled: true, allowUnsandboxedCommands: false });
    expect(await strict.covers(out, "/work")).toBe(true);
  });

  it("leaves excluded commands out", async () => {
    const sandbox = sandboxOf({ enabled: true }, { isExcluded: async (c) => c === "docker ps" });
    expect(await sandbox.covers({ command: "docker ps" }, "/work")).toBe(false);
    expect(await sandbox.covers({ command: "make" }, "/work")).toBe(true);
  });

  it("says why it cannot run, and then covers nothing", async () => {
    const missing = sandboxOf(
      { enabled: true },
      { loadRuntime: async () => fakeRuntime(["bubblewrap (bwrap) not installed"]) },
    );
    expect(await missing.availability()).toEqual({
      available: false,
      why: "missing bubblewrap (bwrap) not installed",
    });
    expect(await missing.covers({ command: "ls" }, "/work")).toBe(false);
    const broken = sandboxOf(
      { enabled: true },
      {
        loadRuntime: async () => {
          throw new Error("no such module");
        },
      },
    );
    expect(await broken.availability()).toMatchObject({
      why: expect.stringContaining("no such module"),
    });
    await expect(
      broken.wrap({
        script: "ls",
        commandText: "ls",
        id: "t1",
        shell: "/bin/bash",
        places: { writable: [], protectedWrites: [], hidden: [] },
        signal: new AbortController().signal,
      }),
    ).rejects.toThrow(/The sandbox cannot run/);
  });
});

// The real runtime, under the real Bash tool: what Read deny rules cover is hidden from a
// command the analysis never judged (the tool runs whatever it is given).
const ready = sandboxRuntimeReady("sandbox runtime tests");

describe.skipIf(!ready)("the Bash tool in the sandbox runtime", () => {
  let root = "";
  let work = "";
  useSessionFolders((folders) => {
    ({ root, work } = folders);
  });
  beforeEach(async () => {
    await loadShellParser();
    await mkdir(join(root, "outside"));
    await writeFile(join(root, "outside", "token"), "SECRET-TOKEN\n");
  });

  it("hides Read-denied files, keeps writes inside the working folder", async () => {
    const sandbox = createBashSandbox({
      settings: settingsWith({ enabled: true }),
    });
    const tool = createBashTool(sessionConfig(root), { sandbox });
    const hiding: ReadDenial = {
      denies: () => false,
      excludeGlobs: () => [],
      hiddenPaths: () => [join(root, "outside", "token")],
    };
    const context = makeContext(work);
    context.options = { ...context.options, readDenial: hiding };
    try {
      const out = await runBashCall(
        tool,
        { command: `cat ${root}/outside/token; echo in > made; echo out > ${root}/outside/new` },
        context,
      );
      expect(out.data.stdout).not.toContain("SECRET-TOKEN");
      expect(existsSync(join(work, "made"))).toBe(true);
      expect(existsSync(join(root, "outside", "new"))).toBe(false);
    } finally {
      await sandbox.dispose();
    }
  }, 30_000);
});
