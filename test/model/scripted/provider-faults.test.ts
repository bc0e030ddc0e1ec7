import { describe, expect, it } from "vitest";
import { ModelError } from "../../../src/model/errors.js";
import type { ModelEvent } from "../../../src/model/provider.js";
import { createScriptedProvider } from "../../../src/model/scripted/provider.js";
import type { Scenario } from "../../../src/model/scripted/scenario.js";
import { drain, modelRequest, rejection, responseOf, scenarioOf } from "./helpers.js";

const TEXT_AND_TOOL = [
  { type: "text", text: "I will read the README to see what this project is about." },
  { type: "tool_use", name: "Read", input: { file_path: "/work/README.md" } },
];

function run(
  provider: ReturnType<typeof createScriptedProvider>,
  signal = new AbortController().signal,
) {
  return drain(provider.stream(modelRequest(), signal));
}

/** Drains a stream that must fail; returns the error and the events before it. */
async function failing(
  provider: ReturnType<typeof createScriptedProvider>,
): Promise<{ error: ModelError; events: ModelEvent[] }> {
  const events: ModelEvent[] = [];
  try {
    for await (const event of provider.stream(modelRequest(), new AbortController().signal)) {
      events.push(event);
    }
  } catch (error) {
    expect(error).toBeInstanceOf(ModelError);
    return { error: error as ModelError, events };
  }
  throw new Error("expected the stream to fail");
}

function providerFor(turn: Record<string, unknown>): ReturnType<typeof createScriptedProvider> {
  const scenario: Scenario = scenarioOf({ turns: [turn] });
  return createScriptedProvider(scenario);
}

describe("scripted provider faults", () => {
  it("throws an http_error as the classified ModelError, `times` times, then serves", async () => {
    const provider = providerFor({
      content: "ok",
      faults: [{ type: "http_error", status: 529, times: 2 }],
    });
    for (let attempt = 0; attempt < 2; attempt++) {
      const { error, events } = await failing(provider);
      expect(error.kind).toBe("overloaded");
      expect(error.status).toBe(529);
      expect(error.shouldRetryHeader).toBe(true);
      expect(error.requestId).toMatch(/^req_01/);
      expect(events).toEqual([]);
    }
    expect(responseOf(await run(provider)).content).toEqual([{ type: "text", text: "ok" }]);
  });

  it("classifies an http_error from its body and headers like the HTTP path (retry-after, 400)", async () => {
    const provider = providerFor({
      content: "ok",
      faults: [
        { type: "http_error", status: 429, headers: { "retry-after": "7" } },
        {
          type: "http_error",
          status: 400,
          body: {
            type: "error",
            error: {
              type: "invalid_request_error",
              message: "prompt is too long: 219898 tokens > 200000 maximum",
            },
          },
        },
      ],
    });
    const first = await failing(provider);
    expect(first.error.kind).toBe("rate_limit");
    expect(first.error.retryAfterMs).toBe(7000);
    const second = await failing(provider);
    expect(second.error.info).toEqual({
      kind: "prompt_too_long",
      actualTokens: 219898,
      limitTokens: 200000,
    });
    expect(second.error.shouldRetryHeader).toBe(false);
  });

  it("throws the in-stream error of an error_event: before any block, not after content", async () => {
    const { error, events } = await failing(
      providerFor({ content: TEXT_AND_TOOL, faults: [{ type: "error_event" }] }),
    );
    expect(error.kind).toBe("overloaded");
    expect(error.afterContent).toBe(false);
    expect(events.some((e) => e.type === "block")).toBe(false);
  });

  it("throws the in-stream error after one block, marked afterContent, with that block yielded", async () => {
    const { error, events } = await failing(
      providerFor({
        content: TEXT_AND_TOOL,
        faults: [
          { type: "error_event", afterBlocks: 1, error: { type: "api_error", message: "boom" } },
        ],
      }),
    );
    expect(error.kind).toBe("server");
    expect(error.afterContent).toBe(true);
    expect(
      events.filter((e) => e.type === "block").map((e) => e.type === "block" && e.block.type),
    ).toEqual(["text"]);
  });

  it("turns a disconnect into a connection error, after the partial block's deltas", async () => {
    const provider = providerFor({
      content: TEXT_AND_TOOL,
      faults: [{ type: "disconnect", afterBlocks: 1, midBlock: true }],
    });
    const { error, events } = await failing(provider);
    expect(error.kind).toBe("connection");
    expect(error.afterContent).toBe(true);
    const partial = events.filter(
      (e) =>
        e.type === "stream_event" && e.event.type === "content_block_delta" && e.event.index === 1,
    );
    expect(partial.length).toBeGreaterThan(0);
    expect(events.filter((e) => e.type === "block")).toHaveLength(1);
    expect(responseOf(await run(provider)).content).toHaveLength(2);
  });

  it("stops at max_tokens with the cut tool_use dropped, never completed", async () => {
    const provider = providerFor({
      content: TEXT_AND_TOOL,
      faults: [{ type: "max_tokens", afterBlocks: 1 }],
    });
    const response = responseOf(await run(provider));
    expect(response.stopReason).toBe("max_tokens");
    expect(response.content).toEqual([TEXT_AND_TOOL[0]]);
    expect(response.droppedPartialToolUse?.name).toBe("Read");
  });

  it("aborts promptly during a stall with ModelError kind aborted", async () => {
    const provider = providerFor({ content: "late", faults: [{ type: "stall", ms: 600_000 }] });
    const controller = new AbortController();
    const stream = provider.stream(modelRequest(), controller.signal);
    const next = rejection(stream.next());
    controller.abort();
    const error = await next;
    expect(error).toBeInstanceOf(ModelError);
    expect((error as ModelError).kind).toBe("aborted");
  });

  it("aborts between chunks when the signal fires mid-stream", async () => {
    const provider = providerFor({ content: "one two three four five six", chunkDelayMs: 600_000 });
    const controller = new AbortController();
    const stream = provider.stream(modelRequest(), controller.signal);
    const first = await stream.next();
    expect(first.value).toMatchObject({ type: "stream_event", event: { type: "message_start" } });
    const next = rejection(stream.next());
    controller.abort();
    expect(((await next) as ModelError).kind).toBe("aborted");
  });

  it("uses an injected sleep for chunk delays and stalls", async () => {
    const waits: number[] = [];
    const scenario = scenarioOf({
      turns: [{ content: "a b", chunkDelayMs: 5, faults: [{ type: "stall", ms: 40 }] }],
    });
    const provider = createScriptedProvider(scenario, {
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    await run(provider);
    expect(waits[0]).toBe(40);
    expect(waits.slice(1).every((ms) => ms === 5)).toBe(true);
    expect(waits.length).toBeGreaterThan(3);
  });

  it("with deltaDelayMs, waits before each delta only: the events that close the message come at once", async () => {
    const scenario = scenarioOf({ turns: [{ content: TEXT_AND_TOOL, deltaDelayMs: 3 }] });
    const seen: string[] = [];
    const provider = createScriptedProvider(scenario, {
      sleep: async (ms) => {
        seen.push(`wait ${ms}`);
      },
    });
    for await (const event of provider.stream(modelRequest(), new AbortController().signal)) {
      if (event.type === "stream_event") seen.push(event.event.type);
    }
    seen.forEach((entry, i) => {
      if (entry === "content_block_delta") expect(seen[i - 1]).toBe("wait 3");
      if (entry.startsWith("wait")) expect(seen[i + 1]).toBe("content_block_delta");
    });
    expect(seen.slice(-4)).toEqual([
      "content_block_delta",
      "content_block_stop",
      "message_delta",
      "message_stop",
    ]);
  });

  it("rejects an invalid request with the server's 400 as ModelError invalid_request, and records it", async () => {
    const provider = providerFor({ content: "never served" });
    const request = modelRequest({
      messages: [
        {
          role: "user",
          content: [{ type: "tool_result", tool_use_id: "toolu_01X", content: "hi" }],
        },
      ],
    });
    const error = await rejection(drain(provider.stream(request, new AbortController().signal)));
    expect(error).toBeInstanceOf(ModelError);
    const message =
      "messages.0.content.0: unexpected `tool_use_id` found in `tool_result` blocks: toolu_01X. Each `tool_result` block must have a corresponding `tool_use` block in the previous message.";
    expect((error as ModelError).kind).toBe("invalid_request");
    expect((error as ModelError).status).toBe(400);
    expect((error as ModelError).message).toBe(`400 invalid_request_error: ${message}`);
    expect(provider.violations).toEqual([{ rule: "tool_pairing", message, requestIndex: 0 }]);
    expect(provider.requests[0]).toMatchObject({ index: 0, kind: "main", answer: "invalid" });
  });
});
