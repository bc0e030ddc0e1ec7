import { describe, expect, it } from "vitest";
import { contextReport } from "../../src/cli/slash/context-report.js";
import type { AgentDefinition } from "../../src/config/agent-definition.js";
import { contextWindowFor } from "../../src/context/limits.js";
import { estimateInputTokens } from "../../src/model/scripted/estimate.js";
import { createAgentTool } from "../../src/tools/builtin/agent/agent-tool.js";
import { type PromptedBody, withoutPrompt } from "../helpers/without-prompt.js";
import { echoTool } from "../loop/tools.js";
import { collect, scriptedEngine } from "../session/engine/helpers.js";

const MEMORY = "# Project rules\nRun the tests before you say a change is done.\n".repeat(20);
const LISTING = "The following skills are available:\n- greet: says hello in the house style";

function engineWithContext() {
  return scriptedEngine(
    { turns: [{ content: "Hi there." }, { content: "Bye." }] },
    {
      loadContext: async () => ({
        systemPrompt: "You are a test agent.",
        userContext: { claudeMd: MEMORY, currentDate: "Today's date is 2026-12-05." },
      }),
      skillListing: () => LISTING,
    },
  );
}

function report(engine: ReturnType<typeof engineWithContext>["engine"]) {
  return contextReport({ engine, agents: [], env: {}, signal: new AbortController().signal });
}

describe("/context's report", () => {
  it("totals exactly what the next request carries before its prompt, with or without a turn yet", async () => {
    const { engine, provider } = engineWithContext();
    const fresh = await report(engine);
    await collect(engine.submitMessage("hello"));
    const first = withoutPrompt(provider.requests[0]?.body as PromptedBody, "hello");
    expect(fresh.totalTokens).toBe(estimateInputTokens(first));

    const later = await report(engine);
    await collect(engine.submitMessage("bye"));
    const second = withoutPrompt(provider.requests[1]?.body as PromptedBody, "bye");
    expect(later.totalTokens).toBe(estimateInputTokens(second));
    expect(later.totalTokens).toBeGreaterThan(fresh.totalTokens);
    expect(later.counted).toBe("api");
  });

  it("shares the total out by category: the rows add up to it, memory and skills named", async () => {
    const { engine } = engineWithContext();
    await collect(engine.submitMessage("hello"));
    const usage = await report(engine);
    const used = usage.categories.filter((c) => c.kind === "used");
    expect(used.reduce((n, c) => n + c.tokens, 0)).toBe(usage.totalTokens);
    const tokens = Object.fromEntries(usage.categories.map((c) => [c.id, c.tokens]));
    // The memory text is most of the request, the listing a little, no tools, MCP or agents.
    expect(tokens.memory_files).toBeGreaterThan(usage.totalTokens / 2);
    expect(tokens.skills).toBeGreaterThan(0);
    expect(tokens.messages).toBeGreaterThan(0);
    expect(tokens.system_prompt).toBeGreaterThan(0);
    expect([tokens.system_tools, tokens.mcp_tools, tokens.custom_agents]).toEqual([0, 0, 0]);
    expect(usage.windowTokens).toBe(contextWindowFor("claude-sonnet-5"));
    const free = usage.windowTokens - usage.totalTokens - (tokens.autocompact_buffer ?? 0);
    expect(tokens.free_space).toBe(free);
    expect(tokens.autocompact_buffer).toBeGreaterThan(0);
  });

  it("estimates (characters ÷ 4 of the request) where the provider cannot count", async () => {
    const { engine } = engineWithContext();
    const uncounted = {
      nextRequest: () => engine.nextRequest(),
      countTokens: () => undefined,
    };
    const usage = await contextReport({
      engine: uncounted,
      agents: [],
      env: {},
      signal: new AbortController().signal,
    });
    const { request } = await engine.nextRequest();
    const text = JSON.stringify([request.system, request.messages, request.tools ?? []]);
    expect(usage.counted).toBe("estimate");
    expect(usage.totalTokens).toBe(Math.ceil(text.length / 4));
  });

  it("names each MCP tool and custom agent with its share of its row", async () => {
    const reviewer: AgentDefinition = {
      name: "reviewer",
      description: "Reviews a change for correctness and style, in depth.",
      prompt: "Review it.",
      source: { kind: "project", path: "/project/.claude/agents/reviewer.md" },
    };
    const builtIn: AgentDefinition = {
      name: "helper",
      description: "A built-in one.",
      prompt: "Help.",
      source: { kind: "built-in" },
    };
    const tools = [
      echoTool,
      { ...echoTool, name: "mcp__docs__search" },
      { ...echoTool, name: "mcp__db__query", description: "Runs a query. ".repeat(30) },
      createAgentTool([builtIn, reviewer]),
    ];
    const { engine } = scriptedEngine({ turns: [] }, { tools });
    const usage = await contextReport({
      engine,
      agents: [builtIn, reviewer],
      env: {},
      signal: new AbortController().signal,
    });
    const row = (id: string) => usage.categories.find((c) => c.id === id)?.tokens ?? -1;
    expect(usage.mcpTools.map((t) => [t.name, t.serverName])).toEqual([
      ["mcp__docs__search", "docs"],
      ["mcp__db__query", "db"],
    ]);
    expect(usage.mcpTools.reduce((n, t) => n + t.tokens, 0)).toBe(row("mcp_tools"));
    expect(usage.mcpTools[1]?.tokens).toBeGreaterThan(usage.mcpTools[0]?.tokens ?? 0);
    expect(usage.agents).toEqual([
      { agentType: "reviewer", source: "projectSettings", tokens: row("custom_agents") },
    ]);
    expect(row("custom_agents")).toBeGreaterThan(0);
    expect(row("system_tools")).toBeGreaterThan(row("custom_agents"));
  });

  it("leaves the buffer out when auto-compaction is off, and honours KEEL_CONTEXT_WINDOW", async () => {
    const { engine } = engineWithContext();
    const usage = await contextReport({
      engine,
      agents: [],
      env: { DISABLE_AUTO_COMPACT: "1", KEEL_CONTEXT_WINDOW: "50000" },
      signal: new AbortController().signal,
    });
    expect(usage.windowTokens).toBe(50_000);
    expect(usage.categories.map((c) => c.id)).not.toContain("autocompact_buffer");
  });
});
