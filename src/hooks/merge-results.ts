import type { HookEvent } from "./events.js";
import type { ElicitationAnswer, HookPermission, HookResult } from "./hook-result.js";

/** Everything the hooks of one event run said, merged. */
export interface HookRunOutcome {
  event: HookEvent;
  /** How many hooks ran (after matching and dedup). */
  ran: number;
  /** Each hook's own result, in configuration order. */
  results: HookResult[];
  /** The strongest verdict: deny over ask over allow (PreToolUse only). */
  permission?: HookPermission;
  updatedInput?: Record<string, unknown>;
  blockingErrors: Array<{ hookName: string; command: string; message: string }>;
  additionalContext: Array<{ hookName: string; content: string }>;
  /** The first `continue: false`. */
  preventContinuation?: { hookName: string; reason: string };
  /** Elicitation / ElicitationResult: the first answer a hook gave (configuration order). */
  elicitation?: ElicitationAnswer;
  /** MessageDisplay: the first replacement text a hook gave. */
  displayContent?: string;
  /** PostToolUse: the last replacement output (configuration order), as a later rewrite wins. */
  updatedToolOutput?: { value: unknown };
  updatedMCPToolOutput?: { value: unknown };
  /** WorktreeCreate: the first folder a hook made. */
  worktreePath?: string;
  /** SessionStart / UserPromptSubmit: the last title a hook gave (configuration order). */
  sessionTitle?: string;
  /** SessionStart / CwdChanged / FileChanged: every hook's watchPaths, together. */
  watchPaths: string[];
  /** SessionStart: some hook asked for the skills to be read again. */
  reloadSkills?: true;
}

const RANK: Record<HookPermission["behavior"], number> = { allow: 1, ask: 2, deny: 3 };

/**
 * Merges parallel hooks' results (in configuration order, so the merge does not depend on
 * which finished first): any deny wins over ask over allow; the first updatedInput and the
 * first continue:false count; blocking errors and context are collected.
 */
export function mergeHookResults(event: HookEvent, results: HookResult[]): HookRunOutcome {
  const outcome: HookRunOutcome = {
    event,
    ran: results.length,
    results,
    blockingErrors: [],
    additionalContext: [],
    watchPaths: [],
  };
  for (const r of results) {
    const current = outcome.permission;
    if (r.permission && (!current || RANK[r.permission.behavior] > RANK[current.behavior])) {
      outcome.permission = r.permission;
    }
    if (r.updatedInput && outcome.updatedInput === undefined) outcome.updatedInput = r.updatedInput;
    outcome.elicitation ??= r.elicitation;
    outcome.displayContent ??= r.displayContent;
    if (r.updatedToolOutput) outcome.updatedToolOutput = r.updatedToolOutput;
    if (r.updatedMCPToolOutput) outcome.updatedMCPToolOutput = r.updatedMCPToolOutput;
    if (r.worktreePath && outcome.worktreePath === undefined) outcome.worktreePath = r.worktreePath;
    // As several renames in a row: the last one holds.
    if (r.sessionTitle !== undefined) outcome.sessionTitle = r.sessionTitle;
    outcome.watchPaths.push(...(r.watchPaths ?? []));
    if (r.reloadSkills) outcome.reloadSkills = true;
    if (r.blocking !== undefined) {
      outcome.blockingErrors.push({
        hookName: r.hookName,
        command: r.command,
        message: r.blocking,
      });
    }
    for (const content of r.additionalContext) {
      outcome.additionalContext.push({ hookName: r.hookName, content });
    }
    if (r.preventContinuation !== undefined && outcome.preventContinuation === undefined) {
      outcome.preventContinuation = { hookName: r.hookName, reason: r.preventContinuation };
    }
  }
  return outcome;
}
