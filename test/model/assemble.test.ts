import { describe, expect, it } from "vitest";
import { assembleStream } from "../../src/model/assemble.js";
import { ModelError } from "../../src/model/errors.js";
import type { ModelEvent } from "../../src/model/provider.js";
import type { StreamEvent } from "../../src/protocol/events.js";

const start: StreamEvent = {
  type: "message_start",
  message: {
    id: "msg_1",
    type: "message",
    role: "assistant",
    model: "claude-test",
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage: { input_tokens: 10, output_tokens: 1, cache_read_input_tokens: 4 },
  },
};

function textBlock(index: number, text: string): StreamEvent[] {
  return [
    { type: "content_block_start", index, content_block: { type: "text", text: "" } },
    { type: "content_block_delta", index, delta: { type: "text_delta", text } },
    { type: "content_block_stop", index },
  ];
}

const end = (stop: "end_turn" | "max_tokens" | "tool_use", output = 7): StreamEvent[] => [
  {
    type: "message_delta",
    delta: { stop_reason: stop, stop_sequence: null },
    usage: { output_tokens: output },
  },
  { type: "message_stop" },
];

async function* from(events: readonly unknown[]): AsyncGenerator<StreamEvent> {
  for (const e of events) yield e as StreamEvent;
}

async function collect(
  events: readonly unknown[],
): Promise<{ out: ModelEvent[]; error?: ModelError }> {
  const out: ModelEvent[] = [];
  try {
    for await (const e of assembleStream(from(events), "req_1")) out.push(e);
    return { out };
  } catch (error) {
    if (!(error instanceof ModelError)) throw error;
    return { out, error };
  }
}

const blocks = (out: ModelEvent[]) => out.filter((e) => e.type === "block");
const response = (out: ModelEvent[]) => out.find((e) => e.type === "response")?.response;

describe("assembling a response stream", () => {
  it("yields each block as it completes and the response last, with cumulative usage", async () => {
    const { out } = await collect([
      start,
      { type: "ping" },
      ...textBlock(0, "Hi"),
      {
        type: "content_block_start",
        index: 1,
        content_block: { type: "tool_use", id: "t1", name: "Bash", input: {} },
      },
      {
        type: "content_block_delta",
        index: 1,
        delta: { type: "input_json_delta", partial_json: "" },
      },
      {
        type: "content_block_delta",
        index: 1,
        delta: { type: "input_json_delta", partial_json: '{"command":"l' },
      },
      {
        type: "content_block_delta",
        index: 1,
        delta: { type: "input_json_delta", partial_json: 's"}' },
      },
      { type: "content_block_stop", index: 1 },
      ...end("tool_use"),
    ]);
    expect(out.at(-1)?.type).toBe("response");
    expect(blocks(out).map((b) => b.type === "block" && b.block)).toEqual([
      { type: "text", text: "Hi" },
      { type: "tool_use", id: "t1", name: "Bash", input: { command: "ls" } },
    ]);
    expect(response(out)).toMatchObject({
      id: "msg_1",
      stopReason: "tool_use",
      requestId: "req_1",
      usage: {
        input_tokens: 10,
        output_tokens: 7,
        cache_read_input_tokens: 4,
        cache_creation_input_tokens: 0,
      },
    });
  });

  it("drops a tool_use cut by max_tokens and reports it, keeping the text before it", async () => {
    const { out } = await collect([
      start,
      ...textBlock(0, "Writing the file"),
      {
        type: "content_block_start",
        index: 1,
        content_block: { type: "tool_use", id: "t9", name: "Write", input: {} },
      },
      {
        type: "content_block_delta",
        index: 1,
        delta: { type: "input_json_delta", partial_json: '{"file_path": "a' },
      },
      ...end("max_tokens"),
    ]);
    expect(blocks(out)).toHaveLength(1);
    expect(response(out)).toMatchObject({
      stopReason: "max_tokens",
      content: [{ type: "text", text: "Writing the file" }],
      droppedPartialToolUse: { id: "t9", name: "Write" },
    });
  });

  it("reports unparseable tool input instead of guessing", async () => {
    const { out } = await collect([
      start,
      {
        type: "content_block_start",
        index: 0,
        content_block: { type: "tool_use", id: "t1", name: "Bash", input: {} },
      },
      {
        type: "content_block_delta",
        index: 0,
        delta: { type: "input_json_delta", partial_json: "[1,2]" },
      },
      { type: "content_block_stop", index: 0 },
      ...end("tool_use"),
    ]);
    const block = blocks(out)[0];
    expect(block?.type === "block" && block.inputError).toMatch(/must be a JSON object/);
  });

  it("turns an error event into a typed error, marked afterContent only when a block completed", async () => {
    const overloaded = {
      type: "error",
      error: { type: "overloaded_error", message: "Overloaded" },
    };
    const before = await collect([
      start,
      { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
      overloaded,
    ]);
    expect(before.error?.kind).toBe("overloaded");
    expect(before.error?.afterContent).toBe(false);
    const after = await collect([start, ...textBlock(0, "partial"), overloaded]);
    expect(after.error?.kind).toBe("overloaded");
    expect(after.error?.afterContent).toBe(true);
  });

  it("treats a stream that ends before message_stop as a cut connection", async () => {
    const { error } = await collect([start, ...textBlock(0, "Hel")]);
    expect(error?.kind).toBe("connection");
    expect(error?.afterContent).toBe(true);
  });

  it("rejects impossible sequences as malformed streams", async () => {
    expect((await collect([...textBlock(0, "x")])).error?.kind).toBe("malformed_stream");
    expect(
      (
        await collect([
          start,
          { type: "content_block_delta", index: 3, delta: { type: "text_delta", text: "x" } },
        ])
      ).error?.kind,
    ).toBe("malformed_stream");
    expect((await collect([start, start])).error?.kind).toBe("malformed_stream");
  });

  it("ignores unknown event types and blocks of kinds keel does not request", async () => {
    const { out, error } = await collect([
      start,
      { type: "future_event", data: 1 },
      {
        type: "content_block_start",
        index: 0,
        content_block: { type: "code_execution_tool_result", tool_use_id: "s", content: {} },
      },
      {
        type: "content_block_delta",
        index: 0,
        delta: { type: "future_delta", partial: "{}" },
      },
      { type: "content_block_stop", index: 0 },
      ...textBlock(1, "ok"),
      ...end("end_turn"),
    ]);
    expect(error).toBeUndefined();
    expect(response(out)?.content).toEqual([{ type: "text", text: "ok" }]);
  });

  it("keeps web search's blocks, to send back: the call with its streamed input, the results whole", async () => {
    const results = [
      {
        type: "web_search_result",
        title: "Tides",
        url: "https://t.example",
        encrypted_content: "Ev0D",
      },
    ];
    const { out, error } = await collect([
      start,
      {
        type: "content_block_start",
        index: 0,
        content_block: { type: "server_tool_use", id: "srvtoolu_1", name: "web_search", input: {} },
      },
      {
        type: "content_block_delta",
        index: 0,
        delta: { type: "input_json_delta", partial_json: '{"query":' },
      },
      {
        type: "content_block_delta",
        index: 0,
        delta: { type: "input_json_delta", partial_json: ' "tides"}' },
      },
      { type: "content_block_stop", index: 0 },
      {
        type: "content_block_start",
        index: 1,
        content_block: {
          type: "web_search_tool_result",
          tool_use_id: "srvtoolu_1",
          content: results,
        },
      },
      { type: "content_block_stop", index: 1 },
      ...textBlock(2, "High tide is at noon."),
      ...end("end_turn"),
    ]);
    expect(error).toBeUndefined();
    expect(response(out)?.content).toEqual([
      { type: "server_tool_use", id: "srvtoolu_1", name: "web_search", input: { query: "tides" } },
      { type: "web_search_tool_result", tool_use_id: "srvtoolu_1", content: results },
      { type: "text", text: "High tide is at noon." },
    ]);
  });
});
