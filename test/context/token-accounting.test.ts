import { describe, expect, it } from "vitest";
import {
  contextLimits,
  contextSettingsFromEnv,
  contextWindowFor,
  createIsAtBlockingLimit,
} from "../../src/context/limits.js";
import { contextTokens, estimateTokens, IMAGE_TOKENS } from "../../src/context/tokens.js";
import { historyBuilder } from "./histories.js";

describe("token accounting", () => {
  it("estimates a quarter token per character of what the API receives", () => {
    const h = historyBuilder();
    expect(estimateTokens([h.user("x".repeat(400))])).toBe(100);
    // System messages never reach the API, so they cost nothing.
    const notice = {
      type: "system" as const,
      subtype: "informational" as const,
      level: "info" as const,
      uuid: "s",
      timestamp: "t",
      content: "y".repeat(4000),
    };
    expect(estimateTokens([h.user("x".repeat(400)), notice])).toBe(100);
  });

  it("counts an image at a fixed cost whatever its bytes", () => {
    const h = historyBuilder();
    const image = (data: string) =>
      h.user("", {
        message: {
          role: "user",
          content: [{ type: "image", source: { type: "base64", media_type: "image/png", data } }],
        },
      });
    expect(estimateTokens([image("a".repeat(10)), h.user("hi")])).toBe(
      estimateTokens([image("a".repeat(1_000_000)), h.user("hi")]),
    );
    expect(estimateTokens([image("a")])).toBe(IMAGE_TOKENS);
  });

  it("takes the last response's usage plus an estimate of what came after it", () => {
    const h = historyBuilder();
    const messages = [
      h.user("first"),
      ...h.round("Read", { file_path: "/a" }, "z".repeat(800), {
        usage: {
          input_tokens: 1000,
          cache_read_input_tokens: 500,
          cache_creation_input_tokens: 200,
          output_tokens: 50,
        },
      }),
    ];
    // The result after the response: ~800 chars of content → 200 tokens (plus nothing else).
    expect(contextTokens(messages)).toBe(1750 + estimateTokens(messages.slice(2)));
    expect(estimateTokens(messages.slice(2))).toBe(200);
  });

  it("estimates everything when no response reported usage", () => {
    const h = historyBuilder();
    const messages = [h.user("a".repeat(4000))];
    expect(contextTokens(messages)).toBe(1000);
  });

  it("derives the effective window, auto-compact threshold and blocking limit", () => {
    expect(contextLimits("claude-sonnet-4-6")).toEqual({
      window: 200_000,
      effective: 180_000,
      autocompactThreshold: 167_000,
      blockingLimit: 177_000,
    });
    expect(contextWindowFor("claude-sonnet-5")).toBe(1_000_000);
    expect(contextWindowFor("some-unknown-model")).toBe(200_000);
    expect(contextLimits("claude-sonnet-5", { windowOverride: 50_000 }).autocompactThreshold).toBe(
      17_000,
    );
  });

  it("reports the blocking limit from the context size", () => {
    const atLimit = createIsAtBlockingLimit({ windowOverride: 30_000 });
    // 30k − 20k reserve − 3k = 7k tokens.
    const h = historyBuilder();
    expect(atLimit([h.user("a".repeat(4 * 6_999))], "claude-test")).toBe(false);
    expect(atLimit([h.user("a".repeat(4 * 7_000))], "claude-test")).toBe(true);
  });

  it("reads the window override and the auto-compact switch from the environment", () => {
    expect(
      contextSettingsFromEnv({ KEEL_CONTEXT_WINDOW: "40000", DISABLE_AUTO_COMPACT: "1" }),
    ).toEqual({ windowOverride: 40_000, autoCompactDisabled: true });
    expect(
      contextSettingsFromEnv({ KEEL_CONTEXT_WINDOW: "lots", DISABLE_AUTO_COMPACT: "0" }),
    ).toEqual({ autoCompactDisabled: false });
  });
});
