import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOpenAIProvider } from "../../../src/model/openai/provider.js";
import { type FixtureServer, startFixtureServer } from "../../helpers/fixture-server.js";
import { chatRequest, fixture, runProvider, streamed } from "./harness.js";

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(async () => {
  await server.close();
});

function sse(...chunks: unknown[]): string {
  return chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`).join("");
}
const textChunk = (content: string) => ({
  id: "chatcmpl-p",
  model: "m",
  choices: [{ index: 0, delta: { content }, finish_reason: null }],
});

describe("the OpenAI-compatible provider over HTTP", () => {
  it("posts the translated request to /v1/chat/completions with the request kind header", async () => {
    server.enqueue(streamed(fixture("tool-call-split-args.sse")));
    const before = server.requests.length;
    const outcome = await runProvider(
      server,
      chatRequest({
        model: "llama3.1:8b",
        system: "Be exact.",
        kind: "title",
        tools: [{ name: "Read", description: "Reads", input_schema: { type: "object" } }],
        messages: [
          { role: "user", content: "open it" },
          {
            role: "assistant",
            content: [{ type: "tool_use", id: "call_1", name: "Read", input: { path: "a" } }],
          },
          {
            role: "user",
            content: [{ type: "tool_result", tool_use_id: "call_1", content: "text of a" }],
          },
        ],
      }),
    );
    expect(outcome.error).toBeUndefined();
    const received = server.requests[before]!;
    expect(received.method).toBe("POST");
    expect(received.url).toBe("/v1/chat/completions");
    expect(received.headers["x-keel-request-kind"]).toBe("title");
    expect(received.headers["x-keel-agent"]).toBe("main");
    expect(received.headers.authorization).toBe("Bearer no-key");
    expect(received.json).toEqual({
      model: "llama3.1:8b",
      stream: true,
      stream_options: { include_usage: true },
      max_tokens: 256,
      tools: [
        {
          type: "function",
          function: { name: "Read", description: "Reads", parameters: { type: "object" } },
        },
      ],
      messages: [
        { role: "system", content: "Be exact." },
        { role: "user", content: "open it" },
        {
          role: "assistant",
          content: null,
          tool_calls: [
            {
              id: "call_1",
              type: "function",
              function: { name: "Read", arguments: '{"path":"a"}' },
            },
          ],
        },
        { role: "tool", tool_call_id: "call_1", content: "text of a" },
      ],
    });
    expect(outcome.response?.content).toEqual([
      {
        type: "tool_use",
        id: "call_readFile001",
        name: "Read",
        input: { path: "src/main.ts", limit: 40 },
      },
    ]);
  });

  it("sends the configured API key as a bearer token", async () => {
    server.enqueue(streamed(fixture("text.sse")));
    const before = server.requests.length;
    const provider = createOpenAIProvider({ baseURL: `${server.url}/v1`, apiKey: "sk-test-123" });
    for await (const _ of provider.stream(chatRequest(), new AbortController().signal)) {
      // drain
    }
    expect(server.requests[before]?.headers.authorization).toBe("Bearer sk-test-123");
  });

  it("yields raw events, then each block, then the response last, with the server's request id", async () => {
    server.enqueue({
      ...streamed(fixture("text.sse")),
      headers: { "content-type": "text/event-stream", "x-request-id": "req_abc123" },
    });
    const outcome = await runProvider(server);
    const kinds = outcome.events.map((e) => (e.type === "stream_event" ? e.event.type : e.type));
    expect(kinds[0]).toBe("message_start");
    expect(kinds.indexOf("block")).toBe(kinds.indexOf("content_block_stop") + 1);
    expect(kinds.at(-2)).toBe("message_stop");
    expect(kinds.at(-1)).toBe("response");
    expect(outcome.response?.requestId).toBe("req_abc123");
  });

  it("fails with aborted and closes the connection when the signal aborts mid-stream", async () => {
    server.enqueue({ chunks: [{ data: sse(textChunk("partial")) }], hang: true });
    const controller = new AbortController();
    const closedBefore = server.closedResponses;
    const provider = createOpenAIProvider({ baseURL: `${server.url}/v1` });
    const seen: string[] = [];
    let caught: unknown;
    try {
      for await (const event of provider.stream(chatRequest(), controller.signal)) {
        if (event.type === "stream_event") seen.push(event.event.type);
        if (event.type === "stream_event" && event.event.type === "content_block_delta")
          controller.abort();
      }
    } catch (error) {
      caught = error;
    }
    expect(seen).toContain("content_block_delta");
    expect(caught).toMatchObject({ kind: "aborted" });
    await expect.poll(() => server.closedResponses).toBe(closedBefore + 1);
  });

  it("fails with aborted when the signal aborts before the response headers", async () => {
    server.enqueue({ hang: true, chunks: [] });
    const sent = server.requests.length;
    const controller = new AbortController();
    const provider = createOpenAIProvider({ baseURL: `${server.url}/v1` });
    const pending = (async () => {
      for await (const _ of provider.stream(chatRequest(), controller.signal)) {
        // drain
      }
    })();
    await expect.poll(() => server.requests.length).toBe(sent + 1);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: "aborted" });
  });

  it("fails with connection when the socket resets mid-stream", async () => {
    server.enqueue({
      chunks: [{ data: sse(textChunk("half")) }, { data: "", delayMs: 20 }],
      destroyAfterChunks: true,
    });
    const outcome = await runProvider(server);
    expect(outcome.error?.kind).toBe("connection");
  });

  it("fails as unreachable (refused) when nothing listens at the address", async () => {
    const closed = await startFixtureServer();
    const url = closed.url;
    await closed.close();
    const provider = createOpenAIProvider({ baseURL: `${url}/v1` });
    const run = async () => {
      for await (const _ of provider.stream(chatRequest(), new AbortController().signal)) {
        // drain
      }
    };
    await expect(run()).rejects.toMatchObject({
      info: { kind: "unreachable", cause: "refused" },
      message: expect.stringMatching(new RegExp(`^ECONNREFUSED at ${url}/v1/chat/completions: `)),
    });
  });

  it("fails with timeout when the connection attempt times out", async () => {
    const timingOut: typeof fetch = async () => {
      throw new TypeError("fetch failed", { cause: new Error("Connect Timeout Error") });
    };
    const provider = createOpenAIProvider({ baseURL: "http://127.0.0.1:9/v1", fetch: timingOut });
    const run = async () => {
      for await (const _ of provider.stream(chatRequest(), new AbortController().signal)) {
        // drain
      }
    };
    await expect(run()).rejects.toMatchObject({ kind: "timeout" });
  });
});
