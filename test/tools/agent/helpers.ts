import type { AgentDefinition } from "../../../src/config/agent-definition.js";
import { GENERAL_PURPOSE_AGENT } from "../../../src/config/built-in-agents.js";
import type { CallModel, QueryDeps } from "../../../src/loop/params.js";
import { streamWithRetry } from "../../../src/model/retry.js";
import { createScriptedProvider } from "../../../src/model/scripted/provider.js";
import { parseScenario } from "../../../src/model/scripted/scenario.js";
import type { ToolResultBlock } from "../../../src/protocol/content.js";
import type { UserMessage } from "../../../src/protocol/messages.js";
import { createSubagentRunner } from "../../../src/session/subagent-runner.js";
import {
  type AgentToolOptions,
  createAgentTool,
} from "../../../src/tools/builtin/agent/agent-tool.js";
import type { ToolHooks } from "../../../src/tools/hooks.js";
import type { AnyTool } from "../../../src/tools/tool.js";
import { counterIds, type LoopRun, messagesOf, runLoop } from "../../loop/harness.js";

/** A project agent that may only use Echo. */
export const REVIEWER: AgentDefinition = {
  name: "reviewer",
  description: "Reviews code and says what is wrong.",
  tools: ["Echo"],
  prompt: "You are the reviewer agent. Point out defects plainly.",
  source: { kind: "project", path: "/project/.claude/agents/reviewer.md" },
};

/** The agent types the tests start. */
export const DEFINITIONS: readonly AgentDefinition[] = [REVIEWER, GENERAL_PURPOSE_AGENT];

/** A scripted tool_use block. */
export const toolUse = (name: string, input: Record<string, unknown>) => ({
  type: "tool_use",
  name,
  input,
});

/** A scripted Agent call. */
export const agentCall = (prompt: string, subagentType?: string) =>
  toolUse("Agent", {
    description: "Look into it",
    prompt,
    ...(subagentType === undefined ? {} : { subagent_type: subagentType }),
  });

/** Options of a run with the Agent tool. */
export interface AgentRunOptions {
  /** The parent's other tools (the subagent picks from these). */
  tools?: AnyTool[];
  abortController?: AbortController;
  /** Leave the subagent runner out of the context. */
  withoutRunner?: boolean;
  maxTurns?: number;
  /** The Agent tool's options (a background launcher, isolation). */
  agent?: AgentToolOptions;
  /** The agent types (default DEFINITIONS). */
  definitions?: readonly AgentDefinition[];
  /** The parent's working folder (default the process's). */
  cwd?: string;
  hooks?: ToolHooks;
}

/** Runs a scenario (in count order: parent turn, subagent turns, parent turn) with Agent. */
export function runWithAgent(turns: unknown[], options: AgentRunOptions = {}): Promise<LoopRun> {
  let agents = 0;
  const runner = (deps: QueryDeps) =>
    createSubagentRunner({
      queryDeps: deps,
      userContext: {},
      maxOutputTokens: () => 4_000,
      newAgentId: () => `agent-${++agents}`,
      now: () => 0,
      ...(options.maxTurns === undefined ? {} : { maxTurns: options.maxTurns }),
    });
  const definitions = options.definitions ?? DEFINITIONS;
  return runLoop(
    { turnMode: "count", turns },
    {
      tools: [createAgentTool(definitions, options.agent), ...(options.tools ?? [])],
      ...(options.abortController ? { abortController: options.abortController } : {}),
      ...(options.hooks ? { hooks: options.hooks } : {}),
      toolUseOptions: (deps) => ({
        ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
        agentDefinitions: definitions,
        ...(options.withoutRunner ? {} : { runSubagent: runner(deps) }),
      }),
    },
  );
}

/** The tool_result blocks the parent's run produced (not the subagent's, which are progress). */
export function parentToolResults(run: LoopRun): ToolResultBlock[] {
  return messagesOf(run)
    .filter((m): m is UserMessage => m.type === "user")
    .flatMap((m) => (Array.isArray(m.message.content) ? m.message.content : []))
    .filter((b): b is ToolResultBlock => b.type === "tool_result");
}

/** A tool result's text, blocks joined. */
export function resultText(block: ToolResultBlock): string {
  if (typeof block.content === "string") return block.content;
  return (block.content ?? []).map((b) => (b.type === "text" ? b.text : "")).join("\n");
}

/** The tool names a recorded request offered. */
export function requestToolNames(request: Record<string, unknown>): string[] {
  const tools = (request.tools ?? []) as Array<{ name: string }>;
  return tools.map((t) => t.name);
}

/** A recorded request's system prompt, as one text. */
export function requestSystem(request: Record<string, unknown>): string {
  const system = request.system;
  if (typeof system === "string") return system;
  return ((system ?? []) as Array<{ text: string }>).map((b) => b.text).join("\n");
}

/**
 * A subagent runner whose model replays `turns` in order (count mode), with no retries' sleep;
 * `maxTurns` as the session would give it when set.
 */
export function scriptedSubagentRunner(turns: unknown[], name: string, maxTurns?: number) {
  const provider = createScriptedProvider(parseScenario({ turnMode: "count", turns }, name));
  const callModel: CallModel = (request, signal, o) =>
    streamWithRetry(provider, request, signal, {
      sleep: async () => {},
      hasFallbackModel: o.hasFallbackModel,
    });
  const runner = createSubagentRunner({
    queryDeps: { callModel, ids: counterIds() },
    userContext: {},
    maxOutputTokens: () => 4_000,
    newAgentId: () => "agent-1",
    now: () => 0,
    ...(maxTurns === undefined ? {} : { maxTurns }),
  });
  return { provider, runner };
}
