import { describe, expect, it } from "vitest";
import { switchableModel } from "../../../src/cli/control/model-switch.js";
import type { ModelProvider, ModelRequest } from "../../../src/model/provider.js";

const REQUEST: ModelRequest = {
  model: "claude-sonnet-4-5",
  messages: [{ role: "user", content: "hi" }],
  maxTokens: 10,
  kind: "main",
};

describe("the switchable model's provider", () => {
  it("passes counts (for the chosen model) and credential refreshes on to the provider it wraps", async () => {
    const counted: string[] = [];
    let refreshed = 0;
    const inner: ModelProvider = {
      name: "inner",
      async *stream() {},
      countTokens: async (request) => {
        counted.push(request.model);
        return 42;
      },
      refreshCredentials: () => {
        refreshed += 1;
        return true;
      },
    };
    const model = switchableModel(inner, "claude-sonnet-4-5");
    model.set("claude-opus-4-1");
    expect(await model.provider.countTokens?.(REQUEST, new AbortController().signal)).toBe(42);
    expect(counted).toEqual(["claude-opus-4-1"]);
    expect(model.provider.refreshCredentials?.()).toBe(true);
    expect(refreshed).toBe(1);
  });

  it("leaves a request pinned to its model alone, even the model the session started with", async () => {
    const asked: string[] = [];
    const inner: ModelProvider = {
      name: "inner",
      stream(request) {
        asked.push(request.model);
        return (async function* () {})();
      },
    };
    const model = switchableModel(inner, "claude-sonnet-4-5");
    model.set("claude-opus-4-1");
    const signal = new AbortController().signal;
    for (const request of [REQUEST, { ...REQUEST, modelPinned: true }]) {
      model.provider.stream(request, signal);
    }
    expect(asked).toEqual(["claude-opus-4-1", "claude-sonnet-4-5"]);
  });

  it("has neither where the wrapped provider has neither", () => {
    const bare = switchableModel({ name: "bare", async *stream() {} }, "m").provider;
    expect([bare.countTokens, bare.refreshCredentials]).toEqual([undefined, undefined]);
  });
});
