import { askSmallModel, smallModelFor } from "../hooks/ask-small-model.js";
import type { AskHookModel, CallHookMcpTool } from "../hooks/index.js";
import type { CallModel } from "../loop/params.js";
import { streamWithRetry } from "../model/retry.js";
import type { PermissionEngine } from "../policy/engine.js";
import { createHeadlessCanUseTool } from "../policy/headless.js";
import type { IdSource } from "../protocol/factories.js";
import { createHookAgent } from "../session/hook-agent.js";
import type { CliSessionInputs } from "./cli-session-types.js";
import type { SessionToolset } from "./session-toolset.js";

/** What prompt, agent and mcp_tool hooks ask. */
export interface HookRunners {
  ask: AskHookModel;
  askAgent: AskHookModel;
  callMcpTool: CallHookMcpTool;
}

/**
 * The session's answerers for hooks that are not commands: the small model (prompt hooks), a
 * read-only subagent on the same provider (agent hooks, with the session's permission rules
 * and no one to ask), and the session's MCP servers (mcp_tool hooks).
 */
export function sessionHookRunners(
  inputs: CliSessionInputs,
  parts: { toolset: SessionToolset; permissions: PermissionEngine; ids: IdSource },
): HookRunners {
  const { provider, model, retry } = inputs.model;
  const callModel: CallModel = (request, signal, options) =>
    streamWithRetry(provider, request, signal, {
      ...retry,
      hasFallbackModel: options.hasFallbackModel,
    });
  const { permissions, toolset } = parts;
  return {
    ask: askSmallModel(provider, model),
    askAgent: createHookAgent({
      callModel,
      ids: parts.ids,
      model: smallModelFor(provider, model),
      tools: toolset.refreshTools,
      cwd: inputs.io.cwd,
      additionalDirectories: permissions.workingFolders.filter((dir) => dir !== inputs.io.cwd),
      canUseTool: createHeadlessCanUseTool(permissions),
      readDenial: permissions.readDenial,
    }),
    callMcpTool: toolset.callMcpTool,
  };
}
