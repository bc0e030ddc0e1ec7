import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { userPromptSubmit } from "../../src/hooks/session-hooks.js";
import { toolHooks } from "../../src/hooks/tool-hooks.js";
import { echoTool } from "../loop/tools.js";
import {
  configOf,
  eventually,
  type HookSandbox,
  makeSandbox,
  processAlive,
  testEngine,
} from "./helpers.js";

let sandbox: HookSandbox;
beforeEach(async () => {
  sandbox = await makeSandbox();
});
afterEach(() => sandbox.cleanup());

/** Touches its own flag, then waits (bounded) for the other's: succeeds only when both run at once. */
function rendezvous(mine: string, theirs: string, context: string): Promise<string> {
  return sandbox.script(
    `${mine}.sh`,
    [
      `touch "$CLAUDE_PROJECT_DIR/${mine}"`,
      "i=0",
      `while [ ! -e "$CLAUDE_PROJECT_DIR/${theirs}" ]; do`,
      "  i=$((i+1)); [ $i -gt 300 ] && exit 1; sleep 0.05",
      "done",
      `echo "${context}"`,
    ].join("\n"),
  );
}

describe("the hook engine", () => {
  it("runs the matching hooks of an event in parallel", async () => {
    const a = await rendezvous("a", "b", "from a");
    const b = await rendezvous("b", "a", "from b");
    const { engine, notices } = testEngine(sandbox, configOf("UserPromptSubmit", [a, b]));
    const result = await userPromptSubmit(engine, "x");
    expect(notices).toEqual([]);
    expect(result.additionalContext).toEqual(["from a", "from b"]);
  });

  it("runs identical commands once, even when several groups list them", async () => {
    const command = await sandbox.script("count.sh", 'echo run >> "$CLAUDE_PROJECT_DIR/count"');
    const other = await sandbox.script("other.sh", 'echo other >> "$CLAUDE_PROJECT_DIR/count"');
    const { engine } = testEngine(sandbox, {
      PreToolUse: [
        { matcher: "Echo", hooks: [{ type: "command", command }] },
        {
          matcher: "*",
          hooks: [
            { type: "command", command },
            { type: "command", command: other },
          ],
        },
      ],
    });
    const outcome = await engine.run("PreToolUse", {
      tool_name: "Echo",
      tool_input: {},
      tool_use_id: "t",
    });
    expect(outcome.ran).toBe(2);
    expect((await sandbox.read("count")).split("\n").filter(Boolean).sort()).toEqual([
      "other",
      "run",
    ]);
  });

  it("kills a hook that sleeps past its timeout, reports it, and keeps the other hooks' results", async () => {
    const sleeper = await sandbox.script(
      "sleeper.sh",
      'sleep 30 & echo $! > "$CLAUDE_PROJECT_DIR/bg.pid"; sleep 30',
    );
    const quick = await sandbox.script("quick.sh", "echo context from quick");
    const { engine, notices } = testEngine(sandbox, {
      UserPromptSubmit: [
        {
          hooks: [
            { type: "command", command: sleeper, timeout: 1 },
            { type: "command", command: quick },
          ],
        },
      ],
    });
    const result = await userPromptSubmit(engine, "x");
    expect(result).toEqual({ additionalContext: ["context from quick"] });
    expect(notices).toEqual([
      {
        kind: "timed_out",
        hookName: "UserPromptSubmit",
        command: sleeper,
        message: "timed out after 1 s and was stopped",
      },
    ]);
    const background = Number((await sandbox.read("bg.pid")).trim());
    await eventually(() => !processAlive(background));
  });

  it("uses the injected default timeout for hooks that set none", async () => {
    const command = await sandbox.script("slow.sh", "sleep 30");
    const { engine, notices } = testEngine(sandbox, configOf("Stop", [command]), {
      timeoutMsDefault: 500,
    });
    const outcome = await engine.run("Stop", { stop_hook_active: false });
    expect(outcome.blockingErrors).toEqual([]);
    expect(notices.map((n) => [n.kind, n.message])).toEqual([
      ["timed_out", "timed out after 0.5 s and was stopped"],
    ]);
  });

  it("an aborted run stops its hooks and reports nothing", async () => {
    const command = await sandbox.script(
      "wait.sh",
      'echo $$ > "$CLAUDE_PROJECT_DIR/self.pid"; exec sleep 30',
    );
    const { engine, notices } = testEngine(sandbox, configOf("Stop", [command]));
    const controller = new AbortController();
    const running = engine.run("Stop", { stop_hook_active: false }, controller.signal);
    await eventually(() => existsSync(join(sandbox.dir, "self.pid")));
    controller.abort();
    const outcome = await running;
    expect(outcome.blockingErrors).toEqual([]);
    expect(notices).toEqual([]);
    const self = Number((await sandbox.read("self.pid")).trim());
    await eventually(() => !processAlive(self));
  });

  it("sets CLAUDE_PROJECT_DIR to the project folder over the inherited one", async () => {
    const command = await sandbox.script("env.sh", 'echo "$CLAUDE_PROJECT_DIR|$KEPT"');
    const { engine } = testEngine(sandbox, configOf("SessionStart", [command]), {
      projectDir: "/the/project",
      env: { PATH: process.env.PATH, CLAUDE_PROJECT_DIR: "/stale", KEPT: "yes" },
    });
    const outcome = await engine.run("SessionStart", { source: "startup" });
    expect(outcome.additionalContext.map((c) => c.content)).toEqual(["/the/project|yes"]);
  });

  it("never throws: an input it cannot encode and a failing report callback are survived", async () => {
    const command = await sandbox.script("ok.sh", "exit 1");
    const seen: string[] = [];
    const { engine } = testEngine(sandbox, configOf("PostToolUse", [command]), {
      report: (notice) => {
        seen.push(notice.kind);
        throw new Error("UI gone");
      },
    });
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const hooks = toolHooks(engine);
    const signal = new AbortController().signal;
    await expect(hooks.postToolUse(echoTool, {}, "t", cyclic, signal)).resolves.toEqual({
      attachments: [],
    });
    await expect(hooks.postToolUse(echoTool, {}, "t", "fine", signal)).resolves.toEqual({
      attachments: [],
    });
    expect(seen).toEqual(["failed_to_run", "non_blocking_error"]);
  });

  it("runs no process and reports nothing when no hook matches", async () => {
    const { engine, notices } = testEngine(sandbox, {});
    expect(engine.hasHooks("Stop", { stop_hook_active: false })).toBe(false);
    const outcome = await engine.run("Stop", { stop_hook_active: false });
    expect(outcome).toMatchObject({ ran: 0, blockingErrors: [], additionalContext: [] });
    expect(notices).toEqual([]);
  });
});
