import { describe, expect, it } from "vitest";
import type { CanUseTool } from "../../../src/tools/context.js";
import type { ToolHooks } from "../../../src/tools/hooks.js";
import { runToolUse } from "../../../src/tools/run-tool-use.js";
import type { AnyTool } from "../../../src/tools/tool.js";
import { CANCEL_MESSAGE, INTERRUPT_MESSAGE_FOR_TOOL_USE } from "../../../src/tools/tool-errors.js";
import type { ToolUpdate } from "../../../src/tools/tool-update.js";
import { EventLog, Gates } from "./helpers/event-log.js";
import {
  assistantFor,
  type ContextOptions,
  collect,
  counterIds,
  resultsIn,
  testContext,
  textOfResult,
  toolUse,
} from "./helpers/test-context.js";
import { gatedTool, progressTool, sleepTool, throwerTool } from "./helpers/test-tools.js";

interface Run {
  updates: ToolUpdate[];
  log: EventLog;
  inProgress: string[];
  decisions: Map<string, unknown>;
  turn: AbortController;
}

/** Runs one call of `name` with Echo, Thrower, Progress and Sleep available. */
async function runOne(
  name: string,
  input: Record<string, unknown>,
  options: ContextOptions & { extraTools?: AnyTool[]; abortFirst?: boolean } = {},
): Promise<Run> {
  const log = new EventLog();
  const gates = new Gates();
  const tools = [
    gatedTool("Echo", log, gates),
    throwerTool(),
    progressTool(log),
    sleepTool(log, gates),
  ];
  const { context, inProgress } = testContext([...tools, ...(options.extraTools ?? [])], options);
  if (options.abortFirst) context.abortController.abort();
  const block = toolUse("t1", name, input);
  const signal = context.abortController.signal;
  const updates = await collect(
    runToolUse(block, assistantFor(block), context, signal, counterIds()),
  );
  return {
    updates,
    log,
    inProgress,
    decisions: context.toolDecisions,
    turn: context.abortController,
  };
}

function only(run: Run) {
  const results = resultsIn(run.updates.map((u) => u.message));
  expect(results).toHaveLength(1);
  return results[0]!;
}

const hooks = (pre: Partial<Awaited<ReturnType<ToolHooks["preToolUse"]>>>): ToolHooks => ({
  preToolUse: async () => ({ attachments: [], ...pre }),
  postToolUse: async () => ({ attachments: [] }),
});

describe("runToolUse", () => {
  it("answers an unknown tool with a no-such-tool error", async () => {
    const run = await runOne("Nope", {});
    expect(only(run)).toMatchObject({
      tool_use_id: "t1",
      is_error: true,
      content: "<tool_use_error>Error: No such tool available: Nope</tool_use_error>",
    });
    expect(run.updates[0]!.message).toMatchObject({
      toolUseResult: "Error: No such tool available: Nope",
      sourceToolAssistantUUID: "assistant-t1",
    });
  });

  it("finds a tool by its alias", async () => {
    const log = new EventLog();
    const aliased = { ...gatedTool("Echo", log, new Gates()), aliases: ["Say"] };
    const withoutAlias = await runOne("Say", { text: "hi" });
    expect(only(withoutAlias).is_error).toBe(true);
    const withAlias = await runOne("Say", { text: "hi" }, { extraTools: [aliased] });
    expect(textOfResult(only(withAlias))).toBe("hi");
  });

  it("cancels a call that starts after the turn was aborted", async () => {
    const run = await runOne("Echo", { text: "late" }, { abortFirst: true });
    expect(only(run)).toMatchObject({ is_error: true, content: CANCEL_MESSAGE });
    expect(run.log.entries).toEqual([]);
  });

  it("answers a malformed input with a message naming the field", async () => {
    const run = await runOne("Echo", { txt: "x" });
    expect(only(run)).toMatchObject({
      is_error: true,
      content:
        "<tool_use_error>InputValidationError: Echo failed due to the following issues:\n" +
        "The required parameter `text` is missing\nAn unexpected parameter `txt` was provided</tool_use_error>",
    });
    expect(run.log.entries).toEqual([]);
  });

  it("answers a rejected validateInput with its message", async () => {
    const log = new EventLog();
    const picky = {
      ...gatedTool("Echo", log, new Gates()),
      name: "Picky",
      validateInput: async (input: unknown) =>
        (input as { text: string }).text === "ok"
          ? { ok: true as const }
          : { ok: false as const, message: "text must be ok" },
    };
    const run = await runOne("Picky", { text: "bad" }, { extraTools: [picky] });
    expect(only(run)).toMatchObject({
      is_error: true,
      content: "<tool_use_error>text must be ok</tool_use_error>",
    });
    expect(log.entries).toEqual([]);
  });

  it("reports a PreToolUse hook's denial and does not call the tool", async () => {
    let asked = false;
    const canUseTool: CanUseTool = async () => {
      asked = true;
      return { behavior: "allow" };
    };
    const run = await runOne(
      "Echo",
      { text: "x" },
      {
        canUseTool,
        hooks: hooks({ permission: { behavior: "deny", reason: "no echoes today" } }),
      },
    );
    expect(only(run)).toMatchObject({
      is_error: true,
      content: "PreToolUse:Echo hook error: no echoes today",
    });
    expect(asked).toBe(false);
    expect(run.log.entries).toEqual([]);
    expect(run.decisions.get("t1")).toEqual({ source: "hook", decision: "reject" });
  });

  it("calls the tool with the input a PreToolUse hook rewrote", async () => {
    const seen: unknown[] = [];
    const canUseTool: CanUseTool = async (_tool, input) => {
      seen.push(input);
      return { behavior: "allow" };
    };
    const run = await runOne(
      "Echo",
      { text: "original" },
      {
        canUseTool,
        hooks: hooks({ updatedInput: { text: "rewritten" } }),
      },
    );
    expect(seen).toEqual([{ text: "rewritten" }]);
    expect(textOfResult(only(run))).toBe("rewritten");
  });

  it("still asks the policy when a hook allows, and the policy's denial wins", async () => {
    const canUseTool: CanUseTool = async () => ({
      behavior: "deny",
      message: "denied by rule Echo",
    });
    const run = await runOne(
      "Echo",
      { text: "x" },
      { canUseTool, hooks: hooks({ permission: { behavior: "allow" } }) },
    );
    expect(only(run)).toMatchObject({ is_error: true, content: "denied by rule Echo" });
    expect(run.log.entries).toEqual([]);
  });

  it("records a hook-approved call as decided by the hook", async () => {
    const run = await runOne(
      "Echo",
      { text: "x" },
      { hooks: hooks({ permission: { behavior: "allow" } }) },
    );
    expect(run.decisions.get("t1")).toMatchObject({ source: "hook", decision: "accept" });
  });

  it("yields hook attachments before the result and a stop marker after it", async () => {
    const run = await runOne(
      "Echo",
      { text: "x" },
      {
        hooks: hooks({
          attachments: [
            { type: "hook_additional_context", hookName: "PreToolUse:Echo", content: "note" },
          ],
          preventContinuation: { reason: "enough for today", hookName: "PreToolUse:Echo" },
        }),
      },
    );
    const steps = run.updates.map((u) => (u.ran ? "ran" : u.message?.type));
    expect(steps).toEqual(["attachment", "ran", "user", "attachment"]);
    expect(run.updates[3]!.message).toMatchObject({
      attachment: {
        type: "hook_stopped_continuation",
        hookName: "PreToolUse:Echo",
        message: "enough for today",
      },
    });
  });

  it("runs PostToolUse hooks once the tool has run, before its result, and reports their stop request", async () => {
    const order: string[] = [];
    const post: ToolHooks = {
      preToolUse: async () => ({ attachments: [] }),
      postToolUse: async (_tool, _input, id, response) => {
        order.push(`post:${id}:${String(response)}`);
        return {
          attachments: [{ type: "system_reminder", content: "checked" }],
          preventContinuation: { reason: "", hookName: "PostToolUse:Echo" },
        };
      },
    };
    const run = await runOne("Echo", { text: "x" }, { hooks: post });
    expect(order).toEqual(["post:t1:x"]);
    const steps = run.updates.map((u) => (u.ran ? "ran" : u.message?.type));
    expect(steps).toEqual(["ran", "user", "attachment", "attachment"]);
    expect(run.updates[3]!.message).toMatchObject({
      attachment: { type: "hook_stopped_continuation", message: "Execution stopped by hook" },
    });
  });

  it("reports a permission denial as an error result and keeps the turn going", async () => {
    const canUseTool: CanUseTool = async () => ({
      behavior: "deny",
      message: "Permission to use Echo has been denied.",
    });
    const run = await runOne("Echo", { text: "x" }, { canUseTool });
    expect(only(run)).toMatchObject({
      is_error: true,
      content: "Permission to use Echo has been denied.",
    });
    expect(run.turn.signal.aborted).toBe(false);
    expect(run.decisions.get("t1")).toEqual({ source: "config", decision: "reject" });
  });

  it("ends the turn when a denial says interrupt", async () => {
    const canUseTool: CanUseTool = async () => ({
      behavior: "deny",
      message: "rejected",
      interrupt: true,
    });
    const run = await runOne("Echo", { text: "x" }, { canUseTool });
    expect(only(run)).toMatchObject({ is_error: true, content: "rejected" });
    expect(run.turn.signal.aborted).toBe(true);
    expect(run.log.entries).toEqual([]);
  });

  it("calls the tool with the input a permission answer rewrote", async () => {
    const canUseTool: CanUseTool = async () => ({
      behavior: "allow",
      updatedInput: { text: "approved" },
    });
    const run = await runOne("Echo", { text: "asked" }, { canUseTool });
    expect(textOfResult(only(run))).toBe("approved");
  });

  it("turns a thrown tool error into an unwrapped error result", async () => {
    const run = await runOne("Thrower", { message: "disk full" });
    expect(only(run)).toMatchObject({ is_error: true, content: "disk full" });
  });

  it("truncates a huge thrown error in the middle", async () => {
    const run = await runOne("Thrower", { message: `${"a".repeat(8000)}${"b".repeat(8000)}` });
    expect(textOfResult(only(run))).toBe(
      `${"a".repeat(5000)}\n\n... [6000 characters truncated] ...\n\n${"b".repeat(5000)}`,
    );
  });

  it("reports a call interrupted by the turn's abort as interrupted", async () => {
    const log = new EventLog();
    const gates = new Gates();
    const { context } = testContext([sleepTool(log, gates)]);
    const block = toolUse("t1", "Sleep", { id: "s" });
    const run = collect(
      runToolUse(block, assistantFor(block), context, context.abortController.signal, counterIds()),
    );
    await log.waitFor("start:s");
    context.abortController.abort();
    expect(resultsIn((await run).map((u) => u.message))).toMatchObject([
      { is_error: true, content: INTERRUPT_MESSAGE_FOR_TOOL_USE },
    ]);
  });

  it("wraps a failure outside the tool (a crashing hook) as an error calling the tool", async () => {
    const broken: ToolHooks = {
      preToolUse: async () => {
        throw new Error("hook runner crashed");
      },
      postToolUse: async () => ({ attachments: [] }),
    };
    const run = await runOne("Echo", { text: "x" }, { hooks: broken });
    expect(only(run)).toMatchObject({
      is_error: true,
      content: "<tool_use_error>Error calling tool (Echo): hook runner crashed</tool_use_error>",
    });
  });

  it("never gives a second result when a PostToolUse hook crashes after the result", async () => {
    const broken: ToolHooks = {
      preToolUse: async () => ({ attachments: [] }),
      postToolUse: async () => {
        throw new Error("post hook crashed");
      },
    };
    const run = await runOne("Echo", { text: "x" }, { hooks: broken });
    expect(only(run)).toMatchObject({ content: "x" });
    expect(run.updates.at(-1)!.message).toMatchObject({
      attachment: {
        type: "system_reminder",
        content: "Error calling tool (Echo): post hook crashed",
      },
    });
  });

  it("marks an empty result so the model sees the call completed", async () => {
    const run = await runOne("Progress", { steps: 0, text: "  \n" });
    expect(only(run)).toMatchObject({ content: "(Progress completed with no output)" });
    expect(only(run).is_error).toBeUndefined();
  });

  it("yields progress messages, tied to the call, before the result", async () => {
    const run = await runOne("Progress", { steps: 2, text: "done" });
    const steps = run.updates.map((u) => (u.ran ? "ran" : u.message?.type));
    expect(steps).toEqual(["progress", "progress", "ran", "user"]);
    expect(run.updates[0]!.message).toMatchObject({
      parentToolUseID: "t1",
      toolUseID: "t1",
      data: { step: 1 },
    });
    expect(run.updates[3]!.message).toMatchObject({
      toolUseResult: "done",
      sourceToolAssistantUUID: "assistant-t1",
    });
  });

  it("puts a tool's extra messages right after its result", async () => {
    const log = new EventLog();
    const base = gatedTool("Echo", log, new Gates());
    const withDoc: AnyTool = {
      ...base,
      name: "Doc",
      call: async (input, context, onProgress) => {
        const result = await base.call(input as never, context, onProgress);
        const extra = {
          type: "user" as const,
          uuid: "extra",
          timestamp: "t",
          isMeta: true,
          message: { role: "user" as const, content: "the document" },
        };
        return { ...result, newMessages: [extra] };
      },
    };
    const run = await runOne("Doc", { text: "x" }, { extraTools: [withDoc] });
    const steps = run.updates.flatMap((u) => (u.message ? [u.message.uuid] : []));
    expect(steps).toEqual([expect.any(String), "extra"]);
    expect(resultsIn(run.updates.map((u) => u.message))).toHaveLength(1);
  });

  it("tells the host which calls are running", async () => {
    const run = await runOne("Echo", { text: "x" });
    expect(run.inProgress).toEqual(["+t1", "-t1"]);
  });
});
