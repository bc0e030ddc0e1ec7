import { isWithinFolder } from "../tools/builtin/file-paths.js";
import type { ToolUseContext } from "../tools/context.js";
import { worktreesRoot } from "../worktree/worktrees-folder.js";
import type { DecisionSteps } from "./decide.js";

/**
 * The decision steps for a call of a subagent that works in a folder of its own (an isolated
 * worktree; only keel, or a WorktreeCreate hook the person configured, sets a subagent's
 * folder): relative paths in its calls are judged from that folder, where its tools resolve
 * them. A worktree keel keeps under the state folder's worktrees/ is also a working folder,
 * as the session's folder is for the session's own calls; a folder a hook made elsewhere is
 * not. Any other call's steps are left as they are.
 */
export function withAgentWorktree(steps: DecisionSteps, context: ToolUseContext): DecisionSteps {
  const cwd = context.options.cwd;
  if (context.agentId === undefined || cwd === steps.cwd) return steps;
  const judged = { ...steps, cwd };
  const root = worktreesRoot(steps.stateDir);
  const keelsWorktree = cwd !== root && isWithinFolder(cwd, root);
  if (!keelsWorktree || steps.workingFolders.includes(cwd)) return judged;
  return {
    ...judged,
    workingFolders: [...steps.workingFolders, cwd],
    readableFolders: [...steps.readableFolders, cwd],
  };
}
