import type { AgentDefinition } from "../../../config/agent-definition.js";
import type { ToolResultBlock } from "../../../protocol/content.js";
import { emptyUsage } from "../../../protocol/usage.js";
import type { PermissionMode, ToolCallContext } from "../../context.js";
import { type AgentInput, type AgentOutput, DEFAULT_SUBAGENT_TYPE } from "./schema.js";

/** A subagent sent to keel's remote workers (`isolation: "remote"`). */
export interface RemoteAgentRequest {
  description: string;
  prompt: string;
  /** The repository the task is submitted from: the session's working folder. */
  cwd: string;
  /** The session's mode: the remote session runs in it or lower (the worker's ceiling). */
  permissionMode: PermissionMode;
  /** The call's model alias; left out, the worker's own default model. */
  model?: string;
}

/** The remote task a subagent became. */
export interface RemoteAgentHandle {
  taskId: string;
  /** The branch its work will be pushed to. */
  branch: string;
}

/**
 * Submits a subagent as a remote task (as `keel --remote` does) and returns at once; its end
 * reaches the model later, as a task notification. Throws when it cannot be submitted (no
 * Redis configured, Redis unreachable, a bundle over the cap).
 */
export type RemoteAgentLauncher = (request: RemoteAgentRequest) => Promise<RemoteAgentHandle>;

/**
 * Why a remote call cannot be made with this agent type, or undefined when it can: a worker
 * runs an ordinary keel session, which is the general-purpose agent.
 */
export function remoteAgentRefusal(
  isolation: AgentInput["isolation"],
  definition: Pick<AgentDefinition, "name">,
): string | undefined {
  if (isolation !== "remote" || definition.name === DEFAULT_SUBAGENT_TYPE) return undefined;
  return `isolation: "remote" runs a ${DEFAULT_SUBAGENT_TYPE} keel session on a worker; agent type "${definition.name}" cannot be sent there.`;
}

/** Submits the call's agent to the remote workers; the output names the task it became. */
export async function startRemoteAgent(
  input: Pick<AgentInput, "description" | "prompt" | "model">,
  context: ToolCallContext,
  launch: RemoteAgentLauncher,
): Promise<AgentOutput> {
  const remote = await launch({
    description: input.description,
    prompt: input.prompt,
    cwd: context.options.cwd,
    permissionMode: context.getAppState().permissionMode,
    ...(input.model === undefined ? {} : { model: input.model }),
  });
  return {
    agentType: DEFAULT_SUBAGENT_TYPE,
    text: "",
    isError: false,
    turns: 0,
    usage: emptyUsage(),
    terminalReason: "remote",
    remote,
  };
}

/** What the model is told of an agent sent to the remote workers. */
export function remoteLaunchedResult(
  remote: RemoteAgentHandle,
  toolUseId: string,
): ToolResultBlock {
  const text = [
    `The agent was sent to keel's remote workers as task ${remote.taskId} (kind remote_agent); it runs in the background and you will be notified when it ends.`,
    `Its work will be pushed to branch ${remote.branch} (or kept as a patch when it cannot be pushed). The user can follow it with keel logs ${remote.taskId} -f, and keel attach ${remote.taskId} brings its work here.`,
  ].join("\n");
  return { type: "tool_result", tool_use_id: toolUseId, content: [{ type: "text", text }] };
}
