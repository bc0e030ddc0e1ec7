import { describe, expect, it } from "vitest";
import { contextWindowFor } from "../../src/context/limits.js";
import { findModel, requestMaxTokens, resolveModelAlias } from "../../src/model/catalog.js";
import { costOf } from "../../src/model/cost.js";
import { parseModelString } from "../../src/model/model-string.js";
import { usageFromWire } from "../../src/protocol/usage.js";

describe("the model catalogue", () => {
  it("knows dated ids by their base id", () => {
    expect(findModel("claude-haiku-4-5-20251001")?.contextWindow).toBe(200_000);
    expect(findModel("claude-sonnet-5")?.contextWindow).toBe(1_000_000);
    expect(findModel("llama-3-8b")).toBeUndefined();
  });

  it("asks for at most 32k output tokens, the user's setting, and never above the cap", () => {
    expect(requestMaxTokens("claude-opus-5-5")).toBe(32_000);
    expect(requestMaxTokens("claude-opus-5-5", 100_000)).toBe(100_000);
    expect(requestMaxTokens("claude-haiku-4-5", 100_000)).toBe(32_000);
    expect(requestMaxTokens("some-local-model")).toBe(32_000);
  });

  it("resolves the aliases people type", () => {
    expect(resolveModelAlias("sonnet")).toBe("claude-sonnet-5");
    expect(resolveModelAlias("claude-opus-4-6")).toBe("claude-opus-4-6");
    expect(resolveModelAlias("opus[1m]")).toBe("claude-opus-5-5[1m]");
    expect(resolveModelAlias("sonnet[1M]")).toBe("claude-sonnet-5[1m]");
  });

  it("knows a [1m] model as the model with the 1M window, at the model's price", () => {
    expect(findModel("claude-sonnet-4-6[1m]")).toMatchObject({
      contextWindow: 1_000_000,
      maxOutputTokens: 32_000,
      pricing: { inputPerMTok: 3, outputPerMTok: 15 },
    });
    expect(findModel("claude-sonnet-4-6")?.contextWindow).toBe(200_000);
    expect(findModel("some-local-model[1m]")).toBeUndefined();
    // Compaction reckons with the 1M window.
    expect(contextWindowFor("claude-sonnet-4-6[1m]")).toBe(1_000_000);
  });
});

describe("cost", () => {
  it("prices input, output, cache writes (1.25×) and cache reads (0.1×) at list prices", () => {
    const usage = usageFromWire({
      input_tokens: 1_000_000,
      output_tokens: 1_000_000,
      cache_creation_input_tokens: 1_000_000,
      cache_read_input_tokens: 1_000_000,
    });
    // claude-sonnet-5: $2 in, $10 out → 2 + 10 + 2.5 + 0.2
    expect(costOf("claude-sonnet-5", usage)).toEqual({ usd: 14.7, known: true });
  });

  it("counts a model of unknown price as 0 and says so", () => {
    expect(costOf("qwen3-coder", usageFromWire({ input_tokens: 5000 }))).toEqual({
      usd: 0,
      known: false,
    });
  });
});

describe("model strings", () => {
  it("select the provider by prefix", () => {
    expect(parseModelString("openai:qwen3-coder")).toEqual({
      provider: "openai",
      model: "qwen3-coder",
    });
    expect(parseModelString("openai:org/model:tag")).toEqual({
      provider: "openai",
      model: "org/model:tag",
    });
    expect(parseModelString("anthropic:haiku")).toEqual({
      provider: "anthropic",
      model: "claude-haiku-4-5",
    });
    expect(parseModelString("opus")).toEqual({ provider: "anthropic", model: "claude-opus-5-5" });
    expect(parseModelString("scripted:demo.json")).toEqual({
      provider: "scripted",
      scenarioPath: "demo.json",
      model: "scripted",
    });
  });

  it("reject an empty model or a prefix with nothing after it", () => {
    expect(() => parseModelString(" ")).toThrow(/empty/);
    expect(() => parseModelString("openai:")).toThrow(/after "openai:"/);
  });
});
