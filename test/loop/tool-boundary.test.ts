import { describe, expect, it } from "vitest";
import { createAttachmentMessage } from "../../src/protocol/factories.js";
import { counterIds, messagesOf, runLoop, testContext } from "./harness.js";
import { echoTool } from "./tools.js";

describe("the tool boundary", () => {
  it("adds attachments after the tool results, never between them", async () => {
    const ids = counterIds();
    const run = await runLoop(
      {
        turns: [
          {
            content: [
              { type: "tool_use", name: "Echo", input: { text: "a" } },
              { type: "tool_use", name: "Echo", input: { text: "b" } },
            ],
          },
          { content: "done" },
        ],
      },
      {
        tools: [echoTool],
        deps: {
          collectAttachments: async () => [
            createAttachmentMessage(
              { type: "queued_command", prompt: "also update the docs" },
              ids,
            ),
          ],
        },
      },
    );
    const second = run.requests[1]!.messages as Array<{
      role: string;
      content: Array<{ type: string; text?: string }>;
    }>;
    expect(second[2]!.content.map((b) => b.type)).toEqual(["tool_result", "tool_result", "text"]);
    expect(second[2]!.content[2]!.text).toContain("also update the docs");
    expect(run.violations).toEqual([]);
  });

  it("refreshes the tool list, so a tool that appears mid-turn is offered in the next request", async () => {
    const late = { ...echoTool, name: "LateEcho" };
    const context = testContext([echoTool]);
    const run = await runLoop(
      {
        turns: [
          { content: [{ type: "tool_use", name: "Echo", input: { text: "a" } }] },
          { content: "done" },
        ],
      },
      {
        params: {
          toolUseContext: {
            ...context,
            options: { ...context.options, refreshTools: () => [echoTool, late] },
          },
        },
      },
    );
    const names = (i: number) =>
      (run.requests[i]!.tools as Array<{ name: string }>).map((t) => t.name);
    expect(names(0)).toEqual(["Echo"]);
    expect(names(1)).toEqual(["Echo", "LateEcho"]);
    expect(messagesOf(run).at(-1)).toMatchObject({ type: "system", subtype: "transition" });
  });
});
