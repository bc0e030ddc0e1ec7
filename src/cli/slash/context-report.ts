import type { AgentDefinition } from "../../config/agent-definition.js";
import { contextLimits, contextSettingsFromEnv } from "../../context/limits.js";
import {
  type ContextUsage,
  contextUsage,
  itemShares,
  type ListedAgent,
  requestShares,
} from "../../context/usage/context-usage.js";
import type { ModelRequest } from "../../model/provider.js";
import type { QueryEngine } from "../../session/engine/query-engine.js";
import { AGENT_TOOL_NAME } from "../../tools/builtin/agent/agent-tool.js";
import { agentLine } from "../../tools/builtin/agent/description.js";

/** What `/context` reads of a session. */
interface ContextReportInputs {
  engine: Pick<QueryEngine, "nextRequest" | "countTokens">;
  /** The agent types the Agent tool lists (the user's own ones are "Custom agents"). */
  agents: readonly AgentDefinition[];
  /** KEEL_CONTEXT_WINDOW and DISABLE_AUTO_COMPACT, as the session's compaction reads them. */
  env: Readonly<Record<string, string | undefined>>;
  signal: AbortSignal;
}

/**
 * keel's estimate where the backend cannot count: characters ÷ 4 of the system prompt,
 * messages and tools as sent (the scripted model's and Claude Code's rough measure).
 */
function estimateRequestTokens(request: ModelRequest): number {
  const text = JSON.stringify([request.system ?? "", request.messages, request.tools ?? []]);
  return Math.max(1, Math.ceil(text.length / 4));
}

/** Claude Code's name for where an agent came from. */
const SOURCE_NAMES = {
  project: "projectSettings",
  user: "userSettings",
  plugin: "plugin",
  sdk: "sdk",
  flagSettings: "flagSettings",
} as const;

/** A user's own agent as the report lists it; none for keel's built-in ones. */
function listedAgent(definition: AgentDefinition): ListedAgent[] {
  const { source } = definition;
  if (source.kind === "built-in") return [];
  const line = agentLine(definition);
  return [{ agentType: definition.name, source: SOURCE_NAMES[source.kind], line }];
}

async function counted(inputs: ContextReportInputs, request: ModelRequest) {
  const count = inputs.engine.countTokens(request, inputs.signal);
  if (count === undefined)
    return { tokens: estimateRequestTokens(request), by: "estimate" as const };
  return { tokens: await count, by: "api" as const };
}

/**
 * The `/context` report of a session: the request its next turn opens with, counted by the
 * backend (estimated where it has no count), shared out by category.
 */
export async function contextReport(inputs: ContextReportInputs): Promise<ContextUsage> {
  const next = await inputs.engine.nextRequest();
  const { request } = next;
  const total = await counted(inputs, request);
  const settings = contextSettingsFromEnv(inputs.env);
  const limits = contextLimits(
    request.model,
    settings.windowOverride === undefined ? {} : { windowOverride: settings.windowOverride },
  );
  const listsAgents = request.tools?.some((tool) => tool.name === AGENT_TOOL_NAME) ?? false;
  const custom = listsAgents ? inputs.agents.flatMap(listedAgent) : [];
  const parts = {
    memoryText: next.memoryText,
    skillListings: next.skillListings,
    customAgents: custom,
  };
  return contextUsage({
    model: request.model,
    totalTokens: total.tokens,
    counted: total.by,
    windowTokens: limits.window,
    bufferTokens: settings.autoCompactDisabled ? 0 : limits.window - limits.autocompactThreshold,
    shares: requestShares(request, parts),
    items: itemShares(request, parts),
  });
}
