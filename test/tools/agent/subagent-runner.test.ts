import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { AgentDefinition } from "../../../src/config/agent-definition.js";
import { GENERAL_PURPOSE_AGENT } from "../../../src/config/built-in-agents.js";
import { createAgentTool } from "../../../src/tools/builtin/agent/agent-tool.js";
import type { ToolUseContext } from "../../../src/tools/context.js";
import type { Tool } from "../../../src/tools/tool.js";
import { testContext } from "../../loop/harness.js";
import { echoTool } from "../../loop/tools.js";
import { DEFINITIONS, scriptedSubagentRunner, toolUse } from "./helpers.js";

/** What the probe saw of the subagent's context while it ran. */
interface Seen {
  agentId?: string;
  agentType?: string;
  knewParentRead?: boolean;
  parentListeners?: number;
}

/** A tool that records the context it is called with. */
function probeTool(seen: Seen, parentSignal: AbortSignal): Tool {
  return {
    name: "Probe",
    aliases: ["OldProbe"],
    description: "Records its context.",
    inputSchema: z.strictObject({}),
    maxResultSizeChars: 1_000,
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    async call(_input, context: ToolUseContext) {
      seen.agentId = context.agentId;
      seen.agentType = context.agentType;
      seen.knewParentRead = context.readFileState.get("/parent/read.txt") !== undefined;
      seen.parentListeners = getEventListeners(parentSignal, "abort").length;
      return { data: "probed" };
    },
    mapToolResult: (output, id) => ({
      type: "tool_result",
      tool_use_id: id,
      content: String(output),
    }),
  };
}

function scripted(turns: unknown[]) {
  return scriptedSubagentRunner(turns, "runner");
}

describe("the subagent runner", () => {
  it("runs with a fresh context of its own and unties itself from the parent signal when done", async () => {
    const { provider, runner } = scripted([
      { content: [toolUse("Probe", {})], usage: { input_tokens: 10, output_tokens: 5 } },
      { content: "All probed.", usage: { input_tokens: 20, output_tokens: 7 } },
    ]);
    const parentCall = new AbortController();
    const seen: Seen = {};
    const parent = testContext([createAgentTool(DEFINITIONS), probeTool(seen, parentCall.signal)]);
    parent.readFileState.set("/parent/read.txt", { content: "x", timestamp: 1 });
    const result = await runner({
      definition: GENERAL_PURPOSE_AGENT,
      prompt: "Probe it.",
      parentContext: parent,
      toolUseId: "toolu_parent",
      signal: parentCall.signal,
    });
    expect(result).toEqual({
      text: "All probed.",
      usage: {
        input_tokens: 30,
        output_tokens: 12,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
      },
      turns: 2,
      terminalReason: "completed",
      isError: false,
    });
    expect(seen).toEqual({
      agentId: "agent-1",
      agentType: "general-purpose",
      knewParentRead: false,
      parentListeners: 1,
    });
    expect(getEventListeners(parentCall.signal, "abort")).toHaveLength(0);
    expect(provider.violations).toEqual([]);
  });

  it("uses the definition's model (aliases resolved), or the parent's for inherit", async () => {
    const { provider, runner } = scripted([{ content: "one" }, { content: "two" }]);
    const parent = testContext([echoTool]);
    const run = (model: string) => {
      const definition: AgentDefinition = { ...GENERAL_PURPOSE_AGENT, model };
      const signal = new AbortController().signal;
      return runner({ definition, prompt: "Go.", parentContext: parent, toolUseId: "t", signal });
    };
    await run("haiku");
    await run("inherit");
    expect(provider.requests.map((r) => (r.body as { model: string }).model)).toEqual([
      "claude-haiku-4-5",
      "claude-test",
    ]);
  });

  it("gives a listed tool by its alias, and never Agent even when listed", async () => {
    const { provider, runner } = scripted([{ content: "done" }]);
    const parent = testContext([
      createAgentTool(DEFINITIONS),
      echoTool,
      probeTool({}, new AbortController().signal),
    ]);
    const definition: AgentDefinition = { ...GENERAL_PURPOSE_AGENT, tools: ["OldProbe", "Agent"] };
    const signal = new AbortController().signal;
    await runner({ definition, prompt: "Go.", parentContext: parent, toolUseId: "t", signal });
    const tools = (provider.requests[0]!.body as { tools: Array<{ name: string }> }).tools;
    expect(tools.map((t) => t.name)).toEqual(["Probe"]);
  });

  it("does not start when the Agent call is already aborted", async () => {
    const { provider, runner } = scripted([{ content: "never" }]);
    const parentCall = new AbortController();
    parentCall.abort("user");
    const result = await runner({
      definition: GENERAL_PURPOSE_AGENT,
      prompt: "Go.",
      parentContext: testContext([]),
      toolUseId: "t",
      signal: parentCall.signal,
    });
    expect(result).toMatchObject({ isError: true, terminalReason: "aborted_streaming" });
    expect(provider.requests).toHaveLength(0);
  });
});
