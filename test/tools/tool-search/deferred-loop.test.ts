import { describe, expect, it } from "vitest";
import { createToolSearchTool } from "../../../src/tools/builtin/tool-search/tool-search-tool.js";
import type { BuiltinToolsConfig } from "../../../src/tools/builtin-config.js";
import type { AnyTool } from "../../../src/tools/tool.js";
import { type LoopRun, runLoop } from "../../loop/harness.js";
import { echoTool } from "../../loop/tools.js";
import { deferredTool, systemText, toolNames } from "./helpers.js";

const config: BuiltinToolsConfig = { cwd: "/p", sessionDir: "/s/1", stateDir: "/s", env: {} };
const FORECAST = "mcp__weather__forecast";

type ApiMessage = { role: string; content: string | Array<Record<string, unknown>> };

/** The texts of the tool_results in a request's last message (what the model was just told). */
function toolResults(run: LoopRun, request: number): string[] {
  const messages = run.requests[request]!.messages as ApiMessage[];
  const content = messages.at(-1)!.content;
  if (!Array.isArray(content)) return [];
  return content
    .filter((block) => block.type === "tool_result")
    .map((block) => {
      const inner = block.content;
      if (typeof inner === "string") return inner;
      return ((inner ?? []) as Array<{ text?: string }>).map((b) => b.text ?? "").join("");
    });
}

/** The text of the only tool_result in a request's last message. */
function lastToolResult(run: LoopRun, request: number): string {
  const results = toolResults(run, request);
  expect(results).toHaveLength(1);
  return results[0]!;
}

/** The input schema a request sends for a tool, if it sends the tool. */
function schemaOf(run: LoopRun, request: number, name: string): unknown {
  const tools = (run.requests[request]!.tools ?? []) as Array<{
    name: string;
    input_schema: unknown;
  }>;
  return tools.find((tool) => tool.name === name)?.input_schema;
}

/** Runs a scripted turn with ToolSearch, Echo and a deferred forecast tool. */
async function run(turns: unknown[], streamingToolExecution: boolean) {
  const forecast = deferredTool(FORECAST);
  const tools = [createToolSearchTool(config), echoTool, forecast] as AnyTool[];
  const loop = await runLoop({ turns }, { tools, params: { streamingToolExecution } });
  return { loop, forecast };
}

const forecastSchema = {
  type: "object",
  properties: { city: { type: "string", description: "The city to forecast" } },
  required: ["city"],
  additionalProperties: false,
};

describe.each([
  { mode: "streaming executor", streaming: true },
  { mode: "tools after the stream", streaming: false },
])("deferred tools through query() ($mode)", ({ streaming }) => {
  it("sends a deferred tool by name until ToolSearch loads it, then with its schema", async () => {
    const { loop, forecast } = await run(
      [
        {
          content: [
            { type: "tool_use", name: "ToolSearch", input: { query: `select:${FORECAST}` } },
          ],
        },
        { content: [{ type: "tool_use", name: FORECAST, input: { city: "Oslo" } }] },
        { content: "Clear skies in Oslo." },
      ],
      streaming,
    );
    expect(loop.terminal).toEqual({ reason: "completed" });
    expect(loop.violations).toEqual([]);

    expect(toolNames(loop.requests[0]!)).toEqual(["ToolSearch", "Echo"]);
    expect(systemText(loop.requests[0]!)).toMatch(new RegExp(`\\n${FORECAST}$`));

    expect(toolNames(loop.requests[1]!)).toEqual(["ToolSearch", "Echo", FORECAST]);
    expect(schemaOf(loop, 1, FORECAST)).toEqual(forecastSchema);
    expect(systemText(loop.requests[1]!)).toBe("You are a test agent.");
    expect(lastToolResult(loop, 1)).toContain(`"input_schema":${JSON.stringify(forecastSchema)}`);

    expect(forecast.calls).toEqual(["Oslo"]);
    expect(lastToolResult(loop, 2)).toBe("forecast for Oslo: clear skies");
    expect(toolNames(loop.requests[2]!)).toContain(FORECAST);
  });

  it("runs a deferred tool called by name without loading, and sends its schema from then on", async () => {
    const { loop, forecast } = await run(
      [
        {
          content: [
            { type: "tool_use", name: "Echo", input: { text: "first" } },
            { type: "tool_use", name: FORECAST, input: { city: "Oslo" } },
          ],
        },
        { content: "Clear skies in Oslo." },
      ],
      streaming,
    );
    expect(loop.terminal).toEqual({ reason: "completed" });
    expect(loop.violations).toEqual([]);
    expect(forecast.calls).toEqual(["Oslo"]);
    expect(schemaOf(loop, 0, FORECAST)).toBeUndefined();
    expect(schemaOf(loop, 1, FORECAST)).toEqual(forecastSchema);
    expect(systemText(loop.requests[1]!)).not.toContain(FORECAST);
    expect(toolResults(loop, 1)).toEqual(["echo: first", "forecast for Oslo: clear skies"]);
  });

  it("tells the model to load the schema when its guessed input is wrong", async () => {
    const { loop, forecast } = await run(
      [
        { content: [{ type: "tool_use", name: FORECAST, input: { town: "Oslo" } }] },
        { content: [{ type: "tool_use", name: FORECAST, input: { city: "Oslo" } }] },
        { content: "Clear skies in Oslo." },
      ],
      streaming,
    );
    expect(loop.violations).toEqual([]);
    const error = lastToolResult(loop, 1);
    expect(error).toContain("InputValidationError");
    expect(error).toContain(`Call ToolSearch with query "select:${FORECAST}"`);
    expect(schemaOf(loop, 1, FORECAST)).toEqual(forecastSchema);
    expect(forecast.calls).toEqual(["Oslo"]);
    expect(lastToolResult(loop, 2)).not.toContain("ToolSearch");
  });
});
