import { describe, expect, it } from "vitest";
import { buildRequest } from "../../../src/loop/build-request.js";
import { createToolSearchTool } from "../../../src/tools/builtin/tool-search/tool-search-tool.js";
import type { BuiltinToolsConfig } from "../../../src/tools/builtin-config.js";
import type { ToolUseContext } from "../../../src/tools/context.js";
import { markToolsLoaded, needsToolSearch } from "../../../src/tools/deferred-tools.js";
import type { AnyTool } from "../../../src/tools/tool.js";
import { testContext } from "../../loop/harness.js";
import { echoTool } from "../../loop/tools.js";
import { deferredTool } from "./helpers.js";

const config: BuiltinToolsConfig = { cwd: "/p", sessionDir: "/s/1", stateDir: "/s", env: {} };
const toolSearch = createToolSearchTool(config) as AnyTool;
const forecast = deferredTool("mcp__weather__forecast") as AnyTool;
const alerts = deferredTool("mcp__weather__alerts", "Lists storm warnings.") as AnyTool;

function request(context: ToolUseContext, systemPrompt = "You are keel.") {
  const built = buildRequest({
    messages: [],
    systemPrompt,
    userContext: {},
    context,
    maxTokens: 1000,
    kind: "main",
  });
  return { names: (built.tools ?? []).map((t) => t.name), system: String(built.system) };
}

describe("deferred tools in a request", () => {
  it("leaves unloaded deferred tools out of the tool list and names them, one a line, in the system prompt", () => {
    const { names, system } = request(testContext([echoTool, toolSearch, forecast, alerts]));
    expect(names).toEqual(["Echo", "ToolSearch"]);
    expect(system.startsWith("You are keel.\n\n# Deferred tools\n")).toBe(true);
    expect(system.endsWith("\nmcp__weather__forecast\nmcp__weather__alerts")).toBe(true);
    expect(system).toContain('"select:<name>"');
  });

  it("sends a loaded deferred tool in full and stops naming it", () => {
    const context = markToolsLoaded(["mcp__weather__forecast"])(
      testContext([echoTool, toolSearch, forecast, alerts]),
    );
    const { names, system } = request(context);
    expect(names).toEqual(["Echo", "ToolSearch", "mcp__weather__forecast"]);
    expect(system.split("\n").at(-1)).toBe("mcp__weather__alerts");
    expect(system).not.toMatch(/^mcp__weather__forecast$/m);
  });

  it("leaves the system prompt alone when every deferred tool is loaded", () => {
    const context = markToolsLoaded(["mcp__weather__forecast", "mcp__weather__alerts"])(
      testContext([toolSearch, forecast, alerts]),
    );
    expect(request(context).system).toBe("You are keel.");
  });

  it("sends every tool in full when ToolSearch is not offered (nothing could load them)", () => {
    const { names, system } = request(testContext([echoTool, forecast]));
    expect(names).toEqual(["Echo", "mcp__weather__forecast"]);
    expect(system).toBe("You are keel.");
  });
});

describe("deferred tool helpers", () => {
  it("asks for ToolSearch only when some tool is deferred", () => {
    expect(needsToolSearch([echoTool])).toBe(false);
    expect(needsToolSearch([echoTool, forecast])).toBe(true);
  });

  it("records loaded tools without forgetting earlier ones, and keeps the context when nothing is new", () => {
    const context = testContext([toolSearch, forecast, alerts]);
    const once = markToolsLoaded(["mcp__weather__forecast"])(context);
    const twice = markToolsLoaded(["mcp__weather__alerts"])(once);
    expect([...(twice.loadedDeferredTools ?? [])]).toEqual([
      "mcp__weather__forecast",
      "mcp__weather__alerts",
    ]);
    expect(markToolsLoaded(["mcp__weather__alerts"])(twice)).toBe(twice);
    expect(context.loadedDeferredTools).toBeUndefined();
  });
});
