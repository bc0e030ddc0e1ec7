import type { SharedTask } from "../../../task-list/task-file.js";
import { taskAssignment } from "../../../teams/protocol.js";
import type { TeamMailboxPort } from "../../../teams/runtime/team-ports.js";
import { safeName, TEAM_LEAD_NAME } from "../../../teams/team-names.js";
import type { ToolUseContext } from "../../context.js";

/** The team the task tools tell of assignments (agent teams on). */
export interface TaskListTeam {
  mailbox: Pick<TeamMailboxPort, "send">;
}

/** Who is calling a task tool: a teammate by its name, else the lead. */
export function callerName(context: ToolUseContext): string {
  return context.agentName ?? TEAM_LEAD_NAME;
}

/**
 * Tells a task's new owner of it with a `task_assignment` in its inbox (Claude Code's TaskUpdate
 * with teams on). Nobody is told of a task they took themselves. Returns why it could not be
 * delivered, if it could not.
 */
export async function notifyAssignment(
  team: TaskListTeam,
  task: SharedTask,
  owner: string,
  caller: string,
): Promise<string | undefined> {
  if (owner === caller) return undefined;
  try {
    const text = taskAssignment({
      taskId: task.id,
      subject: task.subject,
      description: task.description,
      assignedBy: caller,
    });
    await team.mailbox.send(safeName(owner), { from: caller, text });
    return undefined;
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return `task #${task.id} is ${owner}'s, but its task_assignment could not be delivered: ${why}`;
  }
}
