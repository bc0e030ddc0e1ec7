import type { ToolUseContext } from "../../tools/context.js";
import type { FileStateCache } from "../../tools/file-state-cache.js";
import { NO_TOOL_HOOKS } from "../../tools/hooks.js";
import type { SideModel } from "../../tools/side-model.js";
import type { SubagentRunner } from "../../tools/subagent.js";
import type { TeammateConversationFactory } from "../../tools/teammates.js";
import type { AnyTool } from "../../tools/tool.js";
import type { SdkResult } from "../sdk-messages.js";
import type { QueryEngineConfig } from "./config.js";
import { agentsOf } from "./config-agents.js";

/** The session state a turn's tools share. */
interface TurnContextInputs {
  config: QueryEngineConfig;
  tools: readonly AnyTool[];
  /** The tools at each tool boundary (MCP servers that connected mid-turn). */
  refreshTools?: () => readonly AnyTool[];
  abortController: AbortController;
  readFileState: FileStateCache;
  denials: SdkResult["permission_denials"];
  runSubagent: SubagentRunner;
  /** Opens teammates' conversations (used only when the session spawns teammates). */
  openTeammateConversation?: TeammateConversationFactory;
  loadedDeferredTools: Set<string>;
  /** The session's model for tools' own requests (WebFetch, WebSearch). */
  sideModel: SideModel;
}

/** The ToolUseContext of one turn: the session's tools, state and callbacks. */
export function turnToolUseContext(inputs: TurnContextInputs): ToolUseContext {
  const { config } = inputs;
  return {
    options: {
      tools: inputs.tools,
      mainLoopModel: config.userSpecifiedModel,
      ...(config.thinkingConfig ? { thinking: config.thinkingConfig } : {}),
      ...(config.effort ? { effort: config.effort } : {}),
      ...(config.taskBudget ? { taskBudget: config.taskBudget } : {}),
      commands: config.commands ?? [],
      agentDefinitions: agentsOf(config),
      runSubagent: inputs.runSubagent,
      ...(config.spawnTeammate ? { spawnTeammate: config.spawnTeammate } : {}),
      ...(config.stopTeammate ? { stopTeammate: config.stopTeammate } : {}),
      ...(inputs.openTeammateConversation
        ? { openTeammateConversation: inputs.openTeammateConversation }
        : {}),
      ...(inputs.refreshTools ? { refreshTools: inputs.refreshTools } : {}),
      isNonInteractiveSession: true,
      maxToolUseConcurrency: config.maxToolUseConcurrency ?? 10,
      cwd: config.cwd,
      additionalDirectories: config.additionalDirectories ?? [],
      ...(config.readDenial ? { readDenial: config.readDenial } : {}),
      sideModel: inputs.sideModel,
    },
    abortController: inputs.abortController,
    readFileState: inputs.readFileState,
    toolDecisions: new Map(),
    messages: [],
    loadedDeferredTools: inputs.loadedDeferredTools,
    canUseTool: config.canUseTool,
    onPermissionDenied: ({ toolName, toolUseId, input }) =>
      inputs.denials.push({ tool_name: toolName, tool_use_id: toolUseId, tool_input: input }),
    hooks: config.hooks?.tool ?? NO_TOOL_HOOKS,
    getAppState: () => config.getAppState(),
    setAppState: (update) => config.setAppState(update),
    setInProgressToolUseIds: () => {},
  };
}
