import { describe, expect, it } from "vitest";
import type { AgentDefinition } from "../../src/config/agent-definition.js";
import { findMainAgent, mainAgentOverrides } from "../../src/config/agent-main-thread.js";

const reviewer: AgentDefinition = {
  name: "reviewer",
  description: "Reviews diffs.",
  model: "haiku",
  maxTurns: 3,
  prompt: "You review diffs.",
  source: { kind: "sdk" },
};
const helper: AgentDefinition = {
  name: "helper",
  description: "Helps.",
  model: "inherit",
  prompt: "You help.",
  source: { kind: "built-in" },
};

describe("the agent the main thread runs as", () => {
  it("is found by its exact name", () => {
    expect(findMainAgent("reviewer", [helper, reviewer])).toEqual({
      ok: true,
      definition: reviewer,
    });
  });

  it("is a problem naming the option and listing the available agents when unknown", () => {
    expect(findMainAgent("Reviewer", [reviewer, helper])).toEqual({
      ok: false,
      problem:
        '--agent names the agent "Reviewer", which is not defined. Available agents: reviewer, helper',
    });
    expect(findMainAgent("x", [], 'the "agent" setting')).toEqual({
      ok: false,
      problem:
        'the "agent" setting names the agent "x", which is not defined. Available agents: none',
    });
  });

  it("gives its prompt as the system prompt, and its model and turn limit", () => {
    expect(mainAgentOverrides(reviewer, {})).toEqual({
      systemPrompt: "You review diffs.",
      model: "haiku",
      maxTurns: 3,
    });
  });

  it("keeps the model and turn limit given on the command line", () => {
    expect(mainAgentOverrides(reviewer, { model: "opus", maxTurns: 9 })).toEqual({
      systemPrompt: "You review diffs.",
      model: "opus",
      maxTurns: 9,
    });
  });

  it('leaves the session\'s model alone for "inherit" or no model', () => {
    expect(mainAgentOverrides(helper, {})).toEqual({ systemPrompt: "You help." });
    const { model: _none, ...noModel } = helper;
    expect(mainAgentOverrides(noModel, { model: undefined })).toEqual({
      systemPrompt: "You help.",
    });
  });
});
