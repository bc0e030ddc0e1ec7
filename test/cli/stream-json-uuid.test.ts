import { describe, expect, it } from "vitest";
import { parseStreamInputLine } from "../../src/cli/stream-json-input.js";

const line = (extra: Record<string, unknown>) =>
  JSON.stringify({ type: "user", message: { role: "user", content: "hi" }, ...extra });

describe("a stream-json user message's uuid", () => {
  it("is kept as the prompt's (a host cancels it or names it by it)", () => {
    const uuid = "6f1c3a52-0b8e-4d3f-9a57-2f4c1e8b7d90";
    expect(parseStreamInputLine(line({ uuid }), 1)).toEqual({ kind: "prompt", text: "hi", uuid });
  });

  it("is left out when it is not a uuid (the prompt still runs, under keel's own id)", () => {
    expect(parseStreamInputLine(line({ uuid: "not-a-uuid" }), 1)).toEqual({
      kind: "prompt",
      text: "hi",
    });
  });
});
