import { join } from "node:path";

/** The state folder's subfolder of git worktrees (contracts §3): working copies, not state. */
export const WORKTREES = "worktrees";

/** Where keel keeps git worktrees. */
export function worktreesRoot(stateDir: string): string {
  return join(stateDir, WORKTREES);
}
