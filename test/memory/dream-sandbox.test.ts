import { existsSync } from "node:fs";
import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mergeSandboxSettings } from "../../src/config/settings/sandbox-merge.js";
import { runDreamPass } from "../../src/memory/dream-pass.js";
import type { SdkMessage } from "../../src/session/sdk-messages.js";
import { createBackgroundShells } from "../../src/tools/background/index.js";
import { createBashTool } from "../../src/tools/builtin/bash/index.js";
import { type BashSandbox, createBashSandbox } from "../../src/tools/sandbox/bash-sandbox.js";
import { sandboxRuntimeReady } from "../helpers/sandbox-ready.js";
import { makeContext, sessionConfig } from "../tools/bash/helpers.js";

// The dream's Bash runs under the session's sandbox, writing only inside the memory folder:
// even where the session's sandbox settings let commands write elsewhere, and the sandbox
// (autoAllowBashIfSandboxed) lets the command run without asking, nothing lands outside.
const ready = sandboxRuntimeReady("The dream sandbox test");

let root: string;
let memory: string;
let stateDir: string;
let outside: string;

beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), "keel-dream-sandbox-")));
  stateDir = join(root, "state");
  memory = join(stateDir, "projects", "-repo", "memory");
  outside = join(root, "outside");
  await mkdir(memory, { recursive: true });
  await mkdir(outside);
  await writeFile(join(memory, "MEMORY.md"), "- [Tabs](user_tabs.md) — tabs\n");
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** The session's sandbox: on, commands it covers allowed, and `outside` writable by settings. */
function sessionSandbox(): BashSandbox {
  const settings = mergeSandboxSettings(
    [
      {
        source: "userClaude",
        origin: "user.json",
        settings: {
          sandbox: {
            enabled: true,
            autoAllowBashIfSandboxed: true,
            filesystem: { allowWrite: [outside] },
          },
        },
      },
    ],
    { home: root, stateDir, cwd: root },
    "linux",
  );
  return createBashSandbox({ settings });
}

const bash = (id: string, command: string) => ({
  content: [{ type: "tool_use", id, name: "Bash", input: { command } }],
});

describe.runIf(ready)("a dream under the session's sandbox", () => {
  it("its Bash cannot write outside the memory folder, even where the session's may", async () => {
    const file = join(root, "scenario.json");
    const planted = join(outside, "planted.txt");
    await writeFile(
      file,
      JSON.stringify({
        turns: [bash("toolu_out", `echo x > ${planted}`), { content: "Tried." }],
      }),
    );
    const sandbox = sessionSandbox();
    const messages: SdkMessage[] = [];
    let clock = Date.UTC(2026, 5, 1);
    try {
      const outcome = await runDreamPass({
        memoryDir: memory,
        stateDir,
        transcripts: [],
        model: `scripted:${file}`,
        env: { HOME: root, KEEL_CONFIG_DIR: stateDir, PATH: process.env.PATH ?? "" },
        now: () => clock++,
        sandbox,
        onMessage: (m) => messages.push(m),
      });
      expect(outcome.type).toBe("done");
    } finally {
      await sandbox.dispose();
    }
    expect(existsSync(planted)).toBe(false);
    // The command ran (the sandbox let it, no one was asked) and the sandbox refused the write.
    const results = JSON.stringify(messages.flatMap((m) => (m.type === "user" ? [m.message] : [])));
    expect(results).toContain(`${planted}: Read-only file system`);
    expect(results).not.toContain("Permission to use Bash has been denied");
  });

  it("the same command from the session itself may write there (its settings allow it)", async () => {
    const sandbox = sessionSandbox();
    const planted = join(outside, "session.txt");
    const config = sessionConfig(root);
    await mkdir(config.cwd, { recursive: true });
    const shells = createBackgroundShells(config);
    try {
      const tool = createBashTool(config, { sandbox, backgroundShells: shells });
      await tool.call({ command: `echo x > ${planted}` }, makeContext(config.cwd), () => {});
    } finally {
      await shells.dispose();
      await sandbox.dispose();
    }
    expect(existsSync(planted)).toBe(true);
  });
});
