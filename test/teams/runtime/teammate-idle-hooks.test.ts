import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { toolHooks } from "../../../src/hooks/tool-hooks.js";
import { configOf, type HookSandbox, makeSandbox, testEngine } from "../../hooks/helpers.js";

let sandbox: HookSandbox;

beforeEach(async () => {
  sandbox = await makeSandbox();
});

afterEach(async () => {
  await sandbox.cleanup();
});

const idle = {
  event: "TeammateIdle",
  input: { teammate_name: "alice", team_name: "session-1" },
} as const;
const signal = new AbortController().signal;

describe("a teammate's turn-end hooks (real hook processes)", () => {
  it("TeammateIdle gets teammate_name and team_name; exit 2 feeds its stderr back", async () => {
    const hook = await sandbox.script(
      "idle.sh",
      `cat > "${sandbox.dir}/stdin.json"\necho "write the tests first" >&2\nexit 2`,
    );
    const { engine } = testEngine(sandbox, configOf("TeammateIdle", [hook]));
    const verdict = await toolHooks(engine).teamEvent?.(idle, signal);
    expect(verdict?.feedback).toMatch(/idle\.sh.*: write the tests first$/);
    expect(JSON.parse(await sandbox.read("stdin.json"))).toMatchObject({
      hook_event_name: "TeammateIdle",
      teammate_name: "alice",
      team_name: "session-1",
    });
  });

  it('{"continue": false} stops the teammate; silence lets it go idle', async () => {
    const stop = await sandbox.script("stop.sh", `echo '{"continue":false,"stopReason":"enough"}'`);
    const stopping = testEngine(sandbox, configOf("TeammateIdle", [stop])).engine;
    expect(await toolHooks(stopping).teamEvent?.(idle, signal)).toEqual({ stop: "enough" });
    const quiet = await sandbox.script("quiet.sh", "exit 0");
    const silent = testEngine(sandbox, configOf("TeammateIdle", [quiet])).engine;
    expect(await toolHooks(silent).teamEvent?.(idle, signal)).toEqual({});
  });

  it("TaskCompleted at a turn's end gets the task and the teammate; exit 2 keeps it working", async () => {
    const hook = await sandbox.script(
      "done.sh",
      `cat > "${sandbox.dir}/task.json"\necho "the build is red" >&2\nexit 2`,
    );
    const { engine } = testEngine(sandbox, configOf("TaskCompleted", [hook]));
    const input = {
      task_id: "3",
      task_subject: "Review",
      task_description: "Review both",
      teammate_name: "bob",
      team_name: "session-1",
    };
    const verdict = await toolHooks(engine).teamEvent?.({ event: "TaskCompleted", input }, signal);
    expect(verdict?.feedback).toMatch(/done\.sh.*: the build is red$/);
    expect(JSON.parse(await sandbox.read("task.json"))).toMatchObject(input);
  });
});
