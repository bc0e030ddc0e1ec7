import { getEventListeners } from "node:events";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ToolUseBlock } from "../../../src/protocol/content.js";
import type { CanUseTool } from "../../../src/tools/context.js";
import type { ToolHooks } from "../../../src/tools/hooks.js";
import { runTools } from "../../../src/tools/run-tools.js";
import { StreamingToolExecutor } from "../../../src/tools/streaming-executor.js";
import type { ToolMessage } from "../../../src/tools/tool-update.js";
import { EventLog, Gates, nextTick } from "./helpers/event-log.js";
import {
  assistantFor,
  counterIds,
  resultsIn,
  testContext,
  toolUse,
} from "./helpers/test-context.js";
import { fakeBashTool, gatedTool, throwerTool, waitTool } from "./helpers/test-tools.js";

const callArb = fc.oneof(
  fc.constant({ name: "Echo", input: { text: "hi" } }),
  fc.constant({ name: "Note", input: { text: "note" } }),
  fc.constant({ name: "Missing", input: {} }),
  fc.constant({ name: "Echo", input: { wrong: 1 } }),
  fc.constant({ name: "Thrower", input: { message: "broken" } }),
  fc.record({
    name: fc.constant("Bash"),
    input: fc.record({ command: fc.string(), fail: fc.boolean() }),
  }),
  fc.record({
    name: fc.constant("Wait"),
    input: fc.record({ ticks: fc.integer({ min: 0, max: 3 }), safe: fc.boolean() }),
  }),
);

/** Where the user aborts: never, when the n-th call asks for permission, or after n messages. */
const abortArb = fc.oneof(
  fc.constant({ at: "never" as const, n: 0 }),
  fc.record({ at: fc.constant("permission" as const), n: fc.integer({ min: 1, max: 8 }) }),
  fc.record({ at: fc.constant("message" as const), n: fc.integer({ min: 0, max: 8 }) }),
);

const scenarioArb = fc.record({
  calls: fc.array(fc.record({ call: callArb, gap: fc.integer({ min: 0, max: 2 }) }), {
    maxLength: 8,
  }),
  abort: abortArb,
});
type Scenario = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never;

function setup(scenario: Scenario) {
  const log = new EventLog();
  const gates = new Gates();
  let asked = 0;
  let controller: AbortController | undefined;
  const canUseTool: CanUseTool = async () => {
    asked += 1;
    if (scenario.abort.at === "permission" && asked === scenario.abort.n) controller?.abort();
    return { behavior: "allow" };
  };
  const tools = [
    gatedTool("Echo", log, gates),
    gatedTool("Note", log, gates),
    throwerTool(),
    fakeBashTool(log, gates),
    waitTool(),
  ];
  // Hooks that take a moment: messages keep coming after a call's result, while siblings fail.
  const hooks: ToolHooks = {
    preToolUse: async () => ({ attachments: [] }),
    postToolUse: async (_tool, _input, id) => {
      await nextTick();
      return { attachments: [{ type: "system_reminder", content: `after ${id}` }] };
    },
  };
  const { context } = testContext(tools, { canUseTool, hooks, maxToolUseConcurrency: 2 });
  controller = context.abortController;
  const blocks: ToolUseBlock[] = scenario.calls.map(({ call }, i) =>
    toolUse(`id${i}`, call.name, call.input),
  );
  const seen: ToolMessage[] = [];
  const record = (message: ToolMessage) => {
    seen.push(message);
    if (scenario.abort.at === "message" && seen.length === scenario.abort.n)
      context.abortController.abort();
  };
  return { context, blocks, seen, record };
}

function countResults(messages: ToolMessage[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of resultsIn(messages))
    counts.set(r.tool_use_id, (counts.get(r.tool_use_id) ?? 0) + 1);
  return counts;
}

describe("every tool call gets exactly one result", () => {
  it("in runTools, in the model's order, whatever the calls and wherever the abort", async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (scenario) => {
        const { context, blocks, seen, record } = setup(scenario);
        for await (const update of runTools(blocks, assistantFor, context, counterIds())) {
          if (update.message) record(update.message);
        }
        expect(resultsIn(seen).map((r) => r.tool_use_id)).toEqual(blocks.map((b) => b.id));
        if (scenario.abort.at === "never")
          expect(context.abortController.signal.aborted).toBe(false);
      }),
    );
  });

  it("in the streaming executor, for every call it accepted", async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (scenario) => {
        const { context, blocks, seen, record } = setup(scenario);
        const executor = new StreamingToolExecutor(context, counterIds());
        const accepted: string[] = [];
        for (const [i, block] of blocks.entries()) {
          if (executor.addTool(block, assistantFor(block))) accepted.push(block.id);
          for (const update of executor.getCompletedResults()) record(update.message);
          for (let t = 0; t < scenario.calls[i]!.gap; t++) await nextTick();
        }
        for await (const update of executor.getRemainingResults()) record(update.message);
        const counts = countResults(seen);
        expect([...counts.keys()].sort()).toEqual([...accepted].sort());
        expect([...counts.values()].every((n) => n === 1)).toBe(true);
        expect(getEventListeners(context.abortController.signal, "abort")).toEqual([]);
        if (scenario.abort.at === "never")
          expect(context.abortController.signal.aborted).toBe(false);
      }),
    );
  });
});
