import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAnthropicProvider } from "../../../src/model/anthropic/provider.js";
import type { ToolDefinition } from "../../../src/protocol/api.js";
import { type FixtureServer, startFixtureServer } from "../../helpers/fixture-server.js";
import { drain, fixture, modelRequest, providerFor, responseOf, sseResponse } from "./helpers.js";

let server: FixtureServer;
beforeEach(async () => {
  server = await startFixtureServer();
});
afterEach(async () => {
  await server.close();
});

const readTool: ToolDefinition = {
  name: "read_file",
  description: "Reads a file",
  input_schema: { type: "object", properties: { path: { type: "string" } } },
};

async function send(
  provider = providerFor(server),
  request = modelRequest(),
): Promise<Record<string, unknown>> {
  server.enqueue(sseResponse(fixture("text-with-ping.sse")));
  responseOf(await drain(provider.stream(request, new AbortController().signal)));
  const recorded = server.requests.at(-1);
  if (!recorded) throw new Error("the server received no request");
  return recorded.json as Record<string, unknown>;
}

describe("the Anthropic provider sends the request keel built", () => {
  it("posts model, max_tokens, messages, tools and stream to /v1/messages", async () => {
    const body = await send(
      providerFor(server, { promptCaching: false }),
      modelRequest({ tools: [readTool], stopSequences: ["###"], temperature: 0.2 }),
    );
    expect(server.requests.at(-1)?.url).toBe("/v1/messages");
    expect(body).toEqual({
      model: "claude-keel-test",
      max_tokens: 1024,
      messages: [{ role: "user", content: "What do the tides do?" }],
      tools: [readTool],
      temperature: 0.2,
      stop_sequences: ["###"],
      stream: true,
    });
  });

  it("sends the body as JSON.stringify would write it, typed application/json", async () => {
    const request = modelRequest({ tools: [readTool], system: "You are keel." });
    const provider = providerFor(server, { promptCaching: false });
    for (let i = 0; i < 2; i++) {
      const body = await send(provider, request);
      const recorded = server.requests.at(-1);
      expect(recorded?.headers["content-type"]).toBe("application/json");
      expect(recorded?.body).toBe(JSON.stringify(body));
      expect(body.tools).toEqual([readTool]);
    }
  });

  it("marks the system prompt and the last message with cache breakpoints by default", async () => {
    const body = await send(providerFor(server), modelRequest({ system: "You are keel." }));
    expect(body.system).toEqual([
      { type: "text", text: "You are keel.", cache_control: { type: "ephemeral" } },
    ]);
    expect(body.messages).toEqual([
      {
        role: "user",
        content: [
          { type: "text", text: "What do the tides do?", cache_control: { type: "ephemeral" } },
        ],
      },
    ]);
  });

  it("sends a budget to a model without adaptive thinking, and no temperature while thinking", async () => {
    const body = await send(
      providerFor(server),
      modelRequest({
        model: "claude-haiku-4-5",
        thinking: { type: "enabled", budget_tokens: 2048 },
        temperature: 1,
      }),
    );
    expect(body.thinking).toEqual({ type: "enabled", budget_tokens: 2048 });
    expect(body).not.toHaveProperty("temperature");
  });

  it("sends adaptive thinking and the effort to a model that takes them", async () => {
    const body = await send(
      providerFor(server),
      modelRequest({ thinking: { type: "enabled", budget_tokens: 2048 }, effort: "xhigh" }),
    );
    expect(body.thinking).toEqual({ type: "adaptive" });
    expect(body.output_config).toEqual({ effort: "xhigh" });
  });

  it("sends temperature when thinking is disabled", async () => {
    const body = await send(
      providerFor(server),
      modelRequest({ thinking: { type: "disabled" }, temperature: 0.5 }),
    );
    expect(body.temperature).toBe(0.5);
  });

  it("leaves out every setting the request does not have", async () => {
    const body = await send(providerFor(server, { promptCaching: false }));
    expect(Object.keys(body).sort()).toEqual(["max_tokens", "messages", "model", "stream"]);
  });

  it("names the request kind in x-keel-request-kind", async () => {
    await send(providerFor(server), modelRequest({ kind: "compact" }));
    expect(server.requests.at(-1)?.headers["x-keel-request-kind"]).toBe("compact");
  });

  it("names the agent in x-keel-agent: main unless a subagent sends it", async () => {
    await send(providerFor(server), modelRequest());
    expect(server.requests.at(-1)?.headers["x-keel-agent"]).toBe("main");
    await send(providerFor(server), modelRequest({ agent: "reviewer" }));
    expect(server.requests.at(-1)?.headers["x-keel-agent"]).toBe("reviewer");
  });

  it("sends an API key as x-api-key and no Authorization header", async () => {
    await send(createAnthropicProvider({ apiKey: "sk-keel-key", baseURL: server.url }));
    const headers = server.requests.at(-1)?.headers;
    expect(headers?.["x-api-key"]).toBe("sk-keel-key");
    expect(headers?.authorization).toBeUndefined();
  });

  it("sends an auth token as Authorization: Bearer and no x-api-key", async () => {
    await send(createAnthropicProvider({ authToken: "tok-keel", baseURL: server.url }));
    const headers = server.requests.at(-1)?.headers;
    expect(headers?.authorization).toBe("Bearer tok-keel");
    expect(headers?.["x-api-key"]).toBeUndefined();
  });

  it("sends both headers when both credentials are set, as Claude Code does", async () => {
    await send(
      createAnthropicProvider({ apiKey: "sk-both", authToken: "tok-both", baseURL: server.url }),
    );
    const headers = server.requests.at(-1)?.headers;
    expect(headers?.["x-api-key"]).toBe("sk-both");
    expect(headers?.authorization).toBe("Bearer tok-both");
  });

  it("does not retry on its own: one failed request is one HTTP request", async () => {
    server.enqueue({
      status: 529,
      headers: { "content-type": "application/json", "x-should-retry": "true" },
      body: fixture("errors/overloaded-529.json"),
    });
    const { error } = await drain(
      providerFor(server).stream(modelRequest(), new AbortController().signal),
    );
    expect(error?.kind).toBe("overloaded");
    expect(server.requests).toHaveLength(1);
  });
});
