import { describe, expect, it } from "vitest";
import { initializeRequest, readInitialize } from "../../../src/cli/control/initialize.js";
import { initializeResponse } from "../../../src/cli/control/initialize-response.js";
import type { AgentDefinition } from "../../../src/config/agent-definition.js";

describe("initialize: the SDK's agents", () => {
  it("reads the agents into keel definitions and the fields keel leaves unused", () => {
    const request = initializeRequest.parse({
      subtype: "initialize",
      systemPrompt: [""],
      agents: {
        reviewer: {
          description: "Reviews.",
          prompt: "You review.",
          tools: ["Read"],
          skills: ["pdf"],
          omitClaudeMd: true,
        },
      },
    });
    const init = readInitialize(request);
    expect(init.agents).toEqual([
      {
        name: "reviewer",
        description: "Reviews.",
        tools: ["Read"],
        prompt: "You review.",
        skills: ["pdf"],
        source: { kind: "sdk" },
      },
    ]);
    expect(init.ignoredAgentFields).toEqual([{ agent: "reviewer", fields: ["omitClaudeMd"] }]);
  });

  it("has no agents when the SDK sent none", () => {
    const init = readInitialize(initializeRequest.parse({ subtype: "initialize" }));
    expect(init.agents).toEqual([]);
    expect(init.ignoredAgentFields).toEqual([]);
  });

  it("refuses a bad agent with an issue naming the agent and the field", () => {
    const parsed = initializeRequest.safeParse({
      subtype: "initialize",
      agents: { reviewer: { description: "Reviews.", prompt: 7 } },
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["agents.reviewer.prompt", "must be a string"],
    ]);
  });
});

describe("the initialize answer lists the session's agents as Claude Code does", () => {
  it("gives name and description, and the model when the agent sets one", () => {
    const agents: AgentDefinition[] = [
      {
        name: "reviewer",
        description: "Reviews.",
        model: "haiku",
        prompt: "p",
        source: { kind: "sdk" },
      },
      {
        name: "general-purpose",
        description: "General.",
        prompt: "p",
        source: { kind: "built-in" },
      },
    ];
    const answer = initializeResponse({
      model: "m",
      permissionMode: "default",
      agents,
      commands: [],
      outputStyles: {
        current: "default",
        available: ["default"],
        userDir: "/h/.claude/output-styles",
      },
    });
    expect(answer.agents).toEqual([
      { name: "reviewer", description: "Reviews.", model: "haiku" },
      { name: "general-purpose", description: "General." },
    ]);
  });
});
