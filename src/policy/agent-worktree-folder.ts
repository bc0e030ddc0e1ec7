import { isWithinFolder } from "../tools/builtin/file-paths.js";
import type { ToolUseContext } from "../tools/context.js";
import { worktreesRoot } from "../worktree/worktrees-folder.js";
import type { DecisionSteps } from "./decide.js";

/**
 * The decision steps for a call of a subagent isolated in a worktree (keel put it under the
 * state folder's worktrees/ and made it the agent's working folder): relative paths in its
 * calls are judged from the worktree, where its tools resolve them, and the worktree is a
 * working folder, as the session's folder is for the session's own calls. Any other call's
 * steps are left as they are.
 */
export function withAgentWorktree(steps: DecisionSteps, context: ToolUseContext): DecisionSteps {
  const cwd = context.options.cwd;
  if (context.agentId === undefined || steps.workingFolders.includes(cwd)) return steps;
  const root = worktreesRoot(steps.stateDir);
  if (cwd === root || !isWithinFolder(cwd, root)) return steps;
  return {
    ...steps,
    cwd,
    workingFolders: [...steps.workingFolders, cwd],
    readableFolders: [...steps.readableFolders, cwd],
  };
}
