import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FixtureServer, startFixtureServer } from "../../helpers/fixture-server.js";
import { fixture, jsonError, runProvider } from "./harness.js";

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(async () => {
  await server.close();
});

async function failWith(status: number, body: string, headers: Record<string, string> = {}) {
  server.enqueue(jsonError(status, body, headers));
  const outcome = await runProvider(server);
  expect(outcome.response).toBeUndefined();
  return outcome.error!;
}

describe("error responses from OpenAI-compatible servers", () => {
  it("classifies OpenAI's context_length_exceeded as prompt_too_long", async () => {
    const error = await failWith(400, fixture("errors/openai-context-length.json"));
    expect(error.info).toEqual({
      kind: "prompt_too_long",
      actualTokens: 131072,
      limitTokens: 128000,
    });
    expect(error.status).toBe(400);
  });

  it("classifies vLLM's input overflow, sent without an error wrapper, as prompt_too_long with its numbers", async () => {
    const error = await failWith(400, fixture("errors/vllm-input-too-long.json"));
    expect(error.info).toEqual({ kind: "prompt_too_long", actualTokens: 9001, limitTokens: 8192 });
    expect(error.message).toMatch(/maximum context length is 8192 tokens/);
  });

  it("classifies vLLM's max_tokens overflow as max_output_tokens, so a smaller max_tokens can be retried", async () => {
    const error = await failWith(400, fixture("errors/vllm-max-tokens-too-large.json"));
    expect(error.info).toEqual({
      kind: "max_output_tokens",
      inputTokens: 5120,
      maxTokens: 32000,
      limitTokens: 32768,
    });
  });

  it("classifies llama.cpp's exceed_context_size_error as prompt_too_long with its numbers", async () => {
    const error = await failWith(400, fixture("errors/llamacpp-context-size.json"));
    expect(error.info).toEqual({ kind: "prompt_too_long", actualTokens: 9216, limitTokens: 8192 });
  });

  it("classifies 401 as auth", async () => {
    const error = await failWith(401, fixture("errors/openai-401.json"));
    expect(error.kind).toBe("auth");
    expect(error.message).toMatch(/Incorrect API key/);
  });

  it("classifies 429 as rate_limit with the server's retry-after and request id", async () => {
    const error = await failWith(429, fixture("errors/openai-429.json"), {
      "retry-after": "7",
      "x-request-id": "req_429abc",
    });
    expect(error.kind).toBe("rate_limit");
    expect(error.retryAfterMs).toBe(7000);
    expect(error.requestId).toBe("req_429abc");
  });

  it("classifies an exhausted quota (429 insufficient_quota) as billing, not rate_limit", async () => {
    const body = JSON.stringify({
      error: {
        message: "You exceeded your current quota.",
        type: "insufficient_quota",
        param: null,
        code: "insufficient_quota",
      },
    });
    const error = await failWith(429, body);
    expect(error.kind).toBe("billing");
  });

  it("classifies 500 as server", async () => {
    const error = await failWith(500, fixture("errors/openai-500.json"));
    expect(error.kind).toBe("server");
    expect(error.status).toBe(500);
  });

  it("keeps a plain-text error body as the message", async () => {
    server.enqueue({
      status: 502,
      headers: { "content-type": "text/plain" },
      body: "upstream model crashed",
    });
    const outcome = await runProvider(server);
    expect(outcome.error?.kind).toBe("server");
    expect(outcome.error?.message).toBe("502 upstream model crashed");
  });
});
