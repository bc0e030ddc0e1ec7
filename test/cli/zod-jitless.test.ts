import { describe, expect, it } from "vitest";
import { z } from "zod";

describe("the CLI's entry", () => {
  it("turns zod's JIT off for the process it runs in", async () => {
    expect(z.config().jitless).not.toBe(true);
    await import("../../src/cli/cli-entry.js");
    expect(z.config().jitless).toBe(true);
  });
});
