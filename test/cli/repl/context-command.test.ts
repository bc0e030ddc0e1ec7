import { describe, expect, it } from "vitest";
import { contextReport } from "../../../src/cli/slash/context-report.js";
import { estimateInputTokens } from "../../../src/model/scripted/estimate.js";
import { type PromptedBody, withoutPrompt } from "../../helpers/without-prompt.js";
import { scriptedEngine } from "../../session/engine/helpers.js";
import { answerNotice, controllerFor, texts, until } from "./repl-harness.js";

describe("/context in the REPL", () => {
  it("draws the grid with the model, the total and a line per category", async () => {
    const { engine, provider } = scriptedEngine(
      { turns: [{ content: "Hi there." }, { content: "Bye." }] },
      {
        loadContext: async () => ({
          systemPrompt: "You are a test agent.",
          userContext: { claudeMd: "Run the tests first.\n".repeat(40) },
        }),
      },
    );
    const session = {
      engine,
      contextUsage: () =>
        contextReport({ engine, agents: [], env: {}, signal: new AbortController().signal }),
      dispose: async () => {},
    };
    const controller = controllerFor(session, "/project");
    controller.submit("hello");
    await until(controller, (s) => texts(s, "assistant").includes("Hi there."), "the answer");

    const shown = await answerNotice(controller, "/context");
    expect(shown?.tone).toBe("info");
    const lines = shown?.text.split("\n") ?? [];
    // claude-sonnet-5's 1M window: 20 columns by 10 rows, used squares first, the buffer last.
    const grid = lines.slice(0, 10).map((line) => line.slice(0, 39).split(" "));
    expect(grid.every((row) => row.length === 20)).toBe(true);
    expect(grid[0]?.[0]).toMatch(/[⛁⛀]/);
    expect(grid[9]?.[19]).toBe("⛝");
    const total = estimateInputTokens(withoutPrompt(await nextBody(), "again"));
    expect(lines[0]).toMatch(/Context Usage$/);
    expect(lines[1]).toContain(`claude-sonnet-5 · ${total}/1000k tokens (0%)`);
    expect(shown?.text).toMatch(/⛁ Memory files: \d+ tokens \(0\.0%\)/);
    expect(shown?.text).toMatch(/⛁ Messages: \d+ tokens/);
    expect(shown?.text).toMatch(/⛶ Free space: [\d.]+k \(\d+\.\d%\)/);
    expect(shown?.text).not.toContain("MCP tools");

    /** The request of the prompt sent after /context, which the total must match. */
    async function nextBody(): Promise<PromptedBody> {
      controller.submit("again");
      await until(controller, (s) => texts(s, "assistant").includes("Bye."), "the second answer");
      return provider.requests[1]?.body as PromptedBody;
    }
  });
});
