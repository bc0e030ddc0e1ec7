import { render } from "ink-testing-library";
import { describe, expect, it } from "vitest";
import { agentTerminalColour } from "../../../src/cli/repl/render/agent-color.js";
import {
  type AgentProgressView,
  foldAgentProgress,
} from "../../../src/cli/repl/render/agent-progress.js";
import { ToolView } from "../../../src/cli/repl/tool-view.js";
import type { AgentDefinition } from "../../../src/config/agent-definition.js";
import type { ProgressMessage } from "../../../src/protocol/messages.js";
import { echoTool } from "../../loop/tools.js";
import { REVIEWER, runWithAgent, toolUse } from "../../tools/agent/helpers.js";

const PURPLE: AgentDefinition = { ...REVIEWER, color: "purple" };

/** The Agent call's progress of a run, folded as the REPL folds it. */
async function foldedProgress(definition: AgentDefinition): Promise<AgentProgressView | undefined> {
  const run = await runWithAgent(
    [
      {
        content: [
          toolUse("Agent", {
            description: "Review",
            prompt: "Review it.",
            subagent_type: "reviewer",
            run_in_background: false,
          }),
        ],
      },
      { content: [toolUse("Echo", { text: "look" })] },
      { content: "Fine." },
      { content: "Reviewed." },
    ],
    { definitions: [definition], tools: [echoTool] },
  );
  const reports = run.events.filter((e): e is ProgressMessage => e.type === "progress");
  return reports.reduce<AgentProgressView | undefined>(
    (view, report) => foldAgentProgress(view, report.data, "/p") ?? view,
    undefined,
  );
}

describe("an agent's color", () => {
  it("rides on its Agent call's progress into the REPL's view, which draws it", async () => {
    const view = await foldedProgress(PURPLE);
    expect(view?.color).toBe("purple");
    expect(view?.toolCalls).toHaveLength(1);
    const frame = render(
      <ToolView
        tool={{ kind: "tool", id: "t", name: "Agent", summary: "Agent(Review)", agent: view }}
      />,
    ).lastFrame();
    expect(frame).toContain("⎿ 1 tool use");
  });

  it("is absent for an agent without one", async () => {
    const view = await foldedProgress(REVIEWER);
    expect(view?.toolCalls).toHaveLength(1);
    expect(view?.color).toBeUndefined();
  });

  it("maps Claude Code's eight names to terminal colours; any other is drawn plain", () => {
    expect(agentTerminalColour("purple")).toBe("magenta");
    expect(agentTerminalColour("Cyan")).toBe("cyan");
    expect(agentTerminalColour("orange")).toMatch(/^#/);
    expect(agentTerminalColour("chartreuse")).toBeUndefined();
    expect(agentTerminalColour(undefined)).toBeUndefined();
  });
});
