import { describe, expect, it } from "vitest";
import { GENERAL_PURPOSE_AGENT } from "../../src/config/built-in-agents.js";
import { testContext } from "../loop/harness.js";
import { echoTool } from "../loop/tools.js";
import { scriptedSubagentRunner } from "../tools/agent/helpers.js";

const SCHEMA = {
  type: "object",
  properties: { verdict: { type: "string" } },
  required: ["verdict"],
  additionalProperties: false,
};

function runnerOver(turns: unknown[]) {
  const { provider, runner } = scriptedSubagentRunner(turns, "answer");
  const run = () =>
    runner({
      definition: GENERAL_PURPOSE_AGENT,
      prompt: "Judge it.",
      parentContext: testContext([echoTool]),
      toolUseId: "toolu_parent",
      signal: new AbortController().signal,
      outputSchema: SCHEMA,
      permissionMode: "acceptEdits",
    });
  return { provider, run };
}

const answer = (input: unknown) => ({
  content: [{ type: "tool_use", name: "StructuredOutput", input }],
});

describe("a workflow agent's answer through StructuredOutput", () => {
  it("sends an invalid answer back with what was wrong, then takes the valid one", async () => {
    const { provider, run } = runnerOver([
      answer({ verdict: 3 }),
      answer({ verdict: "fine" }),
      { content: "Answered." },
    ]);
    const result = await run();
    expect(result).toMatchObject({ isError: false, structured: { data: { verdict: "fine" } } });
    const second = JSON.stringify(provider.requests[1]?.body);
    expect(second).toContain('"is_error":true');
    expect(provider.violations).toEqual([]);
  });

  it("asks for the answer when the agent ends without one, and gives up after the retries", async () => {
    const { provider, run } = runnerOver(
      Array.from({ length: 8 }, (_, i) => ({ content: `No tool, attempt ${i + 1}.` })),
    );
    const result = await run();
    expect(result).toMatchObject({
      isError: true,
      text: "Failed to provide valid structured output after 5 attempts",
    });
    expect(result.structured).toBeUndefined();
    expect(provider.requests).toHaveLength(6);
    expect(JSON.stringify(provider.requests[1]?.body)).toContain(
      "You must give your final answer by calling the StructuredOutput tool",
    );
  });
});
