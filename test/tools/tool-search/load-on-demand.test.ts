import { describe, expect, it } from "vitest";
import { createToolSearchTool } from "../../../src/tools/builtin/tool-search/tool-search-tool.js";
import type { BuiltinToolsConfig } from "../../../src/tools/builtin-config.js";
import type { ToolUseContext } from "../../../src/tools/context.js";
import { markToolsLoaded } from "../../../src/tools/deferred-tools.js";
import { runToolUse } from "../../../src/tools/run-tool-use.js";
import { runTools } from "../../../src/tools/run-tools.js";
import { StreamingToolExecutor } from "../../../src/tools/streaming-executor.js";
import type { AnyTool } from "../../../src/tools/tool.js";
import { counterIds, testContext } from "../../loop/harness.js";
import { echoTool } from "../../loop/tools.js";
import {
  assistantFor,
  collect,
  resultsIn,
  textOfResult,
  toolUse,
} from "../orchestration/helpers/test-context.js";
import { deferredTool } from "./helpers.js";

const config: BuiltinToolsConfig = { cwd: "/p", sessionDir: "/s/1", stateDir: "/s", env: {} };

function setup() {
  const forecast = deferredTool();
  const tools = [createToolSearchTool(config), echoTool, forecast] as AnyTool[];
  return { forecast, context: testContext(tools) };
}

async function callOnce(context: ToolUseContext, input: Record<string, unknown>) {
  const block = toolUse("t1", "mcp__weather__forecast", input);
  const signal = context.abortController.signal;
  const updates = await collect(
    runToolUse(block, assistantFor(block), context, signal, counterIds()),
  );
  const results = resultsIn(updates.map((u) => u.message));
  const modifiers = updates.flatMap((u) => (u.contextModifier ? [u.contextModifier] : []));
  const after = modifiers.reduce((c, modify) => modify(c), context);
  return { results, modifiers, after };
}

describe("a deferred tool called before it was loaded", () => {
  it("runs normally and is loaded from then on", async () => {
    const { forecast, context } = setup();
    const { results, after } = await callOnce(context, { city: "Oslo" });
    expect(forecast.calls).toEqual(["Oslo"]);
    expect(results).toHaveLength(1);
    expect(textOfResult(results[0])).toBe("forecast for Oslo: clear skies");
    expect(after.loadedDeferredTools?.has("mcp__weather__forecast")).toBe(true);
  });

  it("answers a wrong input with the validation error and a hint to load its schema", async () => {
    const { forecast, context } = setup();
    const { results, after } = await callOnce(context, { town: "Oslo" });
    expect(forecast.calls).toEqual([]);
    const text = textOfResult(results[0]);
    expect(results[0]!.is_error).toBe(true);
    expect(text).toMatch(/^<tool_use_error>InputValidationError: mcp__weather__forecast failed/);
    expect(text).toContain("The required parameter `city` is missing");
    expect(text).toContain('Call ToolSearch with query "select:mcp__weather__forecast"');
    expect(text.endsWith("</tool_use_error>")).toBe(true);
    expect(after.loadedDeferredTools?.has("mcp__weather__forecast")).toBe(true);
  });

  it("gets no hint and no context change once it is loaded", async () => {
    const { context } = setup();
    const loaded = markToolsLoaded(["mcp__weather__forecast"])(context);
    const { results, modifiers } = await callOnce(loaded, { town: "Oslo" });
    expect(textOfResult(results[0])).not.toContain("ToolSearch");
    expect(modifiers).toEqual([]);
  });

  it("runs alone in the streaming executor, so its loading is not dropped like a parallel call's", async () => {
    const { forecast, context } = setup();
    const executor = new StreamingToolExecutor(context, counterIds());
    for (const block of [
      toolUse("a", "Echo", { text: "a" }),
      toolUse("b", "mcp__weather__forecast", { city: "Oslo" }),
      toolUse("c", "Echo", { text: "c" }),
    ]) {
      executor.addTool(block, assistantFor(block));
    }
    const released = await collect(executor.getRemainingResults());
    expect(resultsIn(released.map((u) => u.message)).map((r) => r.tool_use_id)).toEqual([
      "a",
      "b",
      "c",
    ]);
    expect(forecast.calls).toEqual(["Oslo"]);
    expect(executor.getUpdatedContext().loadedDeferredTools?.has(forecast.name)).toBe(true);
  });

  it("is loaded after a parallel batch when tools run after streaming", async () => {
    const { context } = setup();
    const blocks = [
      toolUse("a", "Echo", { text: "a" }),
      toolUse("b", "mcp__weather__forecast", { city: "Oslo" }),
    ];
    const generator = runTools(blocks, assistantFor, context, counterIds());
    let step = await generator.next();
    while (!step.done) step = await generator.next();
    expect(step.value.loadedDeferredTools?.has("mcp__weather__forecast")).toBe(true);
  });
});
