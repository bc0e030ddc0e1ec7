import { randomUUID } from "node:crypto";
import type { ContextUsage } from "../../context/usage/context-usage.js";
import { usageMarkdown } from "../../context/usage/usage-text.js";
import { SYNTHETIC_MODEL } from "../../protocol/factories.js";
import { emptyUsage } from "../../protocol/usage.js";
import type {
  SdkAssistantMessage,
  SdkContextUsage,
  SdkMessage,
  SdkResult,
} from "../../session/sdk-messages.js";
import type { CliSession } from "../cli-session-types.js";
import { contextReport } from "./context-report.js";
import { refusedResult } from "./refused-result.js";

/** The report as the Agent SDK's `context_usage` carries it. */
function sdkContextUsage(usage: ContextUsage): SdkContextUsage {
  const over = usage.totalTokens - usage.windowTokens;
  return {
    model: usage.model,
    total_tokens: usage.totalTokens,
    raw_max_tokens: usage.windowTokens,
    percentage: usage.percentage,
    ...(over > 0 ? { over_limit: { tokens_over: over, kind: "hard_limit" as const } } : {}),
    categories: usage.categories.map(({ name, tokens, kind }) => ({ name, tokens, kind })),
    mcp_tools: usage.mcpTools.map((t) => ({
      name: t.name,
      server_name: t.serverName,
      tokens: t.tokens,
    })),
    memory_files: [],
    agents: usage.agents.map((a) => ({
      agent_type: a.agentType,
      source: a.source,
      tokens: a.tokens,
    })),
  };
}

/** The synthetic assistant message that carries the report (Claude Code's shape in `-p`). */
function reportMessage(text: string, usage: ContextUsage, sessionId: string): SdkAssistantMessage {
  return {
    type: "assistant",
    message: {
      id: randomUUID(),
      type: "message",
      role: "assistant",
      model: SYNTHETIC_MODEL,
      content: [{ type: "text", text }],
      stop_reason: "end_turn",
      stop_sequence: null,
      usage: emptyUsage(),
    },
    parent_tool_use_id: null,
    session_id: sessionId,
    uuid: randomUUID(),
    context_usage: sdkContextUsage(usage),
  };
}

/**
 * `/context` without a person: the report as markdown, on a synthetic assistant message with
 * its data (`context_usage`), then a result carrying the same text. Nothing is sent to the model
 * but the count; `result` makes the result of the text.
 */
export async function* contextCommandMessages(
  session: CliSession,
  result: (text: string) => SdkResult,
): AsyncGenerator<SdkMessage, void, undefined> {
  let usage: ContextUsage;
  try {
    usage = await contextReport({
      engine: session.engine,
      agents: session.agents.list(),
      env: process.env,
      signal: new AbortController().signal,
    });
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    yield refusedResult(`/context failed: ${why}`, session.engine.sessionId);
    return;
  }
  const text = usageMarkdown(usage);
  yield reportMessage(text, usage, session.engine.sessionId);
  yield result(text);
}
