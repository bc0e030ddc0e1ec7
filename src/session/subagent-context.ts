import type { AgentDefinition } from "../config/agent-definition.js";
import { agentAllowsTool } from "../config/agent-tools.js";
import { resolveModelAlias } from "../model/catalog.js";
import { AGENT_TOOL_NAME } from "../tools/builtin/agent/agent-tool.js";
import { WORKFLOW_TOOL_NAME } from "../tools/builtin/workflow/schema.js";
import type { PermissionMode, ToolUseContext } from "../tools/context.js";
import { FileStateCache } from "../tools/file-state-cache.js";
import type { AnyTool } from "../tools/tool.js";

/** The model a subagent runs on: its definition's (aliases resolved), else the parent's. */
export function subagentModel(definition: AgentDefinition, parentModel: string): string {
  const model = definition.model;
  return model === undefined || model === "inherit" ? parentModel : resolveModelAlias(model);
}

/**
 * The tools a subagent gets: the parent's, narrowed to the definition's list (by name or
 * alias) when it has one, without its disallowedTools, and never the Agent or Workflow tool,
 * so subagents do not start subagents (nor workflows of them).
 */
export function subagentTools(
  definition: AgentDefinition,
  parentTools: readonly AnyTool[],
): AnyTool[] {
  return parentTools.filter(
    (tool) =>
      tool.name !== AGENT_TOOL_NAME &&
      tool.name !== WORKFLOW_TOOL_NAME &&
      agentAllowsTool(definition, tool),
  );
}

/** Who the subagent is and what it runs with. */
export interface SubagentIdentity {
  definition: AgentDefinition;
  agentId: string;
  model: string;
  abortController: AbortController;
  /** Its tools' mode when not the session's (a workflow's agents run in acceptEdits). */
  permissionMode?: PermissionMode;
}

/**
 * A fresh context for a subagent: its own tools, model, abort controller, an empty
 * readFileState (it has not read anything yet, as in Claude Code), no thinking and its
 * definition's effort, never the parent's; the parent's permissions, hooks and app
 * state. It never touches the parent's in-progress set.
 */
export function subagentContext(parent: ToolUseContext, who: SubagentIdentity): ToolUseContext {
  const {
    thinking: _disabled,
    effort: _thinkingsToo,
    refreshTools: _parentsOwn,
    ...options
  } = parent.options;
  return {
    options: {
      ...options,
      tools: subagentTools(who.definition, parent.options.tools),
      mainLoopModel: who.model,
      ...(who.definition.effort ? { effort: who.definition.effort } : {}),
    },
    abortController: who.abortController,
    readFileState: new FileStateCache(),
    toolDecisions: new Map(),
    agentId: who.agentId,
    agentType: who.definition.name,
    ...(parent.queryTracking ? { queryTracking: parent.queryTracking } : {}),
    messages: [],
    canUseTool: parent.canUseTool,
    hooks: parent.hooks,
    getAppState: () => {
      const state = parent.getAppState();
      return who.permissionMode ? { ...state, permissionMode: who.permissionMode } : state;
    },
    setAppState: (update) => parent.setAppState(update),
    setInProgressToolUseIds: () => {},
    ...(parent.addNotification ? { addNotification: parent.addNotification } : {}),
  };
}
