import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { HooksConfig } from "../../src/hooks/config.js";
import { HOOK_EVENTS } from "../../src/hooks/events.js";
import {
  notification,
  preCompact,
  sessionEnd,
  sessionStart,
  userPromptSubmit,
} from "../../src/hooks/session-hooks.js";
import { stopHooks } from "../../src/hooks/stop-hooks.js";
import { toolHooks } from "../../src/hooks/tool-hooks.js";
import { createUserMessage } from "../../src/protocol/factories.js";
import type { AssistantMessage } from "../../src/protocol/messages.js";
import { emptyUsage } from "../../src/protocol/usage.js";
import { makeToolUseContext } from "../helpers/tool-context.js";
import { counterIds } from "../loop/harness.js";
import { echoTool } from "../loop/tools.js";
import { type HookSandbox, makeSandbox, testEngine } from "./helpers.js";

let sandbox: HookSandbox;
beforeEach(async () => {
  sandbox = await makeSandbox();
});
afterEach(() => sandbox.cleanup());

/** Every event runs one script that saves its stdin and environment under the event's name. */
async function recordingEngine() {
  const command = await sandbox.script(
    "record.sh",
    'cat > "$CLAUDE_PROJECT_DIR/$1.json"; printf %s "$CLAUDE_PROJECT_DIR" > "$CLAUDE_PROJECT_DIR/$1.env"',
  );
  const config: HooksConfig = {};
  for (const event of HOOK_EVENTS) {
    config[event] = [{ hooks: [{ type: "command", command: `${command} ${event}` }] }];
  }
  return testEngine(sandbox, config, { mode: "acceptEdits" });
}

async function stdinOf(event: string): Promise<Record<string, unknown>> {
  return JSON.parse(await sandbox.read(`${event}.json`)) as Record<string, unknown>;
}

function common(event: string) {
  return {
    session_id: "sess-1",
    transcript_path: join(sandbox.dir, "transcript.jsonl"),
    cwd: sandbox.dir,
    permission_mode: "acceptEdits",
    hook_event_name: event,
  };
}

function assistantSaying(text: string): AssistantMessage {
  return {
    type: "assistant",
    uuid: "a1",
    timestamp: "2026-01-01T00:00:00.000Z",
    message: {
      id: "msg_1",
      model: "claude-test",
      role: "assistant",
      content: [{ type: "text", text }],
      stop_reason: "end_turn",
      stop_sequence: null,
      usage: emptyUsage(),
    },
  };
}

describe("the stdin JSON of every event", () => {
  it("PreToolUse and PostToolUse get the tool's name, input, id (and response)", async () => {
    const { engine } = await recordingEngine();
    const hooks = toolHooks(engine);
    const signal = new AbortController().signal;
    await hooks.preToolUse(echoTool, { text: "hi" }, "toolu_1", signal);
    await hooks.postToolUse(echoTool, { text: "hi" }, "toolu_1", "echo: hi", signal);
    expect(await stdinOf("PreToolUse")).toEqual({
      ...common("PreToolUse"),
      tool_name: "Echo",
      tool_input: { text: "hi" },
      tool_use_id: "toolu_1",
    });
    expect(await stdinOf("PostToolUse")).toEqual({
      ...common("PostToolUse"),
      tool_name: "Echo",
      tool_input: { text: "hi" },
      tool_response: "echo: hi",
      tool_use_id: "toolu_1",
    });
    expect(await sandbox.read("PreToolUse.env")).toBe(sandbox.dir);
  });

  it("Stop gets stop_hook_active and the last assistant text; SubagentStop the agent too", async () => {
    const { engine } = await recordingEngine();
    const run = stopHooks(engine, { agentTranscriptPath: (id) => `/t/agent-${id}.jsonl` });
    const history = [createUserMessage("go", counterIds()), assistantSaying("All done.")];
    await run(history, makeToolUseContext(), true);
    const subagent = { ...makeToolUseContext(), agentId: "ag1", agentType: "Explore" };
    await run(history, subagent, false);
    expect(await stdinOf("Stop")).toEqual({
      ...common("Stop"),
      stop_hook_active: true,
      last_assistant_message: "All done.",
    });
    expect(await stdinOf("SubagentStop")).toEqual({
      ...common("SubagentStop"),
      stop_hook_active: false,
      agent_id: "ag1",
      agent_type: "Explore",
      agent_transcript_path: "/t/agent-ag1.jsonl",
      last_assistant_message: "All done.",
    });
  });

  it("UserPromptSubmit, SessionStart, SessionEnd, PreCompact and Notification get their fields", async () => {
    const { engine } = await recordingEngine();
    await userPromptSubmit(engine, "fix the bug");
    await sessionStart(engine, "resume", { model: "claude-test" });
    await sessionEnd(engine, "prompt_input_exit");
    await preCompact(engine, "manual", "keep the API notes");
    await notification(engine, {
      message: "Claude needs your permission to use Bash",
      title: "Permission needed",
      notification_type: "permission_prompt",
    });
    expect(await stdinOf("UserPromptSubmit")).toEqual({
      ...common("UserPromptSubmit"),
      prompt: "fix the bug",
    });
    expect(await stdinOf("SessionStart")).toEqual({
      ...common("SessionStart"),
      source: "resume",
      model: "claude-test",
    });
    expect(await stdinOf("SessionEnd")).toEqual({
      ...common("SessionEnd"),
      reason: "prompt_input_exit",
    });
    expect(await stdinOf("PreCompact")).toEqual({
      ...common("PreCompact"),
      trigger: "manual",
      custom_instructions: "keep the API notes",
    });
    expect(await stdinOf("Notification")).toEqual({
      ...common("Notification"),
      message: "Claude needs your permission to use Bash",
      title: "Permission needed",
      notification_type: "permission_prompt",
    });
  });

  it("reads the permission mode when the event fires, not when the engine was built", async () => {
    let mode: "default" | "plan" = "default";
    const command = await sandbox.script("mode.sh", 'cat > "$CLAUDE_PROJECT_DIR/mode.json"');
    const { engine } = testEngine(
      sandbox,
      { UserPromptSubmit: [{ hooks: [{ type: "command", command }] }] },
      { permissionMode: () => mode },
    );
    mode = "plan";
    await userPromptSubmit(engine, "x");
    expect((await stdinOf("mode")).permission_mode).toBe("plan");
  });
});
