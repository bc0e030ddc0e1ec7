import { describe, expect, it } from "vitest";
import { createScriptedProvider } from "../../../src/model/scripted/provider.js";
import { parseScenario } from "../../../src/model/scripted/scenario.js";
import { sessionSideModel } from "../../../src/session/engine/side-model.js";
import { createMeteredCallModel } from "../../../src/session/metered-call-model.js";
import { UsageTracker } from "../../../src/session/usage-tracker.js";
import { createWebSearchTool } from "../../../src/tools/builtin/web-search/web-search-tool.js";
import type { SideModel } from "../../../src/tools/side-model.js";
import { makeToolCallContext } from "../../helpers/tool-context.js";

/** The nested search answers with results, an error for a second search, and a summary. */
function searchingModel(): { sideModel: SideModel; bodies: () => unknown[] } {
  const scenario = parseScenario(
    {
      turns: [],
      side: [
        {
          match: { requestKind: "side" },
          content: [
            { type: "server_tool_use", name: "web_search", input: { query: "tide" } },
            {
              type: "web_search_tool_result",
              content: [{ title: "Tides", url: "https://tides.example/" }],
            },
            { type: "server_tool_use", name: "web_search", input: { query: "tide again" } },
            {
              type: "web_search_tool_result",
              content: { type: "web_search_tool_result_error", error_code: "max_uses_exceeded" },
            },
            { type: "text", text: "High tide is at noon." },
          ],
        },
      ],
    },
    "web-search test",
  );
  const provider = createScriptedProvider(scenario);
  const callModel = createMeteredCallModel(
    provider,
    { maxRetries: 0 },
    new UsageTracker(),
    () => 0,
  );
  return {
    sideModel: sessionSideModel(callModel, provider, "claude-sonnet-5"),
    bodies: () => provider.requests.map((r) => r.body),
  };
}

const config = { cwd: "/", sessionDir: "/", stateDir: "/", env: {} };

function contextWith(sideModel: SideModel) {
  const base = makeToolCallContext({ mainLoopModel: "claude-sonnet-5" });
  return { ...base, options: { ...base.options, sideModel } };
}

describe("WebSearch", () => {
  it("maps the nested response's hits, errors and text, and counts the searches", async () => {
    const model = searchingModel();
    const tool = createWebSearchTool(config, { now: () => 0 });
    const input = tool.inputSchema.parse({ query: "tide", blocked_domains: ["spam.example"] });
    const { data } = await tool.call(input, contextWith(model.sideModel), () => {});
    expect(data).toEqual({
      query: "tide",
      results: [
        {
          tool_use_id: expect.stringMatching(/^srvtoolu_/),
          content: [{ title: "Tides", url: "https://tides.example/" }],
        },
        "Web search error: max_uses_exceeded",
        "High tide is at noon.",
      ],
      durationSeconds: 0,
      searchCount: 2,
    });
    expect(model.bodies()).toEqual([
      expect.objectContaining({
        model: "claude-sonnet-5",
        tools: [
          {
            type: "web_search_20250305",
            name: "web_search",
            max_uses: 8,
            blocked_domains: ["spam.example"],
          },
        ],
      }),
    ]);
  });

  it("refuses allowed_domains and blocked_domains together", () => {
    const tool = createWebSearchTool(config);
    const parsed = tool.inputSchema.safeParse({
      query: "tide",
      allowed_domains: ["a.example"],
      blocked_domains: ["b.example"],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(
      "Give allowed_domains or blocked_domains, not both.",
    );
  });

  it("on a provider without server-side search it says so and sends nothing", async () => {
    const model = searchingModel();
    const tool = createWebSearchTool(config);
    const context = contextWith({ ...model.sideModel, serverTools: false });
    await expect(tool.call({ query: "tide" }, context, () => {})).rejects.toThrow(
      "WebSearch needs Anthropic's server-side web search, which this session's provider does not run, or a webSearch service in keel's settings (docs/configuration.md).",
    );
    expect(model.bodies()).toEqual([]);
  });
});
