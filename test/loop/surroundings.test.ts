import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { QueryEvent } from "../../src/loop/events.js";
import type { CallModel, QueryParams } from "../../src/loop/params.js";
import { query } from "../../src/loop/query.js";
import { ModelError } from "../../src/model/errors.js";
import type { ModelRequest } from "../../src/model/provider.js";
import type { RetryingModelEvent } from "../../src/model/retry.js";
import type { AssistantContentBlock, StopReason } from "../../src/protocol/content.js";
import { createUserMessage } from "../../src/protocol/factories.js";
import type { AnyTool, Tool } from "../../src/tools/tool.js";
import { counterIds, testContext } from "./harness.js";
import { echoTool } from "./tools.js";

const tick = (ms = 5) => new Promise((r) => setTimeout(r, ms));

let rid = 0;
async function* respond(
  blocks: AssistantContentBlock[],
  stopReason: StopReason = blocks.some((b) => b.type === "tool_use") ? "tool_use" : "end_turn",
  extra: { inputError?: string } = {},
): AsyncGenerator<RetryingModelEvent> {
  const id = `msg_${++rid}`;
  yield {
    type: "stream_event",
    event: {
      type: "message_start",
      message: {
        id,
        type: "message",
        role: "assistant",
        model: "m",
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 1, output_tokens: 1 },
      },
    },
  };
  for (const [index, block] of blocks.entries())
    yield {
      type: "block",
      index,
      block,
      ...(extra.inputError && block.type === "tool_use" ? { inputError: extra.inputError } : {}),
    };
  yield {
    type: "response",
    response: {
      id,
      model: "m",
      content: blocks,
      stopReason,
      stopSequence: null,
      usage: {
        input_tokens: 1,
        output_tokens: 10,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
      },
    },
  };
}

function params(
  callModel: CallModel,
  tools: AnyTool[],
  over: Partial<QueryParams> = {},
  ctl?: AbortController,
): QueryParams {
  const ids = counterIds();
  return {
    messages: [createUserMessage("go", ids)],
    systemPrompt: "s",
    userContext: {},
    toolUseContext: testContext(tools, ctl ? { abortController: ctl } : {}),
    deps: { callModel, ids },
    maxOutputTokens: 8000,
    ...over,
  };
}

async function drain(p: QueryParams) {
  const events: QueryEvent[] = [];
  const gen = query(p);
  let step = await gen.next();
  while (!step.done) {
    events.push(step.value);
    step = await gen.next();
  }
  return { events, terminal: step.value };
}

function resultIds(events: QueryEvent[]): string[] {
  return events.flatMap((e) =>
    e.type === "user" && Array.isArray(e.message.content)
      ? e.message.content.flatMap((b) => (b.type === "tool_result" ? [b.tool_use_id] : []))
      : [],
  );
}

describe("the loop stays sound when its surroundings misbehave", () => {
  it("an unexpected model-layer exception after a streamed tool finished leaves exactly one result", async () => {
    const callModel: CallModel = async function* () {
      for await (const e of respond([
        { type: "tool_use", id: "t1", name: "Echo", input: { text: "x" } },
      ])) {
        if (e.type === "response") break; // the stream never finishes
        yield e;
      }
      await tick();
      yield { type: "stream_event", event: { type: "ping" } }; // drains the finished Echo result
      throw new TypeError("provider bug");
    };
    const run = await drain(params(callModel, [echoTool]));
    expect(run.terminal.reason).toBe("model_error");
    expect(resultIds(run.events)).toEqual(["t1"]);
  });

  it("a tool-use summary names the tool calls of its own round only", async () => {
    let n = 0;
    const callModel: CallModel = () => {
      n += 1;
      if (n === 1)
        return respond([{ type: "tool_use", id: "a", name: "Echo", input: { text: "1" } }]);
      if (n === 2)
        return respond([{ type: "tool_use", id: "b", name: "Echo", input: { text: "2" } }]);
      return respond([{ type: "text", text: "done" }]);
    };
    const run = await drain(
      params(callModel, [echoTool], {
        deps: { callModel, ids: counterIds(), summarizeToolRound: async () => "label" },
      }),
    );
    const summaries = run.events.filter((e) => e.type === "tool_use_summary") as Array<{
      precedingToolUseIds: string[];
    }>;
    expect(summaries.map((s) => s.precedingToolUseIds)).toEqual([["a"], ["b"]]);
  });

  it("escalates the output cap once per round, then recovers at the escalated cap", async () => {
    const requests: ModelRequest[] = [];
    const callModel: CallModel = (req) => {
      requests.push(req);
      return respond([{ type: "text", text: "long..." }], "max_tokens");
    };
    const run = await drain(params(callModel, [], { escalatedMaxOutputTokens: 64000 }));
    const reasons = run.events.flatMap((e) =>
      e.type === "system" && e.subtype === "transition" ? [e.transition.reason] : [],
    );
    expect(reasons).toEqual([
      "max_output_tokens_escalate",
      "max_output_tokens_recovery",
      "max_output_tokens_recovery",
      "max_output_tokens_recovery",
      "completed",
    ]);
    expect(requests.map((r) => r.maxTokens)).toEqual([8000, 64000, 64000, 64000, 64000]);
  });

  it("stays on the fallback model for the continues after a switch", async () => {
    const models: string[] = [];
    const callModel: CallModel = (req) => {
      models.push(req.model);
      if (models.length === 1)
        return {
          [Symbol.asyncIterator]: () => ({
            next: () =>
              Promise.reject(
                new ModelError({ kind: "overloaded", useFallback: true }, "overloaded"),
              ),
          }),
        };
      if (models.length === 2) return respond([{ type: "text", text: "cut" }], "max_tokens");
      return respond([{ type: "text", text: "ok" }]);
    };
    await drain(params(callModel, [], { fallbackModel: "fb", escalatedMaxOutputTokens: 64000 }));
    expect(models).toEqual(["claude-test", "fb", "fb"]);
  });

  it("never runs a tool_use whose JSON input could not be parsed; the model gets the parse error", async () => {
    let calls = 0;
    const optional: Tool<{ path?: string }, string> = {
      name: "List",
      description: "lists",
      inputSchema: z.strictObject({ path: z.string().optional() }),
      maxResultSizeChars: 1000,
      isReadOnly: () => true,
      isConcurrencySafe: () => true,
      async call() {
        calls += 1;
        return { data: "listed /" };
      },
      mapToolResult: (o, id) => ({ type: "tool_result", tool_use_id: id, content: o }),
    };
    let n = 0;
    const callModel: CallModel = () =>
      ++n === 1
        ? respond([{ type: "tool_use", id: "t", name: "List", input: {} }], "tool_use", {
            inputError: "tool input is not valid JSON (Unexpected end)",
          })
        : respond([{ type: "text", text: "done" }]);
    const run = await drain(params(callModel, [optional]));
    expect(calls).toBe(0);
    const r = run.events.find((e) => e.type === "user" && Array.isArray(e.message.content));
    expect(JSON.stringify(r)).toContain("could not be read: tool input is not valid JSON");
    expect(resultIds(run.events)).toEqual(["t"]);
  });

  it("stops running tools when the consumer stops reading the turn", async () => {
    let toolSignal: AbortSignal | undefined;
    const slow: Tool<{ text: string }, string> = {
      ...echoTool,
      name: "Slow",
      async call(_i, context) {
        toolSignal = context.signal;
        await new Promise((r) => setTimeout(r, 100));
        return { data: "done" };
      },
    };
    const callModel: CallModel = async function* () {
      for await (const e of respond([
        { type: "tool_use", id: "g", name: "Slow", input: { text: "x" } },
      ])) {
        if (e.type === "response") break;
        yield e;
      }
      for (;;) {
        await tick(5);
        yield { type: "stream_event", event: { type: "ping" } };
      }
    };
    const gen = query(params(callModel, [slow]));
    while (!toolSignal) await gen.next();
    await gen.return(undefined as never); // the host stops consuming (stdout closed, SDK gone)
    expect(toolSignal.aborted).toBe(true);
  });

  it("a failing stop-hook runner is reported, not thrown from query()", async () => {
    const callModel: CallModel = () => respond([{ type: "text", text: "hi" }]);
    const p = params(callModel, []);
    p.deps.runStopHooks = async () => {
      throw new Error("hook runner crashed");
    };
    const run = await drain(p);
    expect(run.terminal).toEqual({ reason: "completed" });
    expect(JSON.stringify(run.events)).toContain("Stop hook failed: hook runner crashed");
  });
  it("the streaming executor honours maxToolUseConcurrency", async () => {
    let running = 0;
    let peak = 0;
    const slow: Tool<{ text: string }, string> = {
      ...echoTool,
      name: "Slow",
      async call() {
        running += 1;
        peak = Math.max(peak, running);
        await tick(20);
        running -= 1;
        return { data: "ok" };
      },
    };
    let n = 0;
    const blocks = Array.from({ length: 12 }, (_, i) => ({
      type: "tool_use" as const,
      id: `s${i}`,
      name: "Slow",
      input: { text: "x" },
    }));
    const callModel: CallModel = () =>
      ++n === 1 ? respond(blocks) : respond([{ type: "text", text: "done" }]);
    const p = params(callModel, [slow]);
    p.toolUseContext.options.maxToolUseConcurrency = 2;
    await drain(p);
    expect(peak).toBe(2);
  });
  it("does not wait forever for a tool-use summary", async () => {
    let n = 0;
    const callModel: CallModel = () =>
      ++n === 1
        ? respond([{ type: "tool_use", id: "a", name: "Echo", input: { text: "1" } }])
        : respond([{ type: "text", text: "done" }]);
    const p = params(callModel, [echoTool], {
      deps: { callModel, ids: counterIds(), summarizeToolRound: () => new Promise(() => {}) },
      toolUseSummaryTimeoutMs: 20,
    });
    const run = await drain(p);
    expect(run.terminal).toEqual({ reason: "completed" });
    expect(n).toBe(2);
  });
});
