import type { Attachment } from "../protocol/messages.js";
import { capClassifierContext } from "../tools/classifier-context.js";
import type {
  PostToolUseOutcome,
  PreToolUseOutcome,
  TeamHookEvent,
  TeamHookVerdict,
  ToolHooks,
} from "../tools/hooks.js";
import type { WorktreeCreateVerdict, WorktreeHooks } from "../worktree/agent-worktree.js";
import type { HookEngine } from "./engine.js";
import type { HookRunOutcome } from "./merge-results.js";

/** Context hooks added, as attachments for the model. */
function contextAttachments(outcome: HookRunOutcome): Attachment[] {
  return outcome.additionalContext.map(({ hookName, content }) => ({
    type: "hook_additional_context",
    hookName,
    content,
  }));
}

/** The PreToolUse verdict as the tool pipeline reads it. */
function toPreToolUseOutcome(outcome: HookRunOutcome): PreToolUseOutcome {
  const result: PreToolUseOutcome = { attachments: contextAttachments(outcome) };
  if (outcome.permission) result.permission = outcome.permission;
  if (outcome.updatedInput && outcome.permission?.behavior !== "deny") {
    result.updatedInput = outcome.updatedInput;
  }
  if (outcome.preventContinuation) result.preventContinuation = outcome.preventContinuation;
  return result;
}

/**
 * PostToolUse as the tool pipeline reads it: blocking feedback (exit 2, decision "block")
 * reaches the model next to the result, worded as Claude Code words it; a replacement output
 * is updatedToolOutput, or updatedMCPToolOutput for an MCP tool.
 */
function toPostToolUseOutcome(outcome: HookRunOutcome, toolName: string): PostToolUseOutcome {
  const feedback: Attachment[] = outcome.blockingErrors.map((e) => ({
    type: "system_reminder",
    content: `${e.hookName} hook blocking error from command: "${e.command}": ${e.message}`,
  }));
  const result: PostToolUseOutcome = { attachments: [...feedback, ...contextAttachments(outcome)] };
  if (outcome.preventContinuation) result.preventContinuation = outcome.preventContinuation;
  const mcp = toolName.startsWith("mcp__") ? outcome.updatedMCPToolOutput : undefined;
  const updatedOutput = outcome.updatedToolOutput ?? mcp;
  if (updatedOutput) result.updatedOutput = updatedOutput;
  // A hook's assertion about its own rewrite goes when another hook's rewrite wins.
  const asserted = outcome.results.flatMap((r) => {
    const rewrite = r.updatedToolOutput ?? (mcp ? r.updatedMCPToolOutput : undefined);
    const stands = rewrite === undefined || rewrite === updatedOutput;
    return r.classifierContext !== undefined && stands ? [r.classifierContext] : [];
  });
  const classifierContext = capClassifierContext(asserted);
  if (classifierContext !== undefined) result.classifierContext = classifierContext;
  return result;
}

/**
 * The engine as the tool pipeline's ToolHooks (the tool events, and CwdChanged after Bash);
 * `watch` takes the files CwdChanged hooks ask FileChanged hooks to watch.
 */
export function toolHooks(
  engine: HookEngine,
  watch: (paths: string[]) => void = () => {},
): ToolHooks {
  return {
    async preToolUse(tool, input, toolUseId, signal) {
      const event = { tool_name: tool.name, tool_input: input, tool_use_id: toolUseId };
      return toPreToolUseOutcome(await engine.run("PreToolUse", event, signal));
    },
    async postToolUse(tool, input, toolUseId, response, signal) {
      const event = {
        tool_name: tool.name,
        tool_input: input,
        tool_response: response,
        tool_use_id: toolUseId,
      };
      return toPostToolUseOutcome(await engine.run("PostToolUse", event, signal), tool.name);
    },
    async postToolUseFailure(tool, input, toolUseId, failure, signal) {
      const event = {
        tool_name: tool.name,
        tool_input: input,
        tool_use_id: toolUseId,
        error: failure.error,
        is_interrupt: failure.isInterrupt,
      };
      return toPostToolUseOutcome(await engine.run("PostToolUseFailure", event, signal), tool.name);
    },
    async cwdChanged(oldCwd, newCwd, signal) {
      // keel keeps no CLAUDE_ENV_FILE: what counts is the files hooks ask to watch.
      watch(
        (await engine.run("CwdChanged", { old_cwd: oldCwd, new_cwd: newCwd }, signal)).watchPaths,
      );
    },
    async taskEvent(event, task, signal) {
      const outcome = await engine.run(event, task, signal);
      const [first] = outcome.blockingErrors;
      return first ? { blocked: first.message } : {};
    },
    teamEvent: (event, signal) => teamHookVerdict(engine, event, signal),
    worktree: worktreeHooks(engine),
  };
}

/** A teammate's turn-end hooks: a stop wins over feedback; feedback joins every block's text. */
async function teamHookVerdict(
  engine: HookEngine,
  event: TeamHookEvent,
  signal: AbortSignal,
): Promise<TeamHookVerdict> {
  const outcome =
    event.event === "TeammateIdle"
      ? await engine.run("TeammateIdle", event.input, signal)
      : await engine.run("TaskCompleted", event.input, signal);
  if (outcome.preventContinuation) return { stop: outcome.preventContinuation.reason };
  if (outcome.blockingErrors.length === 0) return {};
  return { feedback: outcome.blockingErrors.map((e) => e.message).join("\n") };
}

/**
 * WorktreeCreate and WorktreeRemove: a configured WorktreeCreate hook makes the worktree in
 * git's place and must give its path; any failure of one stops the worktree. WorktreeRemove
 * is side effects only.
 */
function worktreeHooks(engine: HookEngine): WorktreeHooks {
  return {
    async create(name, signal): Promise<WorktreeCreateVerdict> {
      const outcome = await engine.run("WorktreeCreate", { name }, signal);
      if (outcome.ran === 0) return { kind: "none" };
      const [failure] = outcome.blockingErrors;
      if (failure) return { kind: "failed", message: failure.message };
      if (outcome.worktreePath) return { kind: "path", path: outcome.worktreePath };
      const notices = outcome.results.flatMap((r) => r.notices.map((notice) => notice.message));
      const why = notices.length > 0 ? `: ${notices.join("; ")}` : "";
      return { kind: "failed", message: `no hook gave the worktree's path${why}` };
    },
    async remove(path, signal) {
      await engine.run("WorktreeRemove", { worktree_path: path }, signal);
    },
  };
}
