import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { HookEvent } from "../../src/hooks/events.js";
import { formatHookNotice } from "../../src/hooks/hook-result.js";
import {
  describeBlockedPrompt,
  preCompact,
  sessionStart,
  userPromptSubmit,
} from "../../src/hooks/session-hooks.js";
import { stopHooks } from "../../src/hooks/stop-hooks.js";
import { toolHooks } from "../../src/hooks/tool-hooks.js";
import { makeToolUseContext } from "../helpers/tool-context.js";
import { echoTool } from "../loop/tools.js";
import { configOf, type HookSandbox, makeSandbox, testEngine } from "./helpers.js";

let sandbox: HookSandbox;
beforeEach(async () => {
  sandbox = await makeSandbox();
});
afterEach(() => sandbox.cleanup());

let scripts = 0;
/** A hook script that prints `stdout` and `stderr` and exits with `code`. */
function hook(stdout: string, code = 0, stderr = ""): Promise<string> {
  const body = [
    "cat > /dev/null",
    `cat <<'OUT'\n${stdout}\nOUT`,
    stderr === "" ? "" : `cat >&2 <<'ERR'\n${stderr}\nERR`,
    `exit ${code}`,
  ].join("\n");
  return sandbox.script(`hook-${++scripts}.sh`, body);
}

async function engineFor(event: HookEvent, commands: string[], matcher?: string) {
  return testEngine(sandbox, configOf(event, commands, matcher));
}

const signal = new AbortController().signal;
const pre = (speak: string) => ({
  hookSpecificOutput: { hookEventName: "PreToolUse", ...JSON.parse(speak) },
});

async function preToolUse(...commands: string[]) {
  const { engine, notices } = await engineFor("PreToolUse", commands, "Echo");
  const outcome = await toolHooks(engine).preToolUse(echoTool, { text: "a" }, "toolu_1", signal);
  return { outcome, notices };
}

describe("PreToolUse outcomes", () => {
  it("exit 0 with permissionDecision deny denies the call with the hook's reason", async () => {
    const command = await hook(
      JSON.stringify(pre('{"permissionDecision":"deny","permissionDecisionReason":"no echo"}')),
    );
    const { outcome } = await preToolUse(command);
    expect(outcome.permission).toEqual({ behavior: "deny", reason: "no echo" });
  });

  it("exit 0 with allow and updatedInput allows and rewrites the input", async () => {
    const command = await hook(
      JSON.stringify(pre('{"permissionDecision":"allow","updatedInput":{"text":"b"}}')),
    );
    const { outcome } = await preToolUse(command);
    expect(outcome.permission).toEqual({ behavior: "allow" });
    expect(outcome.updatedInput).toEqual({ text: "b" });
  });

  it("exit 0 with ask asks, and additionalContext becomes an attachment for the model", async () => {
    const command = await hook(
      JSON.stringify(pre('{"permissionDecision":"ask","additionalContext":"echo is noisy"}')),
    );
    const { outcome } = await preToolUse(command);
    expect(outcome.permission).toEqual({ behavior: "ask" });
    expect(outcome.attachments).toEqual([
      { type: "hook_additional_context", hookName: "PreToolUse:Echo", content: "echo is noisy" },
    ]);
  });

  it("continue:false asks the turn to stop, with the stopReason", async () => {
    const command = await hook('{"continue":false,"stopReason":"budget spent"}');
    const { outcome } = await preToolUse(command);
    expect(outcome.preventContinuation).toEqual({
      hookName: "PreToolUse:Echo",
      reason: "budget spent",
    });
  });

  it("exit 2 denies the call with the command and its stderr as the reason; stdout is ignored", async () => {
    const command = await hook('{"decision":"approve"}', 2, "rm is not allowed here");
    const { outcome } = await preToolUse(command);
    expect(outcome.permission).toEqual({
      behavior: "deny",
      reason: `[${command}]: rm is not allowed here`,
    });
  });

  it("the deprecated top-level decision approve/block maps to allow/deny", async () => {
    const approve = await hook('{"decision":"approve","reason":"fine"}');
    expect((await preToolUse(approve)).outcome.permission).toEqual({
      behavior: "allow",
      reason: "fine",
    });
    const block = await hook('{"decision":"block","reason":"nope"}');
    expect((await preToolUse(block)).outcome.permission).toEqual({
      behavior: "deny",
      reason: "nope",
    });
  });

  it("merges parallel verdicts: deny beats ask beats allow", async () => {
    const allow = await hook(JSON.stringify(pre('{"permissionDecision":"allow"}')));
    const ask = await hook(JSON.stringify(pre('{"permissionDecision":"ask"}')));
    const deny = await hook(JSON.stringify(pre('{"permissionDecision":"deny"}')));
    expect((await preToolUse(allow, ask)).outcome.permission?.behavior).toBe("ask");
    expect((await preToolUse(deny, allow, ask)).outcome.permission?.behavior).toBe("deny");
    expect((await preToolUse(allow)).outcome.permission?.behavior).toBe("allow");
  });

  it("exit 1 is a non-blocking error shown to the user: no verdict", async () => {
    const command = await hook("", 1, "linter crashed\nstack trace");
    const { outcome, notices } = await preToolUse(command);
    expect(outcome.permission).toBeUndefined();
    expect(notices).toEqual([
      {
        kind: "non_blocking_error",
        hookName: "PreToolUse:Echo",
        command,
        message: "Failed with non-blocking status code 1: linter crashed",
      },
    ]);
  });

  it("exit 1 without stderr still says which status it failed with, in one line for the user", async () => {
    const command = await hook("", 7);
    const { notices } = await preToolUse(command);
    expect(notices.map(formatHookNotice)).toEqual([
      `PreToolUse:Echo hook error: [${command}] Failed with non-blocking status code 7`,
    ]);
  });

  it("invalid JSON is reported as a non-blocking error naming the hook", async () => {
    const command = await hook('{"permissionDecision": deny');
    const { outcome, notices } = await preToolUse(command);
    expect(outcome.permission).toBeUndefined();
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      kind: "invalid_output",
      hookName: "PreToolUse:Echo",
      command,
    });
    expect(notices[0]?.message).toMatch(/not valid JSON/);
  });

  it("JSON that breaks the schema, or names another event, is reported and ignored", async () => {
    const wrongValue = await hook(JSON.stringify(pre('{"permissionDecision":"maybe"}')));
    const wrongEvent = await hook(
      '{"hookSpecificOutput":{"hookEventName":"PostToolUse","permissionDecision":"deny"}}',
    );
    const { outcome, notices } = await preToolUse(wrongValue, wrongEvent);
    expect(outcome.permission).toBeUndefined();
    expect(notices.map((n) => n.kind)).toEqual(["invalid_output", "invalid_output"]);
    expect(notices[0]?.message).toMatch(/^JSON validation failed/);
    expect(notices[1]?.message).toMatch(/hookEventName is "PostToolUse", expected "PreToolUse"/);
  });

  it("plain stdout on exit 0 is not context for tool events; systemMessage goes to the user", async () => {
    const plain = await hook("just logging");
    const message = await hook('{"systemMessage":"formatted 3 files"}');
    const { outcome, notices } = await preToolUse(plain, message);
    expect(outcome).toEqual({ attachments: [] });
    expect(notices).toEqual([
      {
        kind: "system_message",
        hookName: "PreToolUse:Echo",
        command: message,
        message: "formatted 3 files",
      },
    ]);
  });

  it("a hook whose matcher does not fit the tool does not run", async () => {
    const command = await sandbox.script("never.sh", 'touch "$CLAUDE_PROJECT_DIR/ran"; exit 2');
    const { engine } = await engineFor("PreToolUse", [command], "Bash|Write");
    const outcome = await toolHooks(engine).preToolUse(echoTool, { text: "a" }, "t", signal);
    expect(outcome).toEqual({ attachments: [] });
    await expect(sandbox.read("ran")).rejects.toThrow();
  });
});

describe("PostToolUse outcomes", () => {
  it("exit 2 sends stderr to the model next to the result", async () => {
    const command = await hook("", 2, "lint: 3 errors");
    const { engine } = await engineFor("PostToolUse", [command]);
    const outcome = await toolHooks(engine).postToolUse(echoTool, { text: "a" }, "t", "r", signal);
    expect(outcome.attachments).toEqual([
      {
        type: "system_reminder",
        content: `PostToolUse:Echo hook blocking error from command: "${command}": [${command}]: lint: 3 errors`,
      },
    ]);
  });

  it("decision block with a reason, and additionalContext, reach the model", async () => {
    const command = await hook(
      '{"decision":"block","reason":"tests fail","hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"see log"}}',
    );
    const { engine } = await engineFor("PostToolUse", [command]);
    const outcome = await toolHooks(engine).postToolUse(echoTool, { text: "a" }, "t", "r", signal);
    expect(outcome.attachments).toEqual([
      {
        type: "system_reminder",
        content: `PostToolUse:Echo hook blocking error from command: "${command}": tests fail`,
      },
      { type: "hook_additional_context", hookName: "PostToolUse:Echo", content: "see log" },
    ]);
  });
});

describe("UserPromptSubmit, SessionStart and PreCompact outcomes", () => {
  it("UserPromptSubmit: plain stdout and additionalContext become context", async () => {
    const plain = await hook("Current branch: main");
    const json = await hook(
      '{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"ticket 42"}}',
    );
    const { engine } = await engineFor("UserPromptSubmit", [plain, json]);
    expect(await userPromptSubmit(engine, "go")).toEqual({
      additionalContext: ["Current branch: main", "ticket 42"],
    });
  });

  it("UserPromptSubmit: exit 2 blocks the prompt with stderr; decision block with its reason", async () => {
    const exit2 = await hook("", 2, "no secrets in prompts");
    const { engine } = await engineFor("UserPromptSubmit", [exit2]);
    expect((await userPromptSubmit(engine, "my key is x")).blocked).toBe(
      `[${exit2}]: no secrets in prompts`,
    );
    expect(describeBlockedPrompt("off topic", "tell me a joke")).toBe(
      "UserPromptSubmit operation blocked by hook:\noff topic\n\nOriginal prompt: tell me a joke",
    );
    const json = await hook('{"decision":"block","reason":"off topic"}');
    const second = await engineFor("UserPromptSubmit", [json]);
    expect((await userPromptSubmit(second.engine, "x")).blocked).toBe("off topic");
  });

  it("UserPromptSubmit: continue:false stops without blocking", async () => {
    const command = await hook('{"continue":false,"stopReason":"maintenance"}');
    const { engine } = await engineFor("UserPromptSubmit", [command]);
    expect(await userPromptSubmit(engine, "x")).toEqual({
      additionalContext: [],
      stopped: "maintenance",
    });
  });

  it("SessionStart: stdout is context; exit 2 only tells the user", async () => {
    const plain = await hook("Recent changes: none");
    const failing = await hook("ignored", 2, "could not read issues");
    const { engine, notices } = await engineFor("SessionStart", [plain, failing]);
    expect(await sessionStart(engine, "startup")).toEqual({
      additionalContext: ["Recent changes: none"],
      watchPaths: [],
    });
    expect(notices).toEqual([
      {
        kind: "blocking_error",
        hookName: "SessionStart",
        command: failing,
        message: `[${failing}]: could not read issues`,
      },
    ]);
  });

  it("PreCompact: exit 2 blocks the compaction", async () => {
    const command = await hook("", 2, "not now");
    const { engine } = await engineFor("PreCompact", [command]);
    expect(await preCompact(engine, "auto", null)).toEqual({ blocked: `[${command}]: not now` });
    const ok = await engineFor("PreCompact", [await hook("")]);
    expect(await preCompact(ok.engine, "auto", null)).toEqual({});
  });
});

describe("Stop outcomes", () => {
  it("exit 2 turns stderr into blocking feedback; decision block uses its reason", async () => {
    const exit2 = await hook("", 2, "tests have not run");
    const json = await hook('{"decision":"block","reason":"update the changelog"}');
    const { engine } = await engineFor("Stop", [exit2, json]);
    const outcome = await stopHooks(engine)([], makeToolUseContext(), false);
    expect(outcome).toEqual({
      blockingErrors: [
        { hookName: "Stop", message: `[${exit2}]: tests have not run` },
        { hookName: "Stop", message: "update the changelog" },
      ],
    });
  });

  it("continue:false prevents continuation; exit 1 does not block", async () => {
    const stop = await hook('{"continue":false,"stopReason":"quota"}');
    const failing = await hook("", 1, "oops");
    const { engine, notices } = await engineFor("Stop", [stop, failing]);
    expect(await stopHooks(engine)([], makeToolUseContext(), false)).toEqual({
      blockingErrors: [],
      preventContinuation: { hookName: "Stop", reason: "quota" },
    });
    expect(notices.map((n) => n.kind)).toEqual(["non_blocking_error"]);
  });
});
