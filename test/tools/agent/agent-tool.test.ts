import { describe, expect, it } from "vitest";
import { z } from "zod";
import { GENERAL_PURPOSE_AGENT } from "../../../src/config/built-in-agents.js";
import type { ProgressMessage } from "../../../src/protocol/messages.js";
import { createAgentTool } from "../../../src/tools/builtin/agent/agent-tool.js";
import type { Tool } from "../../../src/tools/tool.js";
import { INTERRUPT_MESSAGE_FOR_TOOL_USE } from "../../../src/tools/tool-errors.js";
import { messagesOf } from "../../loop/harness.js";
import { echoTool } from "../../loop/tools.js";
import {
  agentCall,
  DEFINITIONS,
  parentToolResults,
  REVIEWER,
  requestSystem,
  requestToolNames,
  resultText,
  runWithAgent,
  toolUse,
} from "./helpers.js";

/** A tool that aborts the parent turn (a person pressing Ctrl+C while a subagent works). */
function stopParentTool(parent: AbortController, seen: { childAborted?: boolean }): Tool {
  return {
    name: "StopParent",
    description: "Aborts the parent turn.",
    inputSchema: z.strictObject({}),
    maxResultSizeChars: 1_000,
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    async call(_input, context) {
      parent.abort("user");
      seen.childAborted = context.signal.aborted;
      throw new Error("stopped");
    },
    mapToolResult: (output, id) => ({
      type: "tool_result",
      tool_use_id: id,
      content: String(output),
    }),
  };
}

describe("the Agent tool's description", () => {
  it("lists every agent type with its description and tools", () => {
    const { description } = createAgentTool(DEFINITIONS);
    expect(description).toContain("- reviewer: Reviews code and says what is wrong. (Tools: Echo)");
    expect(description).toContain(
      `- general-purpose: ${GENERAL_PURPOSE_AGENT.description} (Tools: all tools)`,
    );
  });
});

describe("the Agent tool runs a subagent through query()", () => {
  it("returns the subagent's final text as the tool result, and the parent goes on", async () => {
    const run = await runWithAgent(
      [
        { content: [agentCall("Find the greeting.")] },
        { content: [{ type: "text", text: "Looking." }, toolUse("Echo", { text: "hi" })] },
        { content: "The greeting is in src/a.ts, line 3." },
        { content: "The agent found it." },
      ],
      { tools: [echoTool] },
    );
    expect(run.violations).toEqual([]);
    expect(run.terminal).toEqual({ reason: "completed" });
    expect(run.requests).toHaveLength(4);
    const [result] = parentToolResults(run);
    expect(result!.is_error ?? false).toBe(false);
    const text = resultText(result!);
    expect(text).toContain("The greeting is in src/a.ts, line 3.");
    expect(text).not.toContain("Looking.");
    expect(text).toMatch(/<usage>turns: 2\ntotal_tokens: \d+<\/usage>/);
    expect(JSON.stringify(run.requests[3])).toContain("The greeting is in src/a.ts, line 3.");
  });

  it("sends the subagent's requests with its own prompt, system prompt and restricted tools", async () => {
    const run = await runWithAgent(
      [
        { content: [agentCall("Review src/a.ts.", "reviewer")] },
        { content: "It has a typo." },
        { content: [agentCall("Read src/a.ts.")] },
        { content: "Read it." },
        { content: "Both done." },
      ],
      { tools: [echoTool, stopParentTool(new AbortController(), {})] },
    );
    expect(run.violations).toEqual([]);
    const [parent, reviewer, , general] = run.requests;
    expect(requestToolNames(parent!)).toEqual(["Agent", "Echo", "StopParent"]);
    expect(requestToolNames(reviewer!)).toEqual(["Echo"]);
    expect(requestToolNames(general!)).toEqual(["Echo", "StopParent"]);
    expect(requestSystem(reviewer!)).toContain(REVIEWER.prompt);
    expect(requestSystem(general!)).toContain("You are a subagent of keel");
    expect(requestSystem(general!)).not.toContain(REVIEWER.prompt);
    expect(reviewer!.messages).toEqual([
      { role: "user", content: [{ type: "text", text: "Review src/a.ts." }] },
    ]);
  });

  it("reports the subagent's messages as agent_progress of the Agent call", async () => {
    const run = await runWithAgent(
      [
        { content: [agentCall("Echo something.")] },
        { content: [toolUse("Echo", { text: "x" })] },
        { content: "Echoed." },
        { content: "Done." },
      ],
      { tools: [echoTool] },
    );
    const progress = messagesOf(run).filter((m): m is ProgressMessage => m.type === "progress");
    const agentCallId = messagesOf(run)
      .flatMap((m) => (m.type === "assistant" ? m.message.content : []))
      .find((b) => b.type === "tool_use")?.id;
    expect(agentCallId).toBeDefined();
    expect(progress.map((p) => p.parentToolUseID)).toEqual(progress.map(() => agentCallId));
    const kinds = progress.map((p) => {
      const data = p.data as { type: string; message: { type: string } };
      return `${data.type}:${data.message.type}`;
    });
    expect(kinds).toEqual([
      "agent_progress:assistant",
      "agent_progress:user",
      "agent_progress:assistant",
    ]);
  });

  it("stops the subagent when the parent turn is aborted", async () => {
    const parent = new AbortController();
    const seen: { childAborted?: boolean } = {};
    const run = await runWithAgent(
      [
        { content: [agentCall("Do something long.")] },
        { content: [toolUse("StopParent", {})] },
        { content: "The subagent never gets this turn." },
        { content: "Nor does the parent." },
      ],
      { tools: [stopParentTool(parent, seen)], abortController: parent },
    );
    expect(seen.childAborted).toBe(true);
    expect(run.violations).toEqual([]);
    expect(run.requests).toHaveLength(2);
    expect(run.terminal).toEqual({ reason: "aborted_tools" });
    const [result] = parentToolResults(run);
    expect(result).toMatchObject({ is_error: true });
    expect(resultText(result!)).toBe(INTERRUPT_MESSAGE_FOR_TOOL_USE);
  });

  it("is reached by its old name Task, with general-purpose as the default type", async () => {
    const run = await runWithAgent([
      { content: [toolUse("Task", { description: "Old name", prompt: "Say hi." })] },
      { content: "Hi." },
      { content: "It said hi." },
    ]);
    expect(run.violations).toEqual([]);
    expect(requestSystem(run.requests[1]!)).toContain("You are a subagent of keel");
    const [result] = parentToolResults(run);
    expect(result!.is_error ?? false).toBe(false);
    expect(resultText(result!)).toContain("Hi.");
  });

  it("answers an unknown subagent_type with an error listing the valid types", async () => {
    const run = await runWithAgent([
      { content: [agentCall("Do it.", "wizard")] },
      { content: "No such agent." },
    ]);
    expect(run.violations).toEqual([]);
    expect(run.requests).toHaveLength(2);
    const [result] = parentToolResults(run);
    expect(result).toMatchObject({ is_error: true });
    expect(resultText(result!)).toContain(
      'Agent type "wizard" not found. Available agent types: reviewer, general-purpose.',
    );
  });

  it("says subagents are not available when the session has no runner", async () => {
    const run = await runWithAgent(
      [{ content: [agentCall("Do it.")] }, { content: "Could not delegate." }],
      { withoutRunner: true },
    );
    expect(run.violations).toEqual([]);
    const [result] = parentToolResults(run);
    expect(result).toMatchObject({ is_error: true });
    expect(resultText(result!)).toContain("Subagents are not available in this session.");
  });

  it("returns is_error with the error text when the subagent's request fails", async () => {
    const run = await runWithAgent([
      { content: [agentCall("Do it.")] },
      {
        content: "The parent carries on.",
        faults: [{ type: "http_error", status: 400, times: 1 }],
      },
    ]);
    expect(run.violations).toEqual([]);
    expect(run.requests).toHaveLength(3);
    const [result] = parentToolResults(run);
    expect(result).toMatchObject({ is_error: true });
    expect(resultText(result!)).toMatch(/^API Error/);
    expect(run.terminal).toEqual({ reason: "completed" });
  });

  it("ends a subagent at its turn limit with an error saying so", async () => {
    const run = await runWithAgent(
      [
        { content: [agentCall("Loop.")] },
        { content: [{ type: "text", text: "Step one." }, toolUse("Echo", { text: "1" })] },
        { content: "Gave up." },
      ],
      { tools: [echoTool], maxTurns: 1 },
    );
    expect(run.violations).toEqual([]);
    expect(run.requests).toHaveLength(3);
    const [result] = parentToolResults(run);
    expect(result).toMatchObject({ is_error: true });
    expect(resultText(result!)).toContain("Step one.");
    expect(resultText(result!)).toContain("stopped at its limit of 1 turns");
  });
});
