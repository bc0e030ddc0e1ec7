import type { SharedTask } from "../../task-list/task-file.js";
import { TEAM_LEAD_NAME } from "../team-names.js";
import type { TeamInboxMessage } from "./team-ports.js";

/**
 * Which unread message an idle teammate takes next (task-types.md §1.6): a shutdown request
 * first, whoever sent it; then the first message from the lead; then the first of any. One at
 * a time, so each becomes one turn. Returns its index, or undefined when there is none.
 */
export function pickNextMessage(
  unread: readonly TeamInboxMessage[],
  isShutdownRequest: (message: TeamInboxMessage) => boolean,
): number | undefined {
  const shutdown = unread.findIndex(isShutdownRequest);
  if (shutdown >= 0) return shutdown;
  const fromLead = unread.findIndex((message) => message.from === TEAM_LEAD_NAME);
  if (fromLead >= 0) return fromLead;
  return unread.length > 0 ? 0 : undefined;
}

/**
 * The tasks an idle teammate may claim, best first: pending, no owner, every blocker completed
 * (a blocker that no longer exists does not block), by lowest id.
 */
export function claimableTasks(tasks: readonly SharedTask[]): SharedTask[] {
  const done = new Set(tasks.filter((task) => task.status === "completed").map((task) => task.id));
  const known = new Set(tasks.map((task) => task.id));
  return tasks
    .filter((task) => task.status === "pending" && task.owner === undefined)
    .filter((task) => task.blockedBy.every((id) => done.has(id) || !known.has(id)))
    .sort((a, b) => Number(a.id) - Number(b.id));
}

/** The prompt of a claimed task's turn (Claude Code's opening words). */
export function claimedTaskPrompt(task: Pick<SharedTask, "id" | "subject">): string {
  return `Complete all open tasks. Start with task #${task.id}: "${task.subject}". Read it with TaskGet, mark it completed with TaskUpdate when it is done, then check TaskList for the next one.`;
}
