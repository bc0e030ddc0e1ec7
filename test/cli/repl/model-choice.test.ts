import { describe, expect, it } from "vitest";
import { chooseModel } from "../../../src/cli/repl/model-choice.js";

describe("/model <name>", () => {
  it("takes a model id or an alias the session's backend serves", () => {
    expect(chooseModel("claude-haiku-5", "anthropic")).toEqual({
      ok: true,
      model: "claude-haiku-5",
    });
    const alias = chooseModel("opus", "anthropic");
    expect(alias.ok).toBe(true);
    if (alias.ok) expect(alias.model).toMatch(/^claude-opus/);
    expect(chooseModel("openai:qwen3", "openai")).toEqual({ ok: true, model: "qwen3" });
  });

  it("goes back to the session's own model with 'default'", () => {
    expect(chooseModel("default", "anthropic")).toEqual({ ok: true, model: undefined });
  });

  it("refuses a model of another backend, saying how to get it", () => {
    const choice = chooseModel("openai:qwen3", "anthropic");
    expect(choice.ok).toBe(false);
    if (!choice.ok) expect(choice.problem).toContain("keel --model openai:qwen3");
  });
});
