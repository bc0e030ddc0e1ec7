import type { ModelRequest, RequestKind } from "../model/provider.js";
import { toolDefinitionOf } from "../model/tool-schema.js";
import type { ApiThinkingConfig, ToolDefinition } from "../protocol/api.js";
import { systemReminder, toApiMessages } from "../protocol/api-payload.js";
import type { Message, UserMessage } from "../protocol/messages.js";
import type { ToolUseContext } from "../tools/context.js";
import { deferredToolsNote } from "../tools/deferred-tool-notes.js";
import { unloadedDeferredTools } from "../tools/deferred-tools.js";
import type { AnyTool } from "../tools/tool.js";

const definitions = new WeakMap<AnyTool, ToolDefinition>();

/**
 * A tool's API definition, rendered once per tool object (schemas are stable in a session),
 * and again when its description changed (Agent's lists the agent types, re-read mid-session).
 */
function definitionOf(tool: AnyTool): ToolDefinition {
  let definition = definitions.get(tool);
  if (definition?.description !== tool.description) {
    definition = toolDefinitionOf(tool);
    definitions.set(tool, definition);
  }
  return definition;
}

/** The user context as the meta message the model sees first. */
function userContextMessage(
  userContext: Readonly<Record<string, string>>,
): UserMessage | undefined {
  const entries = Object.entries(userContext);
  if (entries.length === 0) return undefined;
  const body = entries.map(([key, value]) => `# ${key}\n${value}`).join("\n\n");
  return {
    type: "user",
    uuid: "user-context",
    timestamp: new Date(0).toISOString(),
    isMeta: true,
    message: {
      role: "user",
      content: systemReminder(
        `Context for this conversation (use it when it is relevant; do not comment on it otherwise):\n${body}`,
      ),
    },
  };
}

/** What one main-loop request is built from. */
interface RequestInputs {
  messages: readonly Message[];
  systemPrompt: string;
  userContext: Readonly<Record<string, string>>;
  context: ToolUseContext;
  maxTokens: number;
  kind: RequestKind;
}

/**
 * The tools sent with their definitions, and the system prompt: deferred tools the model has
 * not loaded are left out of the list and named in a section appended to the prompt.
 */
function toolsAndSystem(
  context: ToolUseContext,
  systemPrompt: string,
): { tools: readonly AnyTool[]; system: string } {
  const all = context.options.tools;
  const deferred = unloadedDeferredTools(context);
  if (deferred.length === 0) return { tools: all, system: systemPrompt };
  const note = deferredToolsNote(deferred.map((tool) => tool.name));
  return {
    tools: all.filter((tool) => !deferred.includes(tool)),
    system: systemPrompt ? `${systemPrompt}\n\n${note}` : note,
  };
}

/** The API's least thinking budget. */
const MIN_THINKING_BUDGET = 1024;

/**
 * A thinking budget the API takes with this max_tokens: it must stay below it (a budget of
 * MAX_THINKING_TOKENS=32000 with max_tokens 32000 would be refused), and at least 1024, so
 * with max_tokens too small for any budget thinking is turned off.
 */
export function fittedThinking(
  thinking: ApiThinkingConfig | undefined,
  maxTokens: number,
): ApiThinkingConfig | undefined {
  if (thinking?.type !== "enabled" || thinking.budget_tokens < maxTokens) return thinking;
  const budget = maxTokens - 1;
  return budget < MIN_THINKING_BUDGET
    ? { type: "disabled" }
    : { ...thinking, budget_tokens: budget };
}

/** The x-keel-agent name of a context's requests: a teammate's name, else a subagent's type. */
function agentOf(context: RequestInputs["context"]): { agent?: string } {
  const agent = context.agentName ?? context.agentType;
  return agent === undefined ? {} : { agent };
}

/** The Messages API request for one iteration of the loop. */
export function buildRequest(inputs: RequestInputs): ModelRequest {
  const contextMessage = userContextMessage(inputs.userContext);
  const messages = contextMessage ? [contextMessage, ...inputs.messages] : inputs.messages;
  const { tools, system } = toolsAndSystem(inputs.context, inputs.systemPrompt);
  const thinking = fittedThinking(inputs.context.options.thinking, inputs.maxTokens);
  return {
    model: inputs.context.options.mainLoopModel,
    system,
    messages: toApiMessages(messages),
    ...(tools.length > 0 ? { tools: tools.map(definitionOf) } : {}),
    maxTokens: inputs.maxTokens,
    ...(thinking ? { thinking } : {}),
    ...(inputs.context.options.effort ? { effort: inputs.context.options.effort } : {}),
    ...(inputs.context.options.taskBudget ? { taskBudget: inputs.context.options.taskBudget } : {}),
    ...(inputs.context.options.modelPinned ? { modelPinned: true } : {}),
    kind: inputs.kind,
    // A subagent's requests name it (its type; a teammate by its name), so a scripted model can
    // give it its own script.
    ...agentOf(inputs.context),
  };
}
