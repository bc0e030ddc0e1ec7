import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fastEvent, streamEventSchema } from "../../../src/model/anthropic/stream-events.js";

const deltaTypes = ["text_delta", "input_json_delta", "thinking_delta", "signature_delta"];
const fieldOf: Record<string, string> = {
  text_delta: "text",
  input_json_delta: "partial_json",
  thinking_delta: "thinking",
  signature_delta: "signature",
};
const fields = [
  ...Object.values(fieldOf),
  "citation",
  "type",
  "[object Object]",
  String(Object.prototype.toString),
];
const index = fc.oneof(fc.nat(5), fc.integer({ min: -3, max: -1 }), fc.double(), fc.string());

/** Events near the well-formed ones the fast path takes: right and wrong kinds, fields, extras. */
const nearEvent = fc.record(
  {
    type: fc.constantFrom(
      "content_block_delta",
      "content_block_stop",
      "message_stop",
      "ping",
      "message_delta",
    ),
    index,
    delta: fc.oneof(
      fc.dictionary(
        fc.constantFrom(...fields),
        fc.oneof(
          fc.constantFrom(...deltaTypes, "__proto__", "constructor", "toString"),
          fc.string(),
          fc.integer(),
          fc.constant(null),
        ),
      ),
      fc.constant(null),
      fc.array(fc.string()),
    ),
    extra: fc.string(),
  },
  { requiredKeys: ["type"] },
);

describe("the stream events' fast path", () => {
  it("gives exactly what the schema gives, and leaves the rest to the schema", () => {
    fc.assert(
      fc.property(nearEvent, (value) => {
        const fast = fastEvent(value);
        if (fast === undefined) return; // the schema decides these
        const parsed = streamEventSchema.safeParse(value);
        expect(parsed.success).toBe(true);
        expect(fast).toEqual(parsed.data);
      }),
      { numRuns: 3_000 },
    );
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
});
