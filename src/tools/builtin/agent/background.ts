import type { AgentContinuation, AgentProgress, SubagentRunResult } from "../../subagent.js";

/** A subagent to run in the background: what it is, and how to run it once started. */
export interface BackgroundAgentRequest {
  description: string;
  prompt: string;
  agentType: string;
  /** The name the Agent call gave it, shown with its task. */
  name?: string;
  /**
   * Runs the subagent to its end; aborting `signal` stops it. A named agent is run again with
   * a `continuation` (and `prompt`, the message it is continued with) when SendMessage resumes it.
   */
  run(
    signal: AbortSignal,
    onProgress: (progress: AgentProgress) => void,
    continuation?: AgentContinuation,
    prompt?: string,
  ): Promise<SubagentRunResult>;
}

/** The task a background subagent became. */
export interface BackgroundAgentHandle {
  taskId: string;
  outputFile: string;
}

/**
 * Starts a subagent without waiting for it (the session's task registry implements it); its
 * end reaches the model later, as a task notification.
 */
export type BackgroundAgentLauncher = (
  request: BackgroundAgentRequest,
) => Promise<BackgroundAgentHandle>;
