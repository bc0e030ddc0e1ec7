import { describe, expect, it } from "vitest";
import { agentAllowsTool } from "../../src/config/agent-tools.js";

const read = { name: "Read" };
const bash = { name: "Bash" };
const agent = { name: "Agent", aliases: ["Task"] };
const mcp = { name: "mcp__docs__search" };

describe("which tools an agent may use", () => {
  it("allows every tool when the agent lists none and disallows none", () => {
    for (const tool of [read, bash, agent, mcp]) expect(agentAllowsTool({}, tool)).toBe(true);
  });

  it("allows only the listed tools, by name or alias", () => {
    const def = { tools: ["Read", "Task", "mcp__docs__search"] };
    expect(agentAllowsTool(def, read)).toBe(true);
    expect(agentAllowsTool(def, agent)).toBe(true);
    expect(agentAllowsTool(def, mcp)).toBe(true);
    expect(agentAllowsTool(def, bash)).toBe(false);
  });

  it("removes disallowed tools from the default of all tools", () => {
    const def = { disallowedTools: ["Bash", "Task"] };
    expect(agentAllowsTool(def, read)).toBe(true);
    expect(agentAllowsTool(def, bash)).toBe(false);
    expect(agentAllowsTool(def, agent)).toBe(false);
  });

  it("lets disallowedTools win over a tool the list also names", () => {
    const def = { tools: ["Read", "Bash"], disallowedTools: ["Bash"] };
    expect(agentAllowsTool(def, read)).toBe(true);
    expect(agentAllowsTool(def, bash)).toBe(false);
  });

  it("allows no tool for an empty list", () => {
    expect(agentAllowsTool({ tools: [] }, read)).toBe(false);
  });
});

describe("MCP specs in an agent's lists", () => {
  const search = { name: "mcp__docs__search" };
  const fetch = { name: "mcp__docs__fetch" };
  const other = { name: "mcp__web__get" };

  it("mcp__server and mcp__server__* name every tool of that server", () => {
    for (const spec of ["mcp__docs", "mcp__docs__*"]) {
      const def = { disallowedTools: [spec] };
      expect(agentAllowsTool(def, search)).toBe(false);
      expect(agentAllowsTool(def, fetch)).toBe(false);
      expect(agentAllowsTool(def, other)).toBe(true);
      expect(agentAllowsTool(def, read)).toBe(true);
    }
  });

  it("mcp__* names every MCP tool and no built-in tool", () => {
    const def = { tools: ["Read", "mcp__*"] };
    expect(agentAllowsTool(def, search)).toBe(true);
    expect(agentAllowsTool(def, other)).toBe(true);
    expect(agentAllowsTool(def, bash)).toBe(false);
  });

  it("a full MCP tool name names only that tool", () => {
    const def = { tools: ["mcp__docs__search"] };
    expect(agentAllowsTool(def, search)).toBe(true);
    expect(agentAllowsTool(def, fetch)).toBe(false);
  });
});
