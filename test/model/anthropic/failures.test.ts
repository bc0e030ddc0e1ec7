import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAnthropicProvider } from "../../../src/model/anthropic/provider.js";
import { type FixtureServer, startFixtureServer } from "../../helpers/fixture-server.js";
import {
  blocksOf,
  drain,
  errorResponse,
  fixture,
  modelRequest,
  providerFor,
  sseResponse,
} from "./helpers.js";

let server: FixtureServer;
beforeEach(async () => {
  server = await startFixtureServer();
});
afterEach(async () => {
  await server.close();
});

function streamOnce(extra: Parameters<typeof providerFor>[1] = {}) {
  return drain(providerFor(server, extra).stream(modelRequest(), new AbortController().signal));
}

describe("the Anthropic provider turns HTTP failures into typed errors", () => {
  it("reads a 529 as overloaded with its request id, retry-after and x-should-retry", async () => {
    server.enqueue(
      errorResponse(529, fixture("errors/overloaded-529.json"), {
        "request-id": "req_keel_hdr",
        "retry-after": "7",
        "x-should-retry": "true",
      }),
    );
    const { error, events } = await streamOnce();
    expect(events).toEqual([]);
    expect(error).toMatchObject({
      kind: "overloaded",
      status: 529,
      requestId: "req_keel_hdr",
      retryAfterMs: 7000,
      shouldRetryHeader: true,
      afterContent: false,
    });
  });

  it("parses the token counts of a prompt-too-long 400", async () => {
    server.enqueue(errorResponse(400, fixture("errors/prompt-too-long-400.json")));
    const { error } = await streamOnce();
    expect(error?.info).toEqual({
      kind: "prompt_too_long",
      actualTokens: 204817,
      limitTokens: 200000,
    });
  });

  it("reads a context-overflow 400 as max_output_tokens with its numbers", async () => {
    server.enqueue(errorResponse(400, fixture("errors/context-overflow-400.json")));
    const { error } = await streamOnce();
    expect(error?.info).toEqual({
      kind: "max_output_tokens",
      inputTokens: 188000,
      maxTokens: 32000,
      limitTokens: 200000,
    });
  });

  it.each([
    [401, "errors/authentication-401.json", "auth"],
    [413, "errors/request-too-large-413.json", "request_too_large"],
    [429, "errors/rate-limit-429.json", "rate_limit"],
    [500, "errors/server-500.json", "server"],
    [400, "errors/invalid-request-400.json", "invalid_request"],
  ])("classifies a %i body (%s) as %s", async (status, file, kind) => {
    server.enqueue(errorResponse(status, fixture(file)));
    const { error } = await streamOnce();
    expect(error?.kind).toBe(kind);
    expect(error?.status).toBe(status);
  });

  it("classifies a non-JSON error page by its status and keeps its text", async () => {
    server.enqueue({
      status: 502,
      headers: { "content-type": "text/html" },
      body: "<h1>bad gateway</h1>",
    });
    const { error } = await streamOnce();
    expect(error?.kind).toBe("server");
    expect(error?.message).toContain("bad gateway");
  });
});

describe("the Anthropic provider types failures inside the stream", () => {
  it("an error event after a completed block is overloaded and marked afterContent", async () => {
    server.enqueue(sseResponse(fixture("error-after-block.sse")));
    const outcome = await streamOnce();
    expect(blocksOf(outcome).map((b) => b.block)).toEqual([{ type: "text", text: "First part." }]);
    expect(outcome.error).toMatchObject({
      kind: "overloaded",
      afterContent: true,
      requestId: "req_keel_midstream",
    });
  });

  it("an error event before any block completed is not marked afterContent", async () => {
    server.enqueue(sseResponse(fixture("error-before-block.sse")));
    const outcome = await streamOnce();
    expect(blocksOf(outcome)).toEqual([]);
    expect(outcome.error).toMatchObject({ kind: "overloaded", afterContent: false });
  });

  it("an error event whose data has no type is read by its event name", async () => {
    const start = fixture("text-with-ping.sse").split("\n\n")[0];
    const error =
      'event: error\ndata: {"error":{"type":"overloaded_error","message":"Overloaded"}}\n\n';
    server.enqueue(sseResponse(`${start}\n\n${error}`));
    const outcome = await streamOnce();
    expect(outcome.error).toMatchObject({ kind: "overloaded", afterContent: false });
  });

  it("event data that is not JSON is malformed_stream", async () => {
    server.enqueue(sseResponse(fixture("garbage.sse")));
    const { error } = await streamOnce();
    expect(error?.kind).toBe("malformed_stream");
  });

  it("a body that is not server-sent events at all is malformed_stream", async () => {
    server.enqueue(sseResponse("<html><body>Gateway says hello</body></html>\n"));
    const { error } = await streamOnce();
    expect(error?.kind).toBe("malformed_stream");
  });

  it("a 200 JSON body where a stream was asked for is malformed_stream", async () => {
    server.enqueue(errorResponse(200, '{"id":"msg_not_streamed"}'));
    const { error } = await streamOnce();
    expect(error?.kind).toBe("malformed_stream");
    expect(error?.message).toContain("application/json");
  });

  it("a known event of the wrong shape is malformed_stream", async () => {
    const start = fixture("text-with-ping.sse").split("\n\n")[0];
    const bad =
      'event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":7}}\n\n';
    server.enqueue(sseResponse(`${start}\n\n${bad}`));
    const { error } = await streamOnce();
    expect(error?.kind).toBe("malformed_stream");
  });

  it("a socket reset mid-stream is a connection error, afterContent once a block completed", async () => {
    const body = fixture("text-then-tool-use.sse");
    const cut = body.indexOf("event: content_block_start", body.indexOf("content_block_stop"));
    server.enqueue({
      headers: { "content-type": "text/event-stream" },
      chunks: [{ data: body.slice(0, cut) }, { data: "", delayMs: 30 }],
      destroyAfterChunks: true,
    });
    const outcome = await streamOnce();
    expect(blocksOf(outcome)).toHaveLength(1);
    expect(outcome.error).toMatchObject({ kind: "connection", afterContent: true });
  });

  it("a stream that ends cleanly before message_stop is a connection error", async () => {
    const body = fixture("text-with-ping.sse");
    server.enqueue(sseResponse(body.slice(0, body.indexOf("event: message_delta"))));
    const outcome = await streamOnce();
    expect(outcome.error).toMatchObject({ kind: "connection", afterContent: true });
  });
});

describe("the Anthropic provider reports transport and setup failures", () => {
  it("no response headers within the headers limit is a timeout naming the URL and the limit", async () => {
    server.enqueue({
      headers: { "content-type": "text/event-stream" },
      chunks: [{ data: fixture("text-with-ping.sse"), delayMs: 2_000 }],
    });
    const { error } = await streamOnce({ timeouts: { headersMs: 100, idleMs: 60_000 } });
    expect(error?.kind).toBe("timeout");
    expect(error?.message).toBe(
      `no response headers from ${server.url}/v1/messages within 100 ms (API_TIMEOUT_MS)`,
    );
  });

  it("a refused connection is unreachable (refused), naming the code and the URL", async () => {
    const url = server.url;
    await server.close();
    const provider = createAnthropicProvider({ apiKey: "sk-keel-test", baseURL: url });
    const { error } = await drain(provider.stream(modelRequest(), new AbortController().signal));
    expect(error?.info).toEqual({ kind: "unreachable", cause: "refused" });
    expect(error?.message).toMatch(new RegExp(`^ECONNREFUSED at ${url}/v1/messages: `));
    server = await startFixtureServer();
  });

  it("missing credentials fail with an auth error naming both variables", async () => {
    const provider = createAnthropicProvider({ baseURL: server.url });
    const { error } = await drain(provider.stream(modelRequest(), new AbortController().signal));
    expect(error?.kind).toBe("auth");
    expect(error?.message).toContain("ANTHROPIC_API_KEY");
    expect(error?.message).toContain("ANTHROPIC_AUTH_TOKEN");
    expect(server.requests).toHaveLength(0);
  });

  it("a signal aborted before the request ends with aborted and sends nothing", async () => {
    const controller = new AbortController();
    controller.abort();
    const { error } = await drain(providerFor(server).stream(modelRequest(), controller.signal));
    expect(error?.kind).toBe("aborted");
    expect(server.requests).toHaveLength(0);
  });
});
