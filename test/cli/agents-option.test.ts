import { describe, expect, it } from "vitest";
import { parseAgentsOption } from "../../src/cli/agents-option.js";
import { mainCommand } from "../../src/cli/options.js";
import { UsageError } from "../../src/cli/usage-error.js";

function problem(text: string): string {
  try {
    parseAgentsOption(text);
  } catch (error) {
    if (error instanceof UsageError) return error.message;
    throw error;
  }
  throw new Error("the value was accepted");
}

function parse(argv: string[]) {
  let parsed: unknown;
  mainCommand((options) => {
    parsed = options;
  })
    .exitOverride()
    .parse(argv, { from: "user" });
  return parsed as { agents?: unknown; flagWarnings?: unknown };
}

describe("--agents <json>", () => {
  it("reads the agents with every field keel acts on, as the flag's agents", () => {
    const agents = parseAgentsOption(
      JSON.stringify({
        reviewer: {
          description: "Reviews code.",
          prompt: "You review code.",
          tools: ["Read", "Grep"],
          disallowedTools: ["Bash"],
          model: "haiku",
          maxTurns: 3,
        },
        helper: { description: "Helps.", prompt: "You help." },
      }),
    );
    expect(agents.definitions).toEqual([
      {
        name: "reviewer",
        description: "Reviews code.",
        tools: ["Read", "Grep"],
        disallowedTools: ["Bash"],
        model: "haiku",
        maxTurns: 3,
        prompt: "You review code.",
        source: { kind: "flagSettings" },
      },
      {
        name: "helper",
        description: "Helps.",
        prompt: "You help.",
        source: { kind: "flagSettings" },
      },
    ]);
    expect(agents.warnings).toEqual([]);
  });

  it("keeps an agent with fields keel does not act on, and names them", () => {
    const agents = parseAgentsOption(
      '{"a":{"description":"d","prompt":"p","omitClaudeMd":true,"color":"red"}}',
    );
    expect(agents.definitions.map((d) => d.name)).toEqual(["a"]);
    expect(agents.warnings).toEqual([
      '--agents agent "a": keel does not support omitClaudeMd; ignored',
    ]);
  });

  it("refuses text that is not JSON", () => {
    expect(problem("{reviewer:")).toMatch(/^--agents: not valid JSON \(/);
  });

  it("names the agent and the field of a bad definition", () => {
    expect(problem('{"reviewer":{"description":"Reviews."}}')).toBe(
      "--agents: reviewer.prompt: must be a string",
    );
    expect(problem('{"reviewer":{"description":"d","prompt":"p","tools":"Read"}}')).toBe(
      "--agents: reviewer.tools: must be a list of tool names",
    );
    expect(problem('["reviewer"]')).toBe(
      "--agents: must be an object of agent definitions by name",
    );
  });

  it("puts the agents and the warnings into the parsed options", () => {
    const options = parse([
      "-p",
      "hi",
      "--agents",
      '{"r":{"description":"d","prompt":"p","mcpServers":["x"]}}',
    ]);
    expect(options.agents).toEqual([
      {
        name: "r",
        description: "d",
        prompt: "p",
        // A session server it names: its tools are the agent's (no warning).
        mcpServers: ["x"],
        source: { kind: "flagSettings" },
      },
    ]);
    expect(options.flagWarnings ?? []).toEqual([]);
  });

  it("leaves the agents absent without the flag", () => {
    const options = parse(["-p", "hi"]);
    expect(options).not.toHaveProperty("agents");
    expect(options).not.toHaveProperty("flagWarnings");
  });
});
