import { describe, expect, it } from "vitest";
import { findModel } from "../../src/model/catalog.js";
import { costOf } from "../../src/model/cost.js";
import { anthropicModelIdOf } from "../../src/model/platform-model-id.js";

describe("cloud platforms' model ids", () => {
  it("name the Anthropic model they stand for", () => {
    expect(anthropicModelIdOf("us.anthropic.claude-sonnet-5-v1:0")).toBe("claude-sonnet-5");
    expect(anthropicModelIdOf("global.anthropic.claude-opus-5-5-v1:0")).toBe("claude-opus-5-5");
    expect(anthropicModelIdOf("anthropic.claude-haiku-4-5-20251001-v1:0")).toBe("claude-haiku-4-5");
    expect(
      anthropicModelIdOf(
        "arn:aws:bedrock:us-east-1:123456789012:inference-profile/eu.anthropic.claude-sonnet-4-6-v1:0",
      ),
    ).toBe("claude-sonnet-4-6");
    expect(anthropicModelIdOf("claude-haiku-4-5@20251001")).toBe("claude-haiku-4-5");
    expect(anthropicModelIdOf("claude-sonnet-5")).toBe("claude-sonnet-5");
    expect(anthropicModelIdOf("my-gateway-model")).toBe("my-gateway-model");
  });

  it("get the catalog's window and price", () => {
    expect(findModel("us.anthropic.claude-sonnet-5-v1:0")).toMatchObject({
      id: "claude-sonnet-5",
      pricing: { inputPerMTok: 2, outputPerMTok: 10 },
    });
    expect(findModel("claude-haiku-4-5@20251001")?.id).toBe("claude-haiku-4-5");
    expect(findModel("us.anthropic.claude-sonnet-5-v1:0[1m]")?.contextWindow).toBe(1_000_000);
  });

  it("of a model keel does not know cost nothing and say so", () => {
    expect(findModel("us.anthropic.claude-future-9-v1:0")).toBeUndefined();
    expect(findModel("claude-future-9@20300101")).toBeUndefined();
    const usage = {
      input_tokens: 1000,
      output_tokens: 100,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
    };
    expect(costOf("us.anthropic.claude-future-9-v1:0", usage)).toEqual({ usd: 0, known: false });
    expect(costOf("us.anthropic.claude-haiku-4-5-v1:0", usage)).toEqual({
      usd: 0.0015,
      known: true,
    });
  });
});
