import { describe, expect, it } from "vitest";
import { createNodeFetch } from "../../../src/model/anthropic/node-fetch.js";
import { createAnthropicProvider } from "../../../src/model/anthropic/provider.js";
import { isRetryable } from "../../../src/model/retry-policy.js";
import { fixture, readAll, serve, silentTcp } from "./fetch-servers.js";
import { drain, modelRequest } from "./helpers.js";

// Small injected timeouts against servers that stall; the assertions are on what fails and
// how, never on how long it took.

const never = 60_000;

describe("the node:http fetch times out as Node's fetch (undici) does", () => {
  it("fails with 'fetch failed' (UND_ERR_CONNECT_TIMEOUT) when the TLS connection never completes", async () => {
    const port = await silentTcp();
    const fetcher = createNodeFetch({ connectTimeoutMs: 50, headersTimeoutMs: never });
    const failure = await fetcher(`https://127.0.0.1:${port}/`).catch((e) => e);
    expect(failure).toBeInstanceOf(TypeError);
    expect(failure.message).toBe("fetch failed");
    expect(failure.cause).toMatchObject({
      name: "ConnectTimeoutError",
      code: "UND_ERR_CONNECT_TIMEOUT",
    });
    expect(failure.cause.message).toContain(`127.0.0.1:${port}`);
  });

  it("fails with 'fetch failed' (UND_ERR_HEADERS_TIMEOUT) when no response head comes", async () => {
    const url = await serve(() => undefined);
    const fetcher = createNodeFetch({ headersTimeoutMs: 50 });
    const failure = await fetcher(url, { method: "POST", body: "{}" }).catch((e) => e);
    expect(failure).toBeInstanceOf(TypeError);
    expect(failure.message).toBe("fetch failed");
    expect(failure.cause).toMatchObject({
      name: "HeadersTimeoutError",
      message: "Headers Timeout Error",
      code: "UND_ERR_HEADERS_TIMEOUT",
    });
  });

  it("errors the body with 'terminated' (UND_ERR_BODY_TIMEOUT) when a stream stalls mid-body", async () => {
    const server = await fixture();
    server.enqueue({ chunks: [{ data: "data: 1\n\n" }], hang: true });
    const response = await createNodeFetch({ bodyIdleTimeoutMs: 50 })(server.url);
    const failure = await readAll(response).catch((e) => e);
    expect(failure).toBeInstanceOf(TypeError);
    expect(failure.message).toBe("terminated");
    expect(failure.cause).toMatchObject({ name: "BodyTimeoutError", code: "UND_ERR_BODY_TIMEOUT" });
  });

  it("does not count the silence while the reader holds the body unread", async () => {
    const server = await fixture();
    server.enqueue({
      chunks: Array.from({ length: 40 }, (_, i) => ({
        data: `${String(i).padStart(2, "0")}`.repeat(20_000),
      })),
    });
    // The timeout is wide enough that a busy machine's stalls while the body still flows (before
    // the queue fills and reading pauses) do not trip it; the hold is many times longer.
    const response = await createNodeFetch({ bodyIdleTimeoutMs: 150 })(server.url);
    const reader = response.body!.getReader();
    const first = await reader.read();
    // Hold the rest unread well past the idle timeout: the body is paused, not idle.
    await new Promise((resolve) => setTimeout(resolve, 750));
    let length = first.value?.byteLength ?? 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      length += value.byteLength;
    }
    expect(length).toBe(40 * 40_000);
  });
});

describe("the Anthropic provider classifies the fetch's timeouts as before", () => {
  function provider(url: string, fetcher: typeof fetch) {
    return createAnthropicProvider({ apiKey: "sk-keel-test", baseURL: url, fetch: fetcher });
  }

  it("no response head in time is a retryable timeout", async () => {
    const url = await serve(() => undefined);
    const fetcher = createNodeFetch({ headersTimeoutMs: 50 });
    const { error } = await drain(
      provider(url, fetcher).stream(modelRequest(), new AbortController().signal),
    );
    expect(error?.kind).toBe("timeout");
    expect(error && isRetryable(error)).toBe(true);
  });

  it("a stream silent past the idle limit is a retryable timeout naming the URL and the limit", async () => {
    const server = await fixture();
    server.enqueue({
      headers: { "content-type": "text/event-stream" },
      chunks: [{ data: 'event: ping\ndata: {"type":"ping"}\n\n' }],
      hang: true,
    });
    const stalling = createAnthropicProvider({
      apiKey: "sk-keel-test",
      baseURL: server.url,
      timeouts: { headersMs: never, idleMs: 50 },
    });
    const { error } = await drain(stalling.stream(modelRequest(), new AbortController().signal));
    expect(error?.kind).toBe("timeout");
    expect(error?.message).toBe(
      `${server.url}/v1/messages sent nothing (no event, no ping) for 50 ms mid-response (KEEL_STREAM_IDLE_TIMEOUT_MS)`,
    );
    expect(error && isRetryable(error)).toBe(true);
  });

  it("a socket reset mid-body is a retryable connection error naming ECONNRESET", async () => {
    const server = await fixture();
    server.enqueue({
      headers: { "content-type": "text/event-stream" },
      chunks: [{ data: 'event: ping\ndata: {"type":"ping"}\n\n' }, { data: "", delayMs: 20 }],
      destroyAfterChunks: true,
    });
    const { error } = await drain(
      provider(server.url, createNodeFetch()).stream(modelRequest(), new AbortController().signal),
    );
    expect(error?.kind).toBe("connection");
    expect(error?.message).toContain("ECONNRESET");
    expect(error && isRetryable(error)).toBe(true);
  });
});
