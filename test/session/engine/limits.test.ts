import { describe, expect, it } from "vitest";
import { echoTool } from "../../loop/tools.js";
import { collect, resultOf, scriptedEngine } from "./helpers.js";

const loopForever = {
  turns: Array.from({ length: 8 }, () => ({
    content: [{ type: "tool_use", name: "Echo", input: { text: "again" } }],
    usage: { input_tokens: 100_000, output_tokens: 1_000 },
  })),
};

describe("QueryEngine limits", () => {
  it("stops before the request that would pass maxBudgetUsd", async () => {
    const { engine, provider } = scriptedEngine(loopForever, {
      tools: [echoTool],
      maxBudgetUsd: 0.5,
    });
    const result = resultOf(await collect(engine.submitMessage("spend")));
    expect(result).toMatchObject({
      subtype: "error_max_budget_usd",
      is_error: true,
      errors: ["Reached maximum budget ($0.5)"],
    });
    expect(result.total_cost_usd).toBeGreaterThanOrEqual(0.5);
    // Each request costs $0.21 at claude-sonnet-5's $2/$10: the third passes $0.5, no fourth starts.
    expect(provider.requests).toHaveLength(3);
  });

  it("ends with error_max_turns after maxTurns", async () => {
    const { engine, provider } = scriptedEngine(loopForever, { tools: [echoTool], maxTurns: 2 });
    const result = resultOf(await collect(engine.submitMessage("loop")));
    expect(result).toMatchObject({
      subtype: "error_max_turns",
      errors: ["Reached maximum number of turns (2)"],
    });
    expect(provider.requests).toHaveLength(2);
  });
});

const schema = {
  type: "object",
  properties: { answer: { type: "number" } },
  required: ["answer"],
  additionalProperties: false,
};

describe("structured output", () => {
  it("retries an invalid StructuredOutput call and returns the valid answer", async () => {
    const { engine, provider } = scriptedEngine(
      {
        turns: [
          { content: [{ type: "tool_use", name: "StructuredOutput", input: { answer: "six" } }] },
          { content: [{ type: "tool_use", name: "StructuredOutput", input: { answer: 6 } }] },
          { content: "That is my answer." },
        ],
      },
      { jsonSchema: schema },
    );
    const result = resultOf(await collect(engine.submitMessage("what is 2*3?")));
    expect(result).toMatchObject({ subtype: "success", structured_output: { answer: 6 } });
    const body = provider.requests[0]?.body as {
      tools?: Array<{ name: string; input_schema: unknown }>;
    };
    const tools = body.tools ?? [];
    expect(tools).toContainEqual(
      expect.objectContaining({ name: "StructuredOutput", input_schema: schema }),
    );
  });

  it("sends the model back when it answers in text, and gives up after five attempts", async () => {
    const { engine, provider } = scriptedEngine(
      { turns: Array.from({ length: 7 }, () => ({ content: "Six." })) },
      { jsonSchema: schema },
    );
    const result = resultOf(await collect(engine.submitMessage("what is 2*3?")));
    expect(result).toMatchObject({
      subtype: "error_max_structured_output_retries",
      is_error: true,
      errors: ["Failed to provide valid structured output after 5 attempts"],
    });
    expect(JSON.stringify(provider.requests[1]?.body)).toContain("StructuredOutput");
    expect(provider.requests.length).toBeLessThanOrEqual(6);
  });
});
