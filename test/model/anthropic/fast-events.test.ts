import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fastEvent } from "../../../src/model/anthropic/fast-events.js";
import { streamEventSchema } from "../../../src/model/anthropic/stream-events.js";
import { STOP_REASONS } from "../../../src/protocol/content.js";
import { KNOWN_STREAM_EVENT_TYPES } from "../../../src/protocol/events.js";

const deltaTypes = ["text_delta", "input_json_delta", "thinking_delta", "signature_delta"];
const fieldOf: Record<string, string> = {
  text_delta: "text",
  input_json_delta: "partial_json",
  thinking_delta: "thinking",
  signature_delta: "signature",
};
/** Names an object lookup could find by inheritance. */
const inherited = ["__proto__", "constructor", "toString", String(Object.prototype.toString)];
const index = fc.oneof(fc.nat(5), fc.integer({ min: -3, max: -1 }), fc.double(), fc.string());
/** Values near a token count: counts, non-finite numbers, null, wrong types. */
const count = fc.oneof(
  fc.nat(),
  fc.double(),
  fc.constantFrom(Number.POSITIVE_INFINITY, Number.NaN, null, "12", true),
);
const stopReason = fc.constantFrom(...STOP_REASONS, null, "other", 3, ...inherited);
const optionalText = fc.oneof(fc.string(), fc.constant(null), fc.integer());
const usage = fc.oneof(
  fc.record(
    {
      input_tokens: count,
      output_tokens: count,
      cache_creation_input_tokens: count,
      cache_read_input_tokens: count,
      service_tier: fc.string(),
    },
    { requiredKeys: [] },
  ),
  fc.constantFrom(null, [], "usage"),
);
const emptyOrNot = fc.constantFrom([], [{ type: "text" }], {}, null, "[]");

/** Fields of a message, content block or delta: right and wrong values, and extras. */
const bodyFields = {
  type: fc.constantFrom(
    "message",
    "assistant",
    "text",
    "thinking",
    "redacted_thinking",
    "tool_use",
    "server_tool_use",
    ...deltaTypes,
    ...inherited,
  ),
  id: optionalText,
  role: fc.constantFrom("assistant", "user", null),
  model: optionalText,
  content: emptyOrNot,
  stop_reason: stopReason,
  stop_sequence: optionalText,
  usage,
  text: optionalText,
  thinking: optionalText,
  signature: optionalText,
  data: optionalText,
  name: optionalText,
  input: fc.oneof(fc.constant({}), fc.dictionary(fc.string(), fc.integer()), emptyOrNot),
  partial_json: optionalText,
  citations: fc.constant(null),
};
const body = fc.oneof(fc.record(bodyFields, { requiredKeys: [] }), fc.constantFrom(null, [], "x"));

/** Events near the well-formed ones of every kind the fast path takes. */
const nearEvent = fc.record(
  {
    type: fc.constantFrom(...KNOWN_STREAM_EVENT_TYPES),
    index,
    message: body,
    content_block: body,
    delta: body,
    usage,
    extra: fc.string(),
  },
  { requiredKeys: ["type"] },
);

describe("the stream events' fast path", () => {
  it("gives exactly what the schema gives, and leaves the rest to the schema", () => {
    let taken = 0;
    fc.assert(
      fc.property(nearEvent, (value) => {
        const fast = fastEvent(value);
        if (fast === undefined) return; // the schema decides these
        taken++;
        const parsed = streamEventSchema.safeParse(value);
        expect(parsed.success).toBe(true);
        expect(fast).toEqual(parsed.data);
        expect(Object.keys(fast)).toEqual(Object.keys(parsed.data!));
      }),
      { numRuns: 10_000 },
    );
    expect(taken).toBeGreaterThan(500); // the generator reaches the fast path, not only the schema
  });

  it("takes every well-formed delta, block stop, stop and ping", () => {
    fc.assert(
      fc.property(fc.nat(), fc.constantFrom(...deltaTypes), fc.string(), (at, kind, text) => {
        const field = fieldOf[kind]!;
        const delta = {
          type: "content_block_delta",
          index: at,
          delta: { type: kind, [field]: text, x: 1 },
        };
        expect(fastEvent(delta)).toEqual({
          type: "content_block_delta",
          index: at,
          delta: { type: kind, [field]: text },
        });
        expect(fastEvent({ type: "content_block_stop", index: at, x: 1 })).toEqual({
          type: "content_block_stop",
          index: at,
        });
      }),
    );
    expect(fastEvent({ type: "message_stop", x: 1 })).toEqual({ type: "message_stop" });
    expect(fastEvent({ type: "ping" })).toEqual({ type: "ping" });
  });

  it("takes a message start, block starts and a message delta as the API sends them", () => {
    const start = {
      type: "message_start",
      message: {
        id: "msg_1",
        type: "message",
        role: "assistant",
        model: "claude-sonnet-5",
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 10, output_tokens: 1, service_tier: "standard" },
      },
    };
    expect(fastEvent(start)).toEqual({
      ...start,
      message: { ...start.message, usage: { input_tokens: 10, output_tokens: 1 } },
    });
    const toolUse = { type: "tool_use", id: "toolu_1", name: "Bash", input: {} };
    expect(fastEvent({ type: "content_block_start", index: 1, content_block: toolUse })).toEqual({
      type: "content_block_start",
      index: 1,
      content_block: toolUse,
    });
    const text = { type: "content_block_start", index: 0, content_block: { type: "text" } };
    expect(fastEvent(text)).toEqual({ ...text, content_block: { type: "text", text: "" } });
    const delta = {
      type: "message_delta",
      delta: { stop_reason: "tool_use", stop_sequence: null },
      usage: { output_tokens: 42 },
    };
    expect(fastEvent(delta)).toEqual(delta);
  });

  it("leaves errors, unknown block kinds and non-empty tool inputs to the schema", () => {
    const error = { type: "error", error: { type: "overloaded_error", message: "busy" } };
    expect(fastEvent(error)).toBeUndefined();
    const server = { type: "server_tool_use", id: "srvtoolu_1", name: "web_search", input: {} };
    expect(fastEvent({ type: "content_block_start", index: 0, content_block: server })).toBe(
      undefined,
    );
    // null is not absent: the schema gives a missing text "" but rejects a null one.
    for (const block of [
      { type: "text", text: null },
      { type: "thinking", thinking: "", signature: null },
    ]) {
      expect(fastEvent({ type: "content_block_start", index: 0, content_block: block })).toBe(
        undefined,
      );
    }
    const tool = { type: "tool_use", id: "t", name: "Bash", input: { command: "ls" } };
    expect(fastEvent({ type: "content_block_start", index: 0, content_block: tool })).toBe(
      undefined,
    );
  });
});
