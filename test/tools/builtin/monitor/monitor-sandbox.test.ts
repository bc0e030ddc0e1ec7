import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mergeSandboxSettings } from "../../../../src/config/settings/sandbox-merge.js";
import type { SessionEvent } from "../../../../src/session/engine/session-event.js";
import { createBackgroundShells } from "../../../../src/tools/background/index.js";
import { createMonitorTool } from "../../../../src/tools/builtin/monitor/monitor-tool.js";
import { type BashSandbox, createBashSandbox } from "../../../../src/tools/sandbox/bash-sandbox.js";
import { sandboxRuntimeReady } from "../../../helpers/sandbox-ready.js";
import { makeContext, sessionConfig, useSessionFolders } from "../../bash/helpers.js";

const ready = sandboxRuntimeReady("Monitor's sandbox test");

/** Runs one monitor to its end; true when its command wrote `target`. */
async function wroteOutside(
  root: string,
  target: string,
  sandbox: BashSandbox | undefined,
): Promise<boolean> {
  const config = sessionConfig(root);
  const shells = createBackgroundShells(config, { killGraceMs: 200 });
  const events: SessionEvent[] = [];
  const tool = createMonitorTool(config, {
    shells,
    deliver: (event) => events.push(event),
    ...(sandbox ? { sandbox } : {}),
  });
  try {
    const input = { description: "write", timeout_ms: 30_000, command: `echo x > ${target}` };
    const { data } = await tool.call(input, makeContext(config.cwd), () => {});
    await shells.waitForEnd(data.taskId, 30_000);
    while (!events.some((e) => e.type === "monitor_event" && e.text.startsWith("[monitor"))) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return existsSync(target);
  } finally {
    await shells.dispose();
  }
}

describe.runIf(ready)("Monitor in the sandbox", () => {
  let root = "";
  useSessionFolders((folders) => {
    root = folders.root;
  });

  it("runs a command the sandbox settings cover inside it, as Bash does", async () => {
    await mkdir(join(root, "outside"), { recursive: true });
    const settings = mergeSandboxSettings(
      [{ source: "userClaude", origin: "user.json", settings: { sandbox: { enabled: true } } }],
      { home: root, stateDir: join(root, "state"), cwd: join(root, "work") },
      "linux",
    );
    const sandbox = createBashSandbox({ settings });
    try {
      expect(await wroteOutside(root, join(root, "outside", "sandboxed"), sandbox)).toBe(false);
    } finally {
      await sandbox.dispose();
    }
    expect(await wroteOutside(root, join(root, "outside", "plain"), undefined)).toBe(true);
  });
});
