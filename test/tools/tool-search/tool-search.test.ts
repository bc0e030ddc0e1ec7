import { describe, expect, it } from "vitest";
import { toolDefinition } from "../../../src/model/tool-schema.js";
import { createToolSearchTool } from "../../../src/tools/builtin/tool-search/tool-search-tool.js";
import type { BuiltinToolsConfig } from "../../../src/tools/builtin-config.js";
import { isUnloadedDeferredTool } from "../../../src/tools/deferred-tools.js";
import type { AnyTool } from "../../../src/tools/tool.js";
import { parseToolInput } from "../../../src/tools/tool-input.js";
import { testContext } from "../../loop/harness.js";
import { echoTool } from "../../loop/tools.js";
import { callContext, deferredTool } from "./helpers.js";

const config: BuiltinToolsConfig = {
  cwd: "/work/project",
  sessionDir: "/state/sessions/s1",
  stateDir: "/state",
  env: {},
};

const forecast = deferredTool("mcp__weather__forecast", "Gets the weather forecast for a city.");
const alerts = deferredTool("mcp__weather__alerts", "Lists storm warnings for a region.");

/** Runs ToolSearch with a query over Echo, the two weather tools and any extra tools. */
async function search(query: string, extra: AnyTool[] = [], maxResults?: number) {
  const toolSearch = createToolSearchTool(config);
  const tools = [toolSearch, echoTool, forecast, alerts, ...extra] as AnyTool[];
  const context = testContext(tools);
  const parsed = parseToolInput(toolSearch, {
    query,
    ...(maxResults === undefined ? {} : { max_results: maxResults }),
  });
  if (!parsed.ok) throw new Error(parsed.message);
  const input = parsed.data as { query: string; max_results: number };
  const result = await toolSearch.call(input, callContext(context), () => {});
  const block = toolSearch.mapToolResult(result.data, "call-1");
  const after = result.contextModifier ? result.contextModifier(context) : context;
  return { result, text: String(block.content), context, after };
}

describe("ToolSearch", () => {
  it("loads exactly the tools a select: query names and shows their full definitions", async () => {
    const { result, text, after } = await search("select:mcp__weather__alerts");
    expect(result.data.matches).toEqual([
      toolDefinition(alerts.name, alerts.description, alerts.inputSchema),
    ]);
    expect(text).toContain(
      `<function>${JSON.stringify(toolDefinition(alerts.name, alerts.description, alerts.inputSchema))}</function>`,
    );
    expect(text).toContain('"required":["city"]');
    expect([...(after.loadedDeferredTools ?? [])]).toEqual(["mcp__weather__alerts"]);
    expect(isUnloadedDeferredTool(forecast, after)).toBe(true);
  });

  it("loads the best keyword matches among deferred tools", async () => {
    const { result, after } = await search("storm warnings");
    expect(result.data.matches.map((d) => d.name)).toEqual(["mcp__weather__alerts"]);
    expect(after.loadedDeferredTools?.has("mcp__weather__alerts")).toBe(true);
  });

  it("loads at most five tools for a keyword search unless max_results says otherwise", async () => {
    const many = Array.from({ length: 7 }, (_, i) =>
      deferredTool(`mcp__db__query${i}`, "Runs SQL."),
    );
    expect((await search("sql", many)).result.data.matches).toHaveLength(5);
    expect((await search("sql", many, 2)).result.data.matches).toHaveLength(2);
    expect(
      (await search(`select:${many.map((t) => t.name).join(",")}`, many)).result.data.matches,
    ).toHaveLength(7);
  });

  it("says a selected tool that is not deferred is already available, and changes nothing", async () => {
    const { result, text, context, after } = await search("select:Echo");
    expect(result.data.matches).toEqual([]);
    expect(result.contextModifier).toBeUndefined();
    expect(after).toBe(context);
    expect(text).toContain("Already in your tool list (call directly, no loading needed): Echo");
  });

  it("names the selected tools that do not exist, and loads the rest", async () => {
    const { result, text } = await search("select:mcp__weather__forecast,mcp__nope__x");
    expect(result.data.matches.map((d) => d.name)).toEqual(["mcp__weather__forecast"]);
    expect(text).toContain("No tool has these names: mcp__nope__x");
  });

  it("lists the deferred tools when a search finds nothing", async () => {
    const { result, text } = await search("database");
    expect(result.contextModifier).toBeUndefined();
    expect(text).toContain('No deferred tool matched "database"');
    expect(text).toContain("mcp__weather__forecast, mcp__weather__alerts");
    expect(text).toContain('"select:<name>"');
  });

  it("runs alone (its loading is a context change), needs no permission and touches no files", async () => {
    const toolSearch = createToolSearchTool(config);
    const input = { query: "x", max_results: 5 };
    expect(toolSearch.isConcurrencySafe(input)).toBe(false);
    expect(toolSearch.isReadOnly(input)).toBe(true);
    expect(await toolSearch.checkPermissions!(input, testContext([]))).toEqual({
      behavior: "allow",
    });
  });

  it("rejects an empty query, a max_results below one and unknown fields", () => {
    const toolSearch = createToolSearchTool(config);
    expect(parseToolInput(toolSearch, { query: "" }).ok).toBe(false);
    expect(parseToolInput(toolSearch, { query: "x", max_results: 0 }).ok).toBe(false);
    const extra = parseToolInput(toolSearch, { query: "x", limit: 3 });
    expect(extra.ok ? "" : extra.message).toContain("An unexpected parameter `limit` was provided");
  });
});
