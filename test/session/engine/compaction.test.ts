import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createCompaction } from "../../../src/context/compaction.js";
import type { Message } from "../../../src/protocol/messages.js";
import type { Tool, ToolCallResult } from "../../../src/tools/tool.js";
import { SUMMARY_ANSWER } from "../../context/scripted-call-model.js";
import { counterIds } from "../../loop/harness.js";
import { collect, resultOf, scriptedEngine } from "./helpers.js";

/** A tool whose every answer is 4 KB, so the context fills quickly. */
const bigOutput: Tool<{ step: string }, string> = {
  name: "Big",
  description: "Returns 4 KB.",
  inputSchema: z.strictObject({ step: z.string() }),
  maxResultSizeChars: 30_000,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  async call(input): Promise<ToolCallResult<string>> {
    return { data: `${input.step}\n${"o".repeat(4_000)}` };
  },
  mapToolResult: (output, id) => ({ type: "tool_result", tool_use_id: id, content: output }),
};

describe("QueryEngine and compaction", () => {
  it("reports a compact boundary, keeps only what follows it, and records it", async () => {
    const steps = 12;
    const turns = [
      ...Array.from({ length: steps }, (_, i) => ({
        content: [{ type: "tool_use", name: "Big", input: { step: `step-${i}` } }],
      })),
      { content: "All steps done." },
      { content: "Yes, still here." },
    ];
    const { engine, transcript } = scriptedEngine(
      {
        turnMode: "count",
        turns,
        side: [{ match: { requestKind: "compact" }, content: SUMMARY_ANSWER }],
      },
      {
        tools: [bigOutput],
        contextDeps: (callModel) => {
          const compaction = createCompaction({
            callModel,
            ids: counterIds(),
            model: () => "claude-sonnet-5",
            budget: { windowOverride: 40_000 },
          });
          return {
            autocompact: compaction.autocompact,
            reactiveCompact: compaction.reactiveCompact,
          };
        },
      },
    );
    const first = await collect(engine.submitMessage("Run every step."));
    expect(resultOf(first).result).toBe("All steps done.");
    expect(first.some((m) => m.type === "system" && m.subtype === "compact_boundary")).toBe(true);
    const isBoundary = (m: Message) => m.type === "system" && m.subtype === "compact_boundary";
    expect(isBoundary(engine.messages[0]!)).toBe(true);
    expect(transcript.some(isBoundary)).toBe(true);

    const second = await collect(engine.submitMessage("Still there?"));
    expect(resultOf(second).result).toBe("Yes, still here.");
    expect(engine.messages.filter(isBoundary).length).toBeLessThanOrEqual(1);
  });
});
