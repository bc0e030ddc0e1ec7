import { TEAM_LEAD_NAME } from "../team-names.js";

/**
 * What a teammate's system prompt adds to the session's (our words for Claude Code's
 * teammate addendum): no one sees its text output, so it talks through SendMessage by name.
 */
export function teammateAddendum(): string {
  return [
    "# Agent team",
    "You are a teammate in an agent team, working alongside a team lead and possibly other teammates.",
    'Nobody reads your text output: not the lead, not the other teammates, not the user. To tell someone something, call SendMessage with their name (the lead is "' +
      TEAM_LEAD_NAME +
      '"). Keep messages short and say what matters: results, questions, blockers.',
    "The user talks mainly to the lead. Work from the shared task list (TaskList, TaskGet, TaskUpdate) and from the messages you receive; when you have nothing left to do, end your turn and you will be woken by the next message or task.",
  ].join("\n");
}

/** The Team Coordination reminder a teammate starts with (Claude Code's fields). */
export function teamCoordinationReminder(fields: {
  name: string;
  teamFile: string;
  taskList: string;
}): string {
  return [
    "# Team Coordination",
    `You are a teammate in a team. Your name: ${fields.name}.`,
    `Team config: ${fields.teamFile}`,
    `Task list: ${fields.taskList}`,
    `Team lead: ${TEAM_LEAD_NAME}`,
    "Messages from your teammates arrive as <teammate-message> blocks. Claim unowned tasks by setting yourself as their owner with TaskUpdate, and mark them completed when done.",
  ].join("\n");
}
