import Anthropic from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import type { RecordedViolation } from "../../../src/model/scripted/server.js";
import { startScriptedServer } from "../../../src/model/scripted/server.js";
import { body, parseSse, post, rejection, scenarioOf, sdkClient, serve } from "./helpers.js";

const ONE_TURN = { turns: [{ content: "Hello from the scripted model." }] };

/** A request whose tool_result answers no tool_use. */
const ORPHAN_RESULT = body({
  messages: [
    { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_01X", content: "hi" }] },
  ],
});

describe("scripted server over HTTP", () => {
  it("streams text/event-stream with event and data lines whose names match their types", async () => {
    const server = await serve(scenarioOf(ONE_TURN));
    const response = await post(server, body({ stream: true }));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("request-id")).toMatch(/^req_01/);
    const text = await response.text();
    expect(text.endsWith("\n\n")).toBe(true);
    const events = parseSse(text);
    expect(events.every((e) => e.event === e.data.type)).toBe(true);
    expect(events[0]?.event).toBe("message_start");
    expect(events.at(-1)?.event).toBe("message_stop");
  });

  it("paces a response over HTTP: deltaDelayMs waits before each delta and nowhere else", async () => {
    const waits: number[] = [];
    const scenario = scenarioOf({
      turns: [{ content: [{ type: "tool_use", name: "Bash", input: { command: "true" } }] }],
      deltaDelayMs: 4,
    });
    const server = await startScriptedServer({
      scenario,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    try {
      const events = parseSse(await (await post(server, body({ stream: true }))).text());
      const deltas = events.filter((e) => e.event === "content_block_delta").length;
      expect(deltas).toBeGreaterThan(1);
      expect(waits).toEqual(Array.from({ length: deltas }, () => 4));
    } finally {
      await server.close();
    }
  });

  it("answers a request that breaks an invariant with a 400 and records the violation", async () => {
    const seen: RecordedViolation[] = [];
    const server = await startScriptedServer({
      scenario: scenarioOf(ONE_TURN),
      onViolation: (v) => seen.push(v),
    });
    try {
      await post(server, body());
      const error = (await rejection(
        sdkClient(server).messages.create(
          ORPHAN_RESULT as unknown as Anthropic.MessageCreateParamsNonStreaming,
        ),
      )) as InstanceType<typeof Anthropic.BadRequestError>;
      expect(error).toBeInstanceOf(Anthropic.BadRequestError);
      const message =
        "messages.0.content.0: unexpected `tool_use_id` found in `tool_result` blocks: toolu_01X. Each `tool_result` block must have a corresponding `tool_use` block in the previous message.";
      expect(error.error).toMatchObject({
        type: "error",
        error: { type: "invalid_request_error", message },
      });
      expect(error.headers?.get("x-should-retry")).toBe("false");
      expect(server.violations).toEqual([{ rule: "tool_pairing", message, requestIndex: 1 }]);
      expect(seen).toEqual(server.violations);
      expect(server.requests[1]?.answer).toBe("invalid");
    } finally {
      await server.close();
    }
  });

  it("reports its request count and violations at GET /_keel/state", async () => {
    const server = await serve(scenarioOf(ONE_TURN));
    await post(server, body());
    await post(server, ORPHAN_RESULT);
    const state = (await (await fetch(`${server.url}/_keel/state`)).json()) as {
      requests: number;
      violations: RecordedViolation[];
    };
    expect(state.requests).toBe(2);
    expect(state.violations).toHaveLength(1);
    expect(state.violations[0]).toMatchObject({ requestIndex: 1, rule: "tool_pairing" });
  });

  it("serves a violating request when the scenario turns validation off", async () => {
    const server = await serve(scenarioOf({ ...ONE_TURN, validate: false }));
    const response = await post(server, ORPHAN_RESULT);
    expect(response.status).toBe(200);
    expect(server.violations).toEqual([]);
  });

  it("answers a body that is not JSON with a 400 invalid_request_error", async () => {
    const server = await serve(scenarioOf(ONE_TURN));
    const response = await fetch(`${server.url}/v1/messages`, {
      method: "POST",
      body: "{not json",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { type: "invalid_request_error" } });
  });

  it("answers unknown paths with a 404 not_found_error body", async () => {
    const server = await serve(scenarioOf(ONE_TURN));
    const response = await fetch(`${server.url}/v1/models`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({
      type: "error",
      error: { type: "not_found_error", message: "The requested resource could not be found." },
    });
  });

  it("counts tokens with the same estimate it reports as input usage", async () => {
    const server = await serve(scenarioOf(ONE_TURN));
    const client = sdkClient(server);
    const params = {
      model: "claude-sonnet-5",
      messages: [{ role: "user" as const, content: "x".repeat(400) }],
    };
    const counted = await client.messages.countTokens(params);
    const message = await client.messages.create({ ...params, max_tokens: 100 });
    expect(counted.input_tokens).toBe(message.usage.input_tokens);
    expect(counted.input_tokens).toBeGreaterThanOrEqual(100);
  });

  it("accepts any credentials: an api key, a bearer token, or none", async () => {
    const server = await serve(scenarioOf(ONE_TURN));
    expect((await post(server, body(), { authorization: "Bearer whatever" })).status).toBe(200);
    expect((await post(server, body(), { "x-api-key": "sk-ant-anything" })).status).toBe(200);
  });

  it("survives a client that goes away mid-stream and keeps serving", async () => {
    const server = await serve(
      scenarioOf({
        turns: [{ content: "one two three four five six seven eight", chunkDelayMs: 600_000 }],
      }),
    );
    const response = await post(server, body({ stream: true }));
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain("message_start");
    await reader.cancel();
    const second = await post(server, body());
    expect(second.status).toBe(200);
    expect(server.requests).toHaveLength(2);
  });

  it("keeps non-ASCII text intact in large requests and in responses", async () => {
    const answer = "Voilà — 日本語のテキスト 🚀 done.";
    const server = await serve(
      scenarioOf({
        turns: [{ content: [{ type: "tool_use", name: "Write", input: { text: answer } }] }],
      }),
    );
    const prompt = "naïve café 日本語 🚀 ".repeat(8000);
    const message = await sdkClient(server)
      .messages.stream({
        model: "claude-sonnet-5",
        max_tokens: 100,
        messages: [{ role: "user", content: prompt }],
      })
      .finalMessage();
    expect(message.content[0]).toMatchObject({ type: "tool_use", input: { text: answer } });
    expect(server.requests[0]?.body).toMatchObject({
      messages: [{ role: "user", content: prompt }],
    });
  });
});
