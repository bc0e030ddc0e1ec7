import { describe, expect, it } from "vitest";
import {
  apportion,
  type CategoryShares,
  contextUsage,
} from "../../src/context/usage/context-usage.js";
import {
  tokensText,
  usageGrid,
  usageMarkdown,
  usageScreen,
} from "../../src/context/usage/usage-text.js";

const SHARES: CategoryShares = {
  system_prompt: 300,
  system_tools: 1_000,
  mcp_tools: 0,
  custom_agents: 0,
  memory_files: 200,
  skills: 100,
  messages: 401,
};

describe("/context's numbers and views", () => {
  it("apportions a total so the categories add up to it exactly", () => {
    for (const total of [0, 1, 7, 499, 12_345]) {
      const split = apportion(total, SHARES);
      expect(Object.values(split).reduce((a, b) => a + b, 0)).toBe(total);
      expect(split.mcp_tools).toBe(0);
    }
    expect(
      apportion(10, {
        ...SHARES,
        system_tools: 0,
        system_prompt: 0,
        memory_files: 0,
        skills: 0,
        messages: 0,
      }).messages,
    ).toBe(10);
  });

  it("draws 10×10 squares for a 200k window: used first, the buffer last, a legend beside", () => {
    const usage = contextUsage({
      model: "claude-sonnet-4-5",
      totalTokens: 50_000,
      counted: "api",
      windowTokens: 200_000,
      bufferTokens: 33_000,
      shares: SHARES,
      items: { mcpTools: [], agents: [] },
    });
    const grid = usageGrid(usage);
    expect(grid).toHaveLength(10);
    const cells = grid.join(" ").split(" ");
    expect(cells).toHaveLength(100);
    // 50k of 200k is 25 squares of 2k, 33k of buffer 17 squares at the end, free between.
    expect(cells.slice(0, 25).every((c) => c === "⛁")).toBe(true);
    expect(cells.slice(25, 83).every((c) => c === "⛶")).toBe(true);
    expect(cells.slice(-17).every((c) => c === "⛝")).toBe(true);
    const more = usageGrid({
      ...usage,
      categories: [
        ...usage.categories,
        { kind: "used", id: "messages", name: "Messages", tokens: 500 },
      ],
    });
    expect(more.join(" ").split(" ").slice(24, 27)).toEqual(["⛁", "⛀", "⛶"]);
    const screen = usageScreen(usage);
    expect(screen).toContain("claude-sonnet-4-5 · 50k/200k tokens (25%)");
    expect(screen).toContain("⛁ System tools: 25k tokens (12.5%)");
    expect(screen).toContain("⛶ Free space: 117k (58.5%)");
    expect(screen).toContain("⛝ Autocompact buffer: 33k (16.5%)");
    expect(screen).not.toContain("MCP tools");
    expect(usageMarkdown(usage)).toContain("| Messages | 10020 | 5.0% |");
    expect(usageGrid({ ...usage, windowTokens: 1_000_000 })[0]?.split(" ")).toHaveLength(20);
    expect(screen).not.toContain("MCP tools · /mcp");
    const listed = {
      ...usage,
      mcpTools: [{ name: "mcp__db__query", serverName: "db", tokens: 1_500 }],
      agents: [{ agentType: "reviewer", source: "projectSettings", tokens: 40 }],
    };
    expect(usageScreen(listed)).toContain("MCP tools · /mcp\n└ mcp__db__query (db): 1.5k tokens");
    expect(usageScreen(listed)).toContain("Custom agents\n└ reviewer (projectSettings): 40 tokens");
    expect(usageMarkdown(listed)).toContain("| mcp__db__query | db | 1500 |");
    expect(usageMarkdown(listed)).toContain("| reviewer | projectSettings | 40 |");
  });

  it("writes tokens as Claude Code does", () => {
    expect([950, 3_200, 164_200, 1_000_000].map(tokensText)).toEqual([
      "950",
      "3.2k",
      "164k",
      "1000k",
    ]);
  });
});
