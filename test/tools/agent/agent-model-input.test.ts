import { describe, expect, it } from "vitest";
import { resolveModelAlias } from "../../../src/model/catalog.js";
import { parentToolResults, resultText, runWithAgent, toolUse } from "./helpers.js";

const call = (model: string) =>
  toolUse("Agent", { description: "Look into it", prompt: "Go.", model });

describe("the Agent tool's model", () => {
  it("runs the subagent on the alias it names", async () => {
    const run = await runWithAgent([
      { content: [call("haiku")] },
      { content: "done" },
      { content: "ok" },
    ]);
    expect(run.requests[0]?.model).not.toBe(resolveModelAlias("haiku"));
    expect(run.requests[1]?.model).toBe(resolveModelAlias("haiku"));
    expect(run.requests[2]?.model).toBe(run.requests[0]?.model);
  });

  it("refuses an alias outside the enum, and one keel does not know, before any agent runs", async () => {
    const run = await runWithAgent([{ content: [call("gpt"), call("fable")] }, { content: "ok" }]);
    expect(run.requests).toHaveLength(2);
    const [wrong, unknown] = parentToolResults(run);
    expect(wrong?.is_error).toBe(true);
    expect(resultText(unknown!)).toContain('keel does not know the model alias "fable"');
  });
});
