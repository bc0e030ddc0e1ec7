import { describe, expect, it } from "vitest";
import { delayBefore } from "../../../src/model/scripted/pacing.js";
import type { StreamEvent } from "../../../src/protocol/events.js";

const delta = {
  type: "content_block_delta",
  index: 0,
  delta: { type: "text_delta", text: "a" },
} as StreamEvent;
const stop = { type: "content_block_stop", index: 0 } as StreamEvent;

describe("delayBefore", () => {
  it("adds the delta delay to the chunk delay before deltas, and nothing before the first event", () => {
    const pacing = { chunkDelayMs: 2, deltaDelayMs: 5 };
    expect(delayBefore(delta, 0, pacing)).toBe(0);
    expect(delayBefore(delta, 3, pacing)).toBe(7);
    expect(delayBefore(stop, 4, pacing)).toBe(2);
    expect(delayBefore(stop, 4, { chunkDelayMs: 0, deltaDelayMs: 5 })).toBe(0);
  });
});
