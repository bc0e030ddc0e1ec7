import { describe, expect, it } from "vitest";
import type { AgentDefinition } from "../../../src/config/agent-definition.js";
import {
  type AgentMcpStarter,
  withAgentServers,
  withServerTools,
} from "../../../src/tools/builtin/agent/agent-mcp.js";
import { withoutUntrustedRunners } from "../../../src/tools/builtin/agent/untrusted-agent.js";
import type { SubagentRunInput } from "../../../src/tools/subagent.js";
import type { AnyTool } from "../../../src/tools/tool.js";
import { echoTool } from "../../loop/tools.js";

const named = (name: string) => ({ ...echoTool, name }) as AnyTool;

const AGENT: AgentDefinition = {
  name: "prober",
  description: "d",
  prompt: "p",
  tools: ["Read"],
  mcpServers: ["docs", { probe: { command: "node" } }],
  source: { kind: "project", path: "/p/.claude/agents/prober.md" },
};

describe("an agent's mcpServers", () => {
  it("a named server of the session's: its tools join the agent's list, other servers' do not", () => {
    const parent = [named("Read"), named("mcp__docs__search"), named("mcp__other__x")];
    const withTools = withServerTools(AGENT, parent, [named("mcp__probe__echo")]);
    expect(withTools.tools).toEqual(["Read", "mcp__docs__search", "mcp__probe__echo"]);
  });

  it("inline servers start for the run, their tools are the subagent's, and stop after it, failed or not", async () => {
    const events: string[] = [];
    const start: AgentMcpStarter = async (servers, agent) => {
      events.push(`start ${agent} ${Object.keys(servers).join(",")}`);
      return { tools: [named("mcp__probe__echo")], close: async () => void events.push("close") };
    };
    const input = {
      definition: AGENT,
      parentContext: { options: { tools: [named("Read")] } },
    } as unknown as SubagentRunInput;
    const run = withAgentServers(async (given) => {
      events.push(`run ${given.parentContext.options.tools.map((t) => t.name).join(",")}`);
      throw new Error("the agent failed");
    }, start);
    await expect(run(input)).rejects.toThrow("the agent failed");
    expect(events).toEqual(["start prober probe", "run Read,mcp__probe__echo", "close"]);
  });

  it("a project's agent file from an untrusted folder keeps only the session's servers it names", () => {
    expect(withoutUntrustedRunners(AGENT, false).mcpServers).toEqual(["docs"]);
    expect(withoutUntrustedRunners(AGENT, true).mcpServers).toEqual(AGENT.mcpServers);
  });
});
