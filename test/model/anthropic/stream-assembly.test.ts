import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FixtureServer, startFixtureServer } from "../../helpers/fixture-server.js";
import {
  blocksOf,
  drain,
  fixture,
  modelRequest,
  providerFor,
  responseOf,
  sseResponse,
} from "./helpers.js";

let server: FixtureServer;
beforeEach(async () => {
  server = await startFixtureServer();
});
afterEach(async () => {
  await server.close();
});

async function run(name: string, headers: Record<string, string> = {}) {
  server.enqueue(sseResponse(fixture(name), headers));
  return drain(providerFor(server).stream(modelRequest(), new AbortController().signal));
}

describe("the Anthropic provider assembles streamed responses", () => {
  it("joins text deltas across pings and reports usage, stop reason and request id", async () => {
    const outcome = await run("text-with-ping.sse", { "request-id": "req_keel_text" });
    const response = responseOf(outcome);
    expect(response).toMatchObject({
      id: "msg_keel_text_01",
      model: "claude-keel-test",
      content: [{ type: "text", text: "The tide comes in twice a day." }],
      stopReason: "end_turn",
      requestId: "req_keel_text",
      usage: { input_tokens: 25, output_tokens: 9 },
    });
    const raw = outcome.events.filter((e) => e.type === "stream_event");
    expect(raw.some((e) => e.type === "stream_event" && e.event.type === "ping")).toBe(true);
  });

  it("parses a tool_use input sent as a leading empty chunk and strings split mid-token", async () => {
    const response = responseOf(await run("text-then-tool-use.sse"));
    expect(response.content).toEqual([
      { type: "text", text: "Let me look at the notes file." },
      {
        type: "tool_use",
        id: "toolu_keel_read_01",
        name: "read_file",
        input: { path: "docs/notes.md", limit: 40 },
      },
    ]);
    expect(response.stopReason).toBe("tool_use");
  });

  it("yields each block as it completes, before the response", async () => {
    const outcome = await run("text-then-tool-use.sse");
    const kinds = outcome.events.filter((e) => e.type !== "stream_event").map((e) => e.type);
    expect(kinds).toEqual(["block", "block", "response"]);
    expect(blocksOf(outcome).map((b) => b.index)).toEqual([0, 1]);
  });

  it("keeps a thinking block's signature and parses parallel tool_use inputs", async () => {
    const response = responseOf(await run("thinking-parallel-tool-use.sse"));
    expect(response.content).toEqual([
      {
        type: "thinking",
        thinking: "Both files are needed; read them together.",
        signature: "c2lnbmF0dXJlLWZvci1rZWVsLXRlc3Rz",
      },
      { type: "tool_use", id: "toolu_keel_a", name: "read_file", input: { path: "a.txt" } },
      { type: "tool_use", id: "toolu_keel_b", name: "read_file", input: { path: "b.txt" } },
      { type: "tool_use", id: "toolu_keel_c", name: "list_dir", input: {} },
    ]);
  });

  it("keeps redacted_thinking data exactly as it arrived in content_block_start", async () => {
    const response = responseOf(await run("redacted-thinking.sse"));
    expect(response.content[0]).toEqual({
      type: "redacted_thinking",
      data: "RW5jcnlwdGVkIHJlYXNvbmluZyBmb3Iga2VlbCB0ZXN0cw==",
    });
    expect(response.content[1]).toEqual({ type: "text", text: "Here is my answer." });
  });

  it("drops a tool_use cut by max_tokens and reports it, even with no final blank line", async () => {
    const outcome = await run("max-tokens-mid-tool-use.sse");
    const response = responseOf(outcome);
    expect(response.stopReason).toBe("max_tokens");
    expect(response.content).toEqual([
      { type: "text", text: "I will write the report to report.md now." },
    ]);
    expect(response.droppedPartialToolUse).toEqual({ id: "toolu_keel_cut", name: "write_file" });
    expect(blocksOf(outcome).some((b) => b.block.type === "tool_use")).toBe(false);
  });

  it("reads JSON padded with spaces before the closing brace", async () => {
    const response = responseOf(await run("padded-json.sse"));
    expect(response.content).toEqual([{ type: "text", text: "Padded but fine." }]);
    expect(response.usage.output_tokens).toBe(4);
  });

  it("ignores unknown event types and unknown deltas, and keeps a server tool's call", async () => {
    const outcome = await run("unknown-events.sse");
    const response = responseOf(outcome);
    expect(response.content).toEqual([
      { type: "text", text: "Searching." },
      {
        type: "server_tool_use",
        id: "srvtoolu_keel",
        name: "web_search",
        input: { query: "tides" },
      },
      { type: "text", text: "Found it." },
    ]);
    const types = outcome.events.map((e) => (e.type === "stream_event" ? e.event.type : e.type));
    expect(types).not.toContain("future_event");
  });
});
