import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StreamEvent } from "../../../src/protocol/events.js";
import { type FixtureServer, startFixtureServer } from "../../helpers/fixture-server.js";
import { fixture, type Outcome, runProvider, streamed } from "./harness.js";

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(async () => {
  await server.close();
});

async function run(name: string): Promise<Outcome> {
  server.enqueue(streamed(fixture(name)));
  return runProvider(server);
}

function rawEvents(outcome: Outcome): StreamEvent[] {
  return outcome.events.flatMap((e) => (e.type === "stream_event" ? [e.event] : []));
}

/** Anthropic streams are sequential: every block stops before the next one starts. */
function expectSequentialBlocks(outcome: Outcome): void {
  let open: number | undefined;
  for (const event of rawEvents(outcome)) {
    if (event.type === "content_block_start") {
      expect(open).toBeUndefined();
      open = event.index;
    } else if (event.type === "content_block_stop") {
      expect(event.index).toBe(open);
      open = undefined;
    } else if (event.type === "content_block_delta") {
      expect(event.index).toBe(open);
    }
  }
}

describe("OpenAI-compatible streams from our fixtures", () => {
  it("assembles plain text, counting cached prompt tokens as cache reads", async () => {
    const { response } = await run("text.sse");
    expect(response).toMatchObject({
      id: "chatcmpl-keelText01",
      model: "gpt-4o-mini-2024-07-18",
      content: [{ type: "text", text: "The kettle is on; tea in five minutes." }],
      stopReason: "end_turn",
      usage: {
        input_tokens: 176,
        output_tokens: 11,
        cache_read_input_tokens: 1024,
        cache_creation_input_tokens: 0,
      },
    });
  });

  it("joins a tool call's split arguments into its input", async () => {
    const outcome = await run("tool-call-split-args.sse");
    expect(outcome.response?.content).toEqual([
      {
        type: "tool_use",
        id: "call_readFile001",
        name: "Read",
        input: { path: "src/main.ts", limit: 40 },
      },
    ]);
    expect(outcome.response?.stopReason).toBe("tool_use");
    const blocks = outcome.events.filter((e) => e.type === "block");
    expect(blocks).toHaveLength(1);
    expect(blocks[0]).not.toHaveProperty("inputError");
  });

  it("keeps parallel calls apart by index, after the text that preceded them", async () => {
    const outcome = await run("parallel-calls-by-index.sse");
    expect(outcome.response?.content).toEqual([
      { type: "text", text: "Checking both files." },
      { type: "tool_use", id: "call_globA", name: "Glob", input: { pattern: "**/*.md" } },
      { type: "tool_use", id: "call_grepB", name: "Grep", input: { pattern: "TODO", path: "src" } },
    ]);
    expectSequentialBlocks(outcome);
  });

  it("accepts whole tool calls without an index, one per chunk (Ollama)", async () => {
    const outcome = await run("ollama-whole-calls-no-index.sse");
    expect(outcome.response?.content).toEqual([
      { type: "tool_use", id: "call_k3v9w2ab", name: "Bash", input: { command: "ls -la" } },
      {
        type: "tool_use",
        id: "call_p7x1m4cd",
        name: "Read",
        input: { file_path: "/tmp/notes.txt" },
      },
    ]);
    expect(outcome.response?.usage).toMatchObject({ input_tokens: 220, output_tokens: 38 });
  });

  it("starts a new call at a new id when every call says index 0 (proxies before vLLM)", async () => {
    const outcome = await run("vllm-proxy-index-zero.sse");
    expect(outcome.response?.content).toEqual([
      { type: "tool_use", id: "chatcmpl-tool-a11", name: "Read", input: { file_path: "a.txt" } },
      { type: "tool_use", id: "chatcmpl-tool-b22", name: "Read", input: { file_path: "b.txt" } },
    ]);
    expectSequentialBlocks(outcome);
  });

  it("accepts a first tool-call fragment without arguments (vLLM)", async () => {
    const outcome = await run("vllm-first-fragment-no-args.sse");
    expect(outcome.response?.content).toEqual([
      {
        type: "tool_use",
        id: "chatcmpl-tool-77aa",
        name: "TodoWrite",
        input: { todos: [{ content: "write tests", status: "pending" }] },
      },
    ]);
  });

  it("accepts arguments sent as an object instead of a JSON string", async () => {
    const outcome = await run("object-arguments.sse");
    expect(outcome.response?.content).toEqual([
      {
        type: "tool_use",
        id: "call_obj1",
        name: "Grep",
        input: { pattern: "fn main", glob: "*.rs" },
      },
    ]);
    expect(outcome.response?.stopReason).toBe("tool_use");
  });

  it("turns llama.cpp reasoning_content into a thinking block and ignores timings", async () => {
    const outcome = await run("llamacpp-reasoning-content.sse");
    expect(outcome.response?.content).toEqual([
      { type: "thinking", thinking: "The user wants a haiku.", signature: "" },
      { type: "text", text: "Cold tea, warm cup" },
    ]);
    expect(outcome.response?.model).toBe("gemma-3-12b-it-Q4_K_M.gguf");
    expect(outcome.response?.usage).toMatchObject({ input_tokens: 46, output_tokens: 7 });
    expectSequentialBlocks(outcome);
  });

  it("turns Ollama's reasoning field into a thinking block", async () => {
    const outcome = await run("ollama-reasoning.sse");
    expect(outcome.response?.content).toEqual([
      { type: "thinking", thinking: "Two plus two is four.", signature: "" },
      { type: "text", text: "4" },
    ]);
  });

  it("separates <think> text split across chunks from the answer", async () => {
    const outcome = await run("think-tags-split.sse");
    expect(outcome.response?.content).toEqual([
      { type: "thinking", thinking: "Sorting a list is n log n.", signature: "" },
      { type: "text", text: "Use `sort()`." },
    ]);
  });

  it("maps finish_reason length to max_tokens, keeping the text and dropping the cut tool call", async () => {
    const outcome = await run("finish-length.sse");
    expect(outcome.response).toMatchObject({
      stopReason: "max_tokens",
      content: [{ type: "text", text: "Writing the file now" }],
      droppedPartialToolUse: { id: "call_writeCut", name: "Write" },
    });
  });

  it("reports tool_use when tools were called even though finish_reason says stop", async () => {
    const outcome = await run("stop-with-tool-calls.sse");
    expect(outcome.response?.stopReason).toBe("tool_use");
    expect(outcome.response?.content).toEqual([
      { type: "tool_use", id: "call_forced1", name: "Bash", input: { command: "pwd" } },
    ]);
  });

  it("maps content_filter to a refusal", async () => {
    const outcome = await run("content-filter.sse");
    expect(outcome.response?.stopReason).toBe("refusal");
    expect(outcome.response?.content).toEqual([{ type: "text", text: "Here is how" }]);
  });

  it("fails a stream cut before finish_reason and [DONE] as ended before message_stop", async () => {
    const outcome = await run("cut-before-done.sse");
    expect(outcome.response).toBeUndefined();
    expect(outcome.error?.kind).toBe("connection");
    expect(outcome.error?.message).toMatch(/ended before message_stop/);
    expect(rawEvents(outcome).some((e) => e.type === "message_stop")).toBe(false);
  });

  it("fails garbage SSE as a malformed stream", async () => {
    const outcome = await run("garbage.sse");
    expect(outcome.error?.kind).toBe("malformed_stream");
    expect(outcome.error?.message).toMatch(/not JSON/);
  });

  it("fails an error event mid-stream as a server error", async () => {
    const outcome = await run("error-mid-stream.sse");
    expect(outcome.error?.kind).toBe("server");
    expect(outcome.error?.message).toMatch(/server had an error/);
  });
});
