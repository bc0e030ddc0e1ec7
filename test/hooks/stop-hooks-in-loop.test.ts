import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { stopHooks } from "../../src/hooks/stop-hooks.js";
import { toolHooks } from "../../src/hooks/tool-hooks.js";
import { messagesOf, runLoop } from "../loop/harness.js";
import { echoTool } from "../loop/tools.js";
import { configOf, type HookSandbox, makeSandbox, testEngine } from "./helpers.js";

let sandbox: HookSandbox;
beforeEach(async () => {
  sandbox = await makeSandbox();
});
afterEach(() => sandbox.cleanup());

const turns = (n: number) => Array.from({ length: n }, (_, i) => ({ content: `done ${i + 1}` }));

describe("command Stop hooks driving the real query loop", () => {
  it("a Stop hook that always blocks ends the turn after the loop's cap, with a warning", async () => {
    const command = await sandbox.script(
      "never-done.sh",
      "cat > /dev/null; echo 'keep working' >&2; exit 2",
    );
    const { engine } = testEngine(sandbox, configOf("Stop", [command]));
    const run = await runLoop({ turns: turns(8) }, { deps: { runStopHooks: stopHooks(engine) } });
    expect(run.transitions.map((t) => t.reason)).toEqual([
      ...Array(5).fill("stop_hook_blocking"),
      "completed",
    ]);
    expect(run.terminal).toEqual({ reason: "completed" });
    expect(run.requests).toHaveLength(6);
    const warnings = messagesOf(run).filter((m) => m.type === "system");
    expect(JSON.stringify(warnings)).toContain(
      "Stop hook Stop blocked the end of the turn 5 times",
    );
    expect(JSON.stringify(run.requests[1])).toContain(
      `Stop hook feedback:\\n[${command}]: keep working`,
    );
  });

  it("a Stop hook that reads stop_hook_active lets the second stop through", async () => {
    const command = await sandbox.script(
      "once.sh",
      'if grep -q \'"stop_hook_active":true\'; then exit 0; fi; echo "run the tests" >&2; exit 2',
    );
    const { engine } = testEngine(sandbox, configOf("Stop", [command]));
    const run = await runLoop({ turns: turns(3) }, { deps: { runStopHooks: stopHooks(engine) } });
    expect(run.transitions.map((t) => t.reason)).toEqual(["stop_hook_blocking", "completed"]);
    expect(run.terminal).toEqual({ reason: "completed" });
  });

  it("a Stop hook printing continue:false ends the turn with stop_hook_prevented", async () => {
    const command = await sandbox.script(
      "freeze.sh",
      'cat > /dev/null; echo \'{"continue":false,"stopReason":"frozen by policy"}\'',
    );
    const { engine } = testEngine(sandbox, configOf("Stop", [command]));
    const run = await runLoop({ turns: turns(2) }, { deps: { runStopHooks: stopHooks(engine) } });
    expect(run.transitions.map((t) => t.reason)).toEqual(["stop_hook_prevented"]);
    expect(run.terminal).toEqual({ reason: "stop_hook_prevented" });
    const stopped = messagesOf(run).find((m) => m.type === "attachment");
    expect(stopped).toMatchObject({
      attachment: {
        type: "hook_stopped_continuation",
        hookName: "Stop",
        message: "frozen by policy",
      },
    });
  });

  it("a PreToolUse hook exiting 2 denies the call in the real pipeline and the model goes on", async () => {
    const command = await sandbox.script(
      "deny.sh",
      "cat > /dev/null; echo 'echo is banned' >&2; exit 2",
    );
    const { engine } = testEngine(sandbox, configOf("PreToolUse", [command], "Echo"));
    const run = await runLoop(
      {
        turns: [
          { content: [{ type: "tool_use", name: "Echo", input: { text: "a" } }] },
          { content: "ok, not echoing" },
        ],
      },
      { tools: [echoTool], hooks: toolHooks(engine) },
    );
    expect(run.terminal).toEqual({ reason: "completed" });
    const body = JSON.stringify(run.requests[1]);
    expect(body).toContain(`PreToolUse:Echo hook error: [${command}]: echo is banned`);
    expect(body).toContain('"is_error":true');
  });
});
