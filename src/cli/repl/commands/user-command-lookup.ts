import { errorText } from "../error-text.js";
import type { ReplSession } from "../repl-controller.js";
import type { UserCommand } from "./command-file.js";
import type { LoadedCommands } from "./user-commands.js";

const NONE: LoadedCommands = { commands: [], problems: [] };

/** The session's user commands, read now; a failure to read reads as none, with the reason. */
export async function sessionCommands(session: ReplSession): Promise<LoadedCommands> {
  if (!session.userCommands) return NONE;
  try {
    return await session.userCommands();
  } catch (error) {
    return {
      commands: [],
      problems: [`the commands could not be read: ${errorText(error)}`],
    };
  }
}

/** The user command a slash command names (names are matched without case). */
export function findCommand(loaded: LoadedCommands, name: string): UserCommand | undefined {
  return loaded.commands.find((command) => command.name === name.toLowerCase());
}

/** The notice for command files that could not be used. */
export function problemsText(problems: readonly string[]): string {
  return [
    "Some commands or skills could not be loaded (.claude/commands, .claude/skills):",
    ...problems.map((p) => `  ${p}`),
  ].join("\n");
}
