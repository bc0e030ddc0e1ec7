import { render } from "ink-testing-library";
import { describe, expect, it } from "vitest";
import {
  agentProgressLine,
  foldAgentProgress,
} from "../../../src/cli/repl/render/agent-progress.js";
import { ToolView } from "../../../src/cli/repl/tool-view.js";
import type { ToolItem } from "../../../src/cli/repl/transcript-model.js";
import { WholeOutputContext } from "../../../src/cli/repl/whole-output.js";
import { createAgentTool } from "../../../src/tools/builtin/agent/agent-tool.js";
import { echoTool, gateTool } from "../../loop/tools.js";
import { DEFINITIONS, toolUse } from "../../tools/agent/helpers.js";
import { replHarness, until } from "./repl-harness.js";

const running = (agent: ToolItem["agent"]): ToolItem => ({
  kind: "tool",
  id: "t",
  name: "Agent",
  summary: "Agent(Look into it)",
  ...(agent ? { agent } : {}),
});

const VIEW = {
  toolCalls: ["Echo(one)", "Echo(two)", "Gate(three)"],
  tokens: 1_234,
  firstAt: 0,
  lastAt: 12_500,
};

describe("a running subagent in the REPL", () => {
  it("is folded under its Agent call: tool uses, tokens, elapsed and the latest call", () => {
    const frame = render(<ToolView tool={running(VIEW)} />).lastFrame() ?? "";
    expect(frame).toContain("⏺ Agent(Look into it) running…");
    expect(frame).toContain("⎿ 3 tool uses · 1.2k tokens · 12s");
    expect(frame).toContain("Gate(three) (+2 more, ctrl+o to expand)");
    expect(frame).not.toContain("Echo(one)");
  });

  it("shows every call of the subagent while Ctrl+O has output shown whole", () => {
    const frame =
      render(
        <WholeOutputContext.Provider value={true}>
          <ToolView tool={running(VIEW)} />
        </WholeOutputContext.Provider>,
      ).lastFrame() ?? "";
    for (const call of VIEW.toolCalls) expect(frame).toContain(`⎿ ${call}`);
    expect(frame).not.toContain("ctrl+o to expand");
  });

  it("ignores a report that is not a subagent's message", () => {
    expect(foldAgentProgress(undefined, { type: "agent_progress", message: 3 }, "/p")).toBe(
      undefined,
    );
  });

  it("follows a real subagent of the REPL's session while it runs, then shows its result", async () => {
    const gate = gateTool();
    // As run-repl.ts wires it: the engine's progress reports go to the controller.
    let follow: (toolUseId: string, data: unknown) => void = () => {};
    const { controller } = replHarness(
      {
        turnMode: "count",
        turns: [
          {
            content: [
              toolUse("Agent", {
                description: "Look into it",
                prompt: "Go.",
                subagent_type: "general-purpose",
                run_in_background: false,
              }),
            ],
          },
          { content: [toolUse("Echo", { text: "first" })] },
          { content: [toolUse("Gate", { text: "wait" })] },
          { content: "Found it." },
          { content: "The agent found it." },
        ],
      },
      {
        tools: [createAgentTool(DEFINITIONS), echoTool, gate],
        onProgress: (toolUseId, data) => follow(toolUseId, data),
      },
    );
    follow = (toolUseId, data) => controller.progress(toolUseId, data);
    controller.submit("look into it");
    const during = await until(
      controller,
      (s) => s.view.running.some((tool) => (tool.agent?.toolCalls.length ?? 0) >= 2),
      "the subagent's second tool call",
    );
    const agent = during.view.running.find((tool) => tool.name === "Agent")?.agent;
    expect(agent?.toolCalls).toEqual(["Echo(first)", "Gate(wait)"]);
    expect(agentProgressLine(agent!)).toMatch(/^2 tool uses · \d+(\.\d)?k? tokens · \d+s$/);
    gate.release();
    const after = await until(controller, (s) => !s.busy, "the turn's end");
    const done = after.view.done.find((item) => item.kind === "tool" && item.name === "Agent");
    expect(done?.kind === "tool" && done.result?.lines.join("\n")).toContain("Found it.");
  });
});
