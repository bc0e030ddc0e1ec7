import { describe, expect, it } from "vitest";
import { sdkAgentsSchema } from "../../src/config/agent-sdk-definitions.js";

function problems(value: unknown): string[] {
  const parsed = sdkAgentsSchema.safeParse(value);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
}

describe("the Agent SDK's agents become keel agent definitions", () => {
  it("maps every field keel acts on, in the order the SDK gave them, with source sdk", () => {
    const parsed = sdkAgentsSchema.parse({
      reviewer: {
        description: "Reviews diffs.",
        prompt: "You review diffs strictly.",
        tools: ["Read", "Grep"],
        disallowedTools: ["Bash"],
        model: "haiku",
        maxTurns: 4,
      },
      helper: { description: "Helps.", prompt: "You help." },
    });
    expect(parsed.definitions).toEqual([
      {
        name: "reviewer",
        description: "Reviews diffs.",
        tools: ["Read", "Grep"],
        disallowedTools: ["Bash"],
        model: "haiku",
        maxTurns: 4,
        prompt: "You review diffs strictly.",
        source: { kind: "sdk" },
      },
      { name: "helper", description: "Helps.", prompt: "You help.", source: { kind: "sdk" } },
    ]);
    expect(parsed.ignored).toEqual([]);
  });

  it('treats "*" in tools as every tool and null fields (the Python SDK) as left out', () => {
    const parsed = sdkAgentsSchema.parse({
      all: { description: "d", prompt: "p", tools: ["*"], model: null, maxTurns: null },
    });
    expect(parsed.definitions).toEqual([
      { name: "all", description: "d", prompt: "p", source: { kind: "sdk" } },
    ]);
  });

  it("reports the fields keel does not act on, per agent, and keeps the agent", () => {
    const parsed = sdkAgentsSchema.parse({
      a: { description: "d", prompt: "p", skills: ["pdf"], omitClaudeMd: true, memory: null },
      b: { description: "d", prompt: "p" },
    });
    expect(parsed.definitions.map((d) => d.name)).toEqual(["a", "b"]);
    expect(parsed.ignored).toEqual([{ agent: "a", fields: ["omitClaudeMd"] }]);
  });

  it("names the agent and the field of every problem", () => {
    expect(problems({ reviewer: { description: "Reviews." } })).toEqual([
      "reviewer.prompt: must be a string",
    ]);
    expect(problems({ reviewer: { description: " ", prompt: "p" } })).toEqual([
      "reviewer.description: must not be empty",
    ]);
    expect(problems({ reviewer: { description: "d", prompt: "p", tools: "Read" } })).toEqual([
      "reviewer.tools: must be a list of tool names",
    ]);
    expect(problems({ reviewer: { description: "d", prompt: "p", maxTurns: 0 } })).toEqual([
      "reviewer.maxTurns: must be positive",
    ]);
    expect(problems({ reviewer: "a prompt" })).toEqual([
      "reviewer: must be an object with description and prompt",
    ]);
  });

  it("refuses an agent name that subagent_type and permission rules could not use", () => {
    const found = problems({ "bad name": { description: "d", prompt: "p" } });
    expect(found).toHaveLength(1);
    expect(found[0]).toContain("bad name");
    expect(found[0]).toContain("letters, digits, - and _");
  });

  it("refuses agents that are not an object of definitions", () => {
    expect(problems(["reviewer"])).toEqual([": must be an object of agent definitions by name"]);
  });
});
