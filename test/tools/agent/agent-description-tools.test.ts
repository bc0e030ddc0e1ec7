import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { AgentDefinition } from "../../../src/config/agent-definition.js";
import { agentAllowsTool, BUILT_IN_TOOL_ALIASES } from "../../../src/config/agent-tools.js";
import { createBackgroundShells } from "../../../src/tools/background/index.js";
import { createAgentTool } from "../../../src/tools/builtin/agent/agent-tool.js";
import { createBuiltinTools } from "../../../src/tools/builtin/index.js";

function definition(fields: Partial<AgentDefinition>): AgentDefinition {
  return {
    name: "helper",
    description: "Helps.",
    prompt: "Help.",
    source: { kind: "sdk" },
    ...fields,
  };
}

/** The "(Tools: …)" text the Agent tool's description gives one agent. */
function toolsLine(fields: Partial<AgentDefinition>): string {
  const { description } = createAgentTool([definition(fields)]);
  const line = description.split("\n").find((l) => l.startsWith("- helper: "));
  return /\(Tools: (.*)\)$/.exec(line ?? "")?.[1] ?? "";
}

describe("the tools the Agent tool's description says an agent has", () => {
  it("leaves out a listed tool that is disallowed under its other name", () => {
    expect(toolsLine({ tools: ["Read", "Task"], disallowedTools: ["Agent"] })).toBe("Read");
    expect(toolsLine({ tools: ["Read", "Agent"], disallowedTools: ["Task"] })).toBe("Read");
    expect(toolsLine({ tools: ["BashOutput", "Grep"], disallowedTools: ["TaskOutput"] })).toBe(
      "Grep",
    );
  });

  it("leaves out MCP tools a server spec disallows", () => {
    const listed = ["Read", "mcp__docs__search", "mcp__docs", "mcp__web__fetch"];
    expect(toolsLine({ tools: listed, disallowedTools: ["mcp__docs"] })).toBe(
      "Read, mcp__web__fetch",
    );
    expect(toolsLine({ tools: listed, disallowedTools: ["mcp__*"] })).toBe("Read");
    expect(toolsLine({ tools: ["mcp__docs"], disallowedTools: ["mcp__docs__*"] })).toBe("none");
  });

  it("names a disallowed tool inside a listed server", () => {
    const fields = { tools: ["Read", "mcp__docs"], disallowedTools: ["mcp__docs__delete", "Bash"] };
    expect(toolsLine(fields)).toBe("Read, mcp__docs except mcp__docs__delete");
    expect(agentAllowsTool(fields, { name: "mcp__docs__delete" })).toBe(false);
    expect(agentAllowsTool(fields, { name: "mcp__docs__search" })).toBe(true);
  });

  it("keeps the plain cases as they were", () => {
    expect(toolsLine({})).toBe("all tools");
    expect(toolsLine({ disallowedTools: ["Bash"] })).toBe("all tools except Bash");
    expect(toolsLine({ tools: ["Read", "Bash"], disallowedTools: ["Bash"] })).toBe("Read");
  });
});

describe("the table of built-in tools' old names", () => {
  it("matches the aliases the built-in tools and Agent answer to", async () => {
    const dir = await mkdtemp(join(tmpdir(), "keel-alias-table-"));
    const config = { cwd: dir, sessionDir: dir, stateDir: dir, env: {} };
    const backgroundShells = createBackgroundShells(config);
    try {
      const tools = [...createBuiltinTools(config, { backgroundShells }), createAgentTool([])];
      const aliased = Object.fromEntries(
        tools.filter((t) => (t.aliases?.length ?? 0) > 0).map((t) => [t.name, t.aliases]),
      );
      expect(aliased).toEqual(BUILT_IN_TOOL_ALIASES);
    } finally {
      await backgroundShells.dispose();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
