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

describe("QueryEngine.compact (/compact)", () => {
  it("compacts on request with the user's instructions, and the next turn starts from the summary", async () => {
    const { engine, provider, transcript } = scriptedEngine(
      {
        turnMode: "count",
        turns: [{ content: "First answer." }, { content: "Second answer." }],
        side: [{ match: { requestKind: "compact" }, content: SUMMARY_ANSWER }],
      },
      {
        contextDeps: (callModel) => {
          const compaction = createCompaction({
            callModel,
            ids: counterIds(),
            model: () => "claude-sonnet-5",
          });
          return {
            compactNow: (messages, instructions, context) =>
              compaction.compactNow(messages, instructions, context),
          };
        },
      },
    );
    await collect(engine.submitMessage("Tell me about the parser."));
    const boundary = await engine.compact("keep the parser details");
    expect(boundary).toMatchObject({ type: "system", subtype: "compact_boundary" });
    expect(boundary.compact_metadata.trigger).toBe("manual");
    const summaryRequest = provider.requests.find((r) => r.kind === "compact");
    expect(JSON.stringify(summaryRequest?.body)).toContain("keep the parser details");
    expect(engine.messages[0]).toMatchObject({ type: "system", subtype: "compact_boundary" });
    expect(transcript.some((m) => m.type === "system" && m.subtype === "compact_boundary")).toBe(
      true,
    );

    const next = await collect(engine.submitMessage("And now?"));
    expect(resultOf(next).result).toBe("Second answer.");
    expect(JSON.stringify(provider.requests.at(-1)?.body)).not.toContain("First answer.");
  });

  it("refuses to compact while a turn runs", async () => {
    const { engine } = scriptedEngine(
      { turns: [{ content: "ok", chunkDelayMs: 20 }] },
      {
        contextDeps: () => ({ compactNow: async () => ({ messages: [] }) }),
      },
    );
    const turn = collect(engine.submitMessage("hi"));
    await expect(engine.compact()).rejects.toThrow("while a turn runs");
    await turn;
  });
});
