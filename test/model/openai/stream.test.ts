import { describe, expect, it } from "vitest";
import type { ModelError } from "../../../src/model/errors.js";
import { assembleChatCompletionStream } from "../../../src/model/openai/stream.js";
import type { ModelEvent, ModelResponse } from "../../../src/model/provider.js";

async function* from(chunks: readonly unknown[]): AsyncGenerator<unknown> {
  for (const chunk of chunks) yield chunk;
}

async function assemble(
  chunks: readonly unknown[],
): Promise<{ events: ModelEvent[]; response?: ModelResponse; error?: ModelError }> {
  const events: ModelEvent[] = [];
  try {
    for await (const event of assembleChatCompletionStream(from(chunks), "fallback-model"))
      events.push(event);
  } catch (error) {
    return { events, error: error as ModelError };
  }
  const last = events.at(-1);
  return { events, ...(last?.type === "response" ? { response: last.response } : {}) };
}

type Delta = Record<string, unknown>;
const chunk = (delta: Delta, finish: string | null = null, index = 0) => ({
  id: "chatcmpl-unit",
  model: "unit-model",
  choices: [{ index, delta, finish_reason: finish }],
});
const call = (fragment: Record<string, unknown>) => chunk({ tool_calls: [fragment] });
const fn = (name: string | undefined, args?: string) => ({
  ...(name === undefined ? {} : { name }),
  ...(args === undefined ? {} : { arguments: args }),
});

describe("translating chat-completion chunks", () => {
  it("reads only choice 0 when the server answers several choices", async () => {
    const { response } = await assemble([
      chunk({ content: "zero " }, null, 0),
      chunk({ content: "one" }, null, 1),
      chunk({ content: "still zero" }, null, 0),
      chunk({}, "stop", 1),
      chunk({}, "stop", 0),
    ]);
    expect(response?.content).toEqual([{ type: "text", text: "zero still zero" }]);
  });

  it("opens no block for the empty priming delta", async () => {
    const { events, response } = await assemble([
      chunk({ role: "assistant", content: "" }),
      chunk({}, "stop"),
    ]);
    expect(response?.content).toEqual([]);
    expect(
      events.some((e) => e.type === "stream_event" && e.event.type === "content_block_start"),
    ).toBe(false);
  });

  it("starts the message at a usage-only first chunk and takes the model from the request when chunks name none", async () => {
    const { response } = await assemble([
      { id: "chatcmpl-x", choices: [] },
      {
        id: "chatcmpl-x",
        choices: [{ index: 0, delta: { content: "ok" }, finish_reason: "stop" }],
      },
      { id: "chatcmpl-x", choices: [], usage: { prompt_tokens: 5, completion_tokens: 1 } },
    ]);
    expect(response).toMatchObject({
      id: "chatcmpl-x",
      model: "fallback-model",
      usage: { input_tokens: 5, output_tokens: 1 },
    });
  });

  it("reads reasoning once when a server sends it under both field names", async () => {
    const { response } = await assemble([
      chunk({ reasoning_content: "think", reasoning: "think" }),
      chunk({ content: "say" }, "stop"),
    ]);
    expect(response?.content).toEqual([
      { type: "thinking", thinking: "think", signature: "" },
      { type: "text", text: "say" },
    ]);
  });

  it("turns a refusal into text", async () => {
    const { response } = await assemble([
      chunk({ refusal: "" }),
      chunk({ refusal: "No." }),
      chunk({}, "stop"),
    ]);
    expect(response?.content).toEqual([{ type: "text", text: "No." }]);
    expect(response?.stopReason).toBe("end_turn");
  });

  it("merges a repeated fragment of a closed call when it adds nothing", async () => {
    const { response } = await assemble([
      call({ index: 0, id: "a", function: fn("Read", '{"file_path":"x"}') }),
      call({ index: 1, id: "b", function: fn("Read", '{"file_path":"y"}') }),
      call({ index: 0, id: "a", function: fn("Read", "") }),
      chunk({}, "tool_calls"),
    ]);
    expect(response?.content.map((b) => (b.type === "tool_use" ? b.id : b.type))).toEqual([
      "a",
      "b",
    ]);
  });

  it("rejects arguments for a call whose block has already closed (interleaved calls)", async () => {
    const { error } = await assemble([
      call({ index: 0, id: "a", function: fn("Read", '{"file_path":') }),
      call({ index: 1, id: "b", function: fn("Read", '{"file_path":"y"}') }),
      call({ index: 0, function: fn(undefined, '"x"}') }),
      chunk({}, "tool_calls"),
    ]);
    expect(error?.kind).toBe("malformed_stream");
    expect(error?.message).toMatch(/tool call a received more arguments .*interleaved/);
  });

  it("waits for a call's name before opening its block", async () => {
    const { response } = await assemble([
      call({ index: 0, id: "c1", function: fn(undefined, '{"command":') }),
      call({ index: 0, function: fn("Bash", '"ls"}') }),
      chunk({}, "tool_calls"),
    ]);
    expect(response?.content).toEqual([
      { type: "tool_use", id: "c1", name: "Bash", input: { command: "ls" } },
    ]);
  });

  it("fails a tool call that never names its function", async () => {
    const { error } = await assemble([
      call({ index: 0, id: "c1", function: fn(undefined, "{}") }),
      chunk({}, "tool_calls"),
    ]);
    expect(error?.kind).toBe("malformed_stream");
    expect(error?.message).toMatch(/tool call c1 never named its function/);
  });

  it("gives a call without an id one derived from the response", async () => {
    const { response } = await assemble([
      call({ function: fn("Glob", '{"pattern":"*"}') }),
      chunk({}, "stop"),
    ]);
    expect(response?.content).toEqual([
      { type: "tool_use", id: "chatcmpl-unit-call-0", name: "Glob", input: { pattern: "*" } },
    ]);
    expect(response?.stopReason).toBe("tool_use");
  });

  it("says end_turn when finish_reason says tool_calls but no call came", async () => {
    const { response } = await assemble([chunk({ content: "done" }), chunk({}, "tool_calls")]);
    expect(response?.stopReason).toBe("end_turn");
  });

  it("fails content that arrives after finish_reason", async () => {
    const { error } = await assemble([chunk({}, "stop"), chunk({ content: "late" })]);
    expect(error?.kind).toBe("malformed_stream");
    expect(error?.message).toMatch(/after finish_reason/);
  });

  it("fails a chunk that is not shaped like a chat.completion.chunk", async () => {
    const { error } = await assemble([{ id: "x", choices: "none" }]);
    expect(error?.kind).toBe("malformed_stream");
    expect(error?.message).toMatch(/not a chat.completion.chunk/);
  });

  it("fails a stream with no finish_reason as ended before message_stop, after completed blocks", async () => {
    const { error } = await assemble([
      chunk({ reasoning_content: "plan" }),
      chunk({ content: "answer" }),
    ]);
    expect(error?.kind).toBe("connection");
    expect(error?.message).toMatch(/ended before message_stop/);
    expect(error?.afterContent).toBe(true);
  });

  it("flushes a held-back '<' as text before a tool call starts", async () => {
    const { response } = await assemble([
      chunk({ content: "a <" }),
      call({ index: 0, id: "t", function: fn("Bash", '{"command":"x"}') }),
      chunk({}, "tool_calls"),
    ]);
    expect(response?.content).toEqual([
      { type: "text", text: "a <" },
      { type: "tool_use", id: "t", name: "Bash", input: { command: "x" } },
    ]);
  });
});
