import { z } from "zod";
import type { Tool, ToolCallResult } from "../../src/tools/tool.js";

/** Small real tools for loop tests. */

const textInput = z.strictObject({ text: z.string() });

/** Echoes its text; concurrency-safe and read-only. */
export const echoTool: Tool<{ text: string }, string> = {
  name: "Echo",
  description: "Returns the text it is given.",
  inputSchema: textInput,
  maxResultSizeChars: 50_000,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  async call(input): Promise<ToolCallResult<string>> {
    return { data: `echo: ${input.text}` };
  },
  mapToolResult: (output, id) => ({ type: "tool_result", tool_use_id: id, content: output }),
};

/** Waits until its call's signal aborts (or `release` is called), then reports how it ended. */
export function gateTool(
  name = "Gate",
): Tool<{ text: string }, string> & { release(): void; started: Promise<void> } {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let markStarted = () => {};
  const started = new Promise<void>((resolve) => {
    markStarted = resolve;
  });
  return {
    name,
    description: "Waits for the test to release it.",
    inputSchema: textInput,
    maxResultSizeChars: 50_000,
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    async call(input, context): Promise<ToolCallResult<string>> {
      markStarted();
      await Promise.race([
        released,
        new Promise<void>((resolve) =>
          context.signal.addEventListener("abort", () => resolve(), { once: true }),
        ),
      ]);
      if (context.signal.aborted) throw new Error("gate aborted");
      return { data: `released: ${input.text}` };
    },
    mapToolResult: (output, id) => ({ type: "tool_result", tool_use_id: id, content: output }),
    release: () => release(),
    started,
  };
}

/** Aborts the whole turn from inside a tool call (a user pressing Ctrl+C while tools run). */
export function abortingTool(): Tool<{ text: string }, string> {
  return {
    name: "Abort",
    description: "Aborts the turn.",
    inputSchema: textInput,
    maxResultSizeChars: 50_000,
    isReadOnly: () => false,
    isConcurrencySafe: () => false,
    async call(_input, context): Promise<ToolCallResult<string>> {
      context.abortController.abort("user");
      throw new Error("interrupted");
    },
    mapToolResult: (output, id) => ({ type: "tool_result", tool_use_id: id, content: output }),
  };
}
