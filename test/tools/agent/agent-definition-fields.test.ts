import { describe, expect, it } from "vitest";
import type { AgentDefinition } from "../../../src/config/agent-definition.js";
import { GENERAL_PURPOSE_AGENT } from "../../../src/config/built-in-agents.js";
import { createAgentTool } from "../../../src/tools/builtin/agent/agent-tool.js";
import { testContext } from "../../loop/harness.js";
import { echoTool } from "../../loop/tools.js";
import { DEFINITIONS, scriptedSubagentRunner, toolUse } from "./helpers.js";

function scripted(turns: unknown[]) {
  return scriptedSubagentRunner(turns, "fields", 50);
}

const careful: AgentDefinition = {
  name: "careful",
  description: "Careful work.",
  disallowedTools: ["Echo"],
  prompt: "Be careful.",
  source: { kind: "sdk" },
};

describe("an agent definition's disallowedTools and maxTurns", () => {
  it("the Agent tool's description says which tools an agent is denied", () => {
    const listed: AgentDefinition = { ...careful, name: "listed", tools: ["Read", "Echo"] };
    const { description } = createAgentTool([careful, listed]);
    expect(description).toContain("- careful: Careful work. (Tools: all tools except Echo)");
    expect(description).toContain("- listed: Careful work. (Tools: Read)");
  });

  it("a subagent does not get its disallowed tools", async () => {
    const { provider, runner } = scripted([{ content: "done" }]);
    const parent = testContext([createAgentTool(DEFINITIONS), echoTool]);
    const signal = new AbortController().signal;
    await runner({
      definition: careful,
      prompt: "Go.",
      parentContext: parent,
      toolUseId: "t",
      signal,
    });
    const body = provider.requests[0]!.body as { tools?: Array<{ name: string }> };
    expect((body.tools ?? []).map((t) => t.name)).toEqual([]);
  });

  it("a subagent stops at its definition's turn limit, not the session's", async () => {
    const { provider, runner } = scripted([
      { content: [toolUse("Echo", { text: "1" })] },
      { content: [toolUse("Echo", { text: "2" })] },
      { content: "never reached" },
    ]);
    const limited: AgentDefinition = { ...GENERAL_PURPOSE_AGENT, maxTurns: 1 };
    const parent = testContext([echoTool]);
    const signal = new AbortController().signal;
    const result = await runner({
      definition: limited,
      prompt: "Go.",
      parentContext: parent,
      toolUseId: "t",
      signal,
    });
    expect(provider.requests).toHaveLength(1);
    expect(result).toMatchObject({ isError: true, terminalReason: "max_turns" });
  });
});
