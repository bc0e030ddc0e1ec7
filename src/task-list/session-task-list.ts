import { join } from "node:path";
import { envFlag } from "../config/env-flag.js";
import { TaskListStore } from "./task-list-store.js";

/** A list id as a folder name (Claude Code's rule: anything but letters, digits, `_`, `-` is `-`). */
function folderName(listId: string): string {
  return listId.replace(/[^a-zA-Z0-9_-]/g, "-");
}

/**
 * The session's shared task list, when the task tools are on (`CLAUDE_CODE_ENABLE_TASKS`, or
 * agent teams with `CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS`): `KEEL_CONFIG_DIR/task-lists/<list>/`,
 * the list being `CLAUDE_CODE_TASK_LIST_ID` (so several sessions can share one) or the session.
 */
export function sessionTaskList(
  env: Readonly<Record<string, string | undefined>>,
  stateDir: string,
  sessionId: string,
  /** Agent teams are on (teamsEnabled: the variable, or keel's `teams` setting). */
  teams = false,
): TaskListStore | undefined {
  const on =
    teams ||
    envFlag(env.CLAUDE_CODE_ENABLE_TASKS) ||
    envFlag(env.CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS);
  if (!on) return undefined;
  const listId = env.CLAUDE_CODE_TASK_LIST_ID?.trim() || sessionId;
  return new TaskListStore(join(stateDir, "task-lists", folderName(listId)));
}
