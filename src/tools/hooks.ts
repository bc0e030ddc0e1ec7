import type { Attachment } from "../protocol/messages.js";
import type { WorktreeHooks } from "../worktree/agent-worktree.js";
import type { AnyTool } from "./tool.js";

/** What PreToolUse hooks decided about a call. */
export interface PreToolUseOutcome {
  /** A hook's permission decision, if any hook made one. */
  permission?: { behavior: "allow" | "deny" | "ask"; reason?: string };
  /** A hook rewrote the input. */
  updatedInput?: Record<string, unknown>;
  /** A hook said `continue: false`: the turn ends after this batch. */
  preventContinuation?: { reason: string; hookName: string };
  /** Context hooks added for the model. */
  attachments: Attachment[];
}

/** What PostToolUse hooks reported after a call. */
export interface PostToolUseOutcome {
  preventContinuation?: { reason: string; hookName: string };
  /** PostToolUse: a hook's replacement for the output the model sees (updatedToolOutput). */
  updatedOutput?: { value: unknown };
  /** PostToolUse: host context the auto mode's classifier reads with this result (capped). */
  classifierContext?: string;
  attachments: Attachment[];
}

/**
 * The hook engine as the tool pipeline sees it (the policy layer implements it with shell
 * commands and SDK callbacks). Hooks never throw: a failing hook is reported, not fatal.
 */
export interface ToolHooks {
  preToolUse(
    tool: AnyTool,
    input: Record<string, unknown>,
    toolUseId: string,
    signal: AbortSignal,
  ): Promise<PreToolUseOutcome>;
  postToolUse(
    tool: AnyTool,
    input: Record<string, unknown>,
    toolUseId: string,
    response: unknown,
    signal: AbortSignal,
  ): Promise<PostToolUseOutcome>;
  /** PostToolUseFailure: a call that threw (its error text, and whether an interrupt did it). */
  postToolUseFailure?(
    tool: AnyTool,
    input: Record<string, unknown>,
    toolUseId: string,
    failure: { error: string; isInterrupt: boolean },
    signal: AbortSignal,
  ): Promise<PostToolUseOutcome>;
  /** CwdChanged: a command left the shell in another folder, where the next one starts. */
  cwdChanged?(oldCwd: string, newCwd: string, signal: AbortSignal): Promise<void>;
  /** TaskCreated / TaskCompleted: a blocking hook's reason refuses the change. */
  taskEvent?(
    event: "TaskCreated" | "TaskCompleted",
    task: {
      task_id: string;
      task_subject: string;
      task_description?: string;
      /** Set when a teammate (agent teams) made the change. */
      teammate_name?: string;
      team_name?: string;
    },
    signal: AbortSignal,
  ): Promise<{ blocked?: string }>;
  /**
   * A teammate's turn ended (agent teams): TaskCompleted for each task it still has in
   * progress, then TeammateIdle. `feedback` (exit 2, a block) keeps it working with that text;
   * `stop` (`continue: false`) stops it.
   */
  teamEvent?(event: TeamHookEvent, signal: AbortSignal): Promise<TeamHookVerdict>;
  /** WorktreeCreate / WorktreeRemove around an agent's worktree (`isolation: "worktree"`). */
  worktree?: WorktreeHooks;
}

/** A teammate's turn-end hook event, with its input fields. */
export type TeamHookEvent =
  | { event: "TeammateIdle"; input: { teammate_name: string; team_name: string } }
  | {
      event: "TaskCompleted";
      input: {
        task_id: string;
        task_subject: string;
        task_description?: string;
        teammate_name: string;
        team_name: string;
      };
    };

/** What a teammate's turn-end hooks said. */
export interface TeamHookVerdict {
  /** Fed back to the teammate, which keeps working (exit 2, decision "block"). */
  feedback?: string;
  /** The teammate stops (`continue: false`), for this reason. */
  stop?: string;
}

/** Hooks that do nothing (no hooks configured). */
export const NO_TOOL_HOOKS: ToolHooks = {
  preToolUse: async () => ({ attachments: [] }),
  postToolUse: async () => ({ attachments: [] }),
};
