import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { Tool, ToolCallResult } from "../../../src/tools/tool.js";
import { collect, resultOf, scriptedEngine } from "./helpers.js";

const textInput = z.strictObject({ text: z.string() });

/** A tool that reports two steps of progress before it returns. */
const steppingTool: Tool<{ text: string }, string> = {
  name: "Steps",
  description: "Reports progress twice, then returns.",
  inputSchema: textInput,
  maxResultSizeChars: 50_000,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  async call(input, _context, onProgress): Promise<ToolCallResult<string>> {
    onProgress({ step: 1, of: input.text });
    onProgress({ step: 2, of: input.text });
    return { data: "stepped" };
  },
  mapToolResult: (output, id) => ({ type: "tool_result", tool_use_id: id, content: output }),
};

describe("QueryEngine's onProgress hook", () => {
  it("passes each progress report of a running tool to the host, with its call's id", async () => {
    const reports: Array<{ id: string; data: unknown }> = [];
    const { engine } = scriptedEngine(
      {
        turns: [
          { content: [{ type: "tool_use", name: "Steps", input: { text: "job" } }] },
          { content: "all done" },
        ],
      },
      { tools: [steppingTool], onProgress: (id, data) => reports.push({ id, data }) },
    );
    const messages = await collect(engine.submitMessage("go"));
    expect(resultOf(messages).result).toBe("all done");
    const call = messages.flatMap((m) =>
      m.type === "assistant" && typeof m.message.content !== "string"
        ? m.message.content.filter((b) => b.type === "tool_use")
        : [],
    )[0];
    expect(reports).toEqual([
      { id: call?.type === "tool_use" ? call.id : "?", data: { step: 1, of: "job" } },
      { id: call?.type === "tool_use" ? call.id : "?", data: { step: 2, of: "job" } },
    ]);
    // Progress is for the UI only: programs reading the stream never see it.
    expect(messages.some((m) => (m as { type: string }).type === "progress")).toBe(false);
  });
});
