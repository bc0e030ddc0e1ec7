import { loadSkills } from "../../config/skills/load-skills.js";
import { type SkillRoots, skillFolders } from "../../config/skills/skill-folders.js";
import type { UserCommand } from "../repl/commands/command-file.js";
import {
  type CommandFolder,
  commandFolders,
  type LoadedCommands,
  loadUserCommands,
} from "../repl/commands/user-commands.js";
import { skillCommand } from "./skill-command.js";
import { savedWorkflowCommands } from "./workflow-commands.js";

/** The session's commands and skills together, with the files that could not be used. */
export interface SlashCatalog extends LoadedCommands {
  /** The names of the skills among the commands (system/init's `skills`). */
  skillNames: string[];
}

/** Where a session's skills and commands come from (plugins bring both). */
export interface SlashRoots extends SkillRoots {
  pluginCommandFolders?: readonly CommandFolder[];
}

/** The folders the catalog is read from: the skill folders, then the command folders. */
export function slashFolders(roots: SlashRoots): string[] {
  return [...skillFolders(roots), ...commandFolders(roots)].map((folder) => folder.dir);
}

/**
 * Reads the skills, the `.claude/commands` files and the saved workflows. A skill wins over a
 * command of the same name (as in Claude Code), and either over a saved workflow; within
 * skills and commands the user's come before the project's, within workflows the project's.
 */
export async function loadSlashCatalog(
  roots: SlashRoots,
  sessionId: string,
): Promise<SlashCatalog> {
  const [skills, commands, workflows] = await Promise.all([
    loadSkills(skillFolders(roots)),
    loadUserCommands(commandFolders(roots)),
    savedWorkflowCommands(roots),
  ]);
  const fromSkills = skills.skills.map((skill) => skillCommand(skill, sessionId));
  const taken = new Set(fromSkills.map((command) => command.name));
  const own = commands.commands.filter((command) => !taken.has(command.name));
  for (const command of own) taken.add(command.name);
  const saved = workflows.commands.filter((command) => !taken.has(command.name));
  return {
    commands: [...fromSkills, ...own, ...saved],
    problems: [...skills.problems, ...commands.problems, ...workflows.problems],
    skillNames: fromSkills.map((command) => command.name),
  };
}

/** The commands a person may run as `/name` (not `user-invocable: false`). */
export function userInvocable(commands: readonly UserCommand[]): UserCommand[] {
  return commands.filter((command) => command.userInvocable !== false);
}

/** The commands the model may start with the Skill tool. */
export function modelInvocable(commands: readonly UserCommand[]): UserCommand[] {
  return commands.filter((command) => command.modelInvocable === true);
}
