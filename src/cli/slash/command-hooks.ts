import type { HooksConfig } from "../../hooks/config.js";
import type { HookedCommand } from "../../hooks/skill-scoped-hooks.js";
import type { ToolHooks } from "../../tools/hooks.js";
import type { UserCommand } from "../repl/commands/command-file.js";
import type { SessionHooks } from "../session-hooks.js";

/** The session's skill hooks, as commands and skills put theirs in force. */
export interface CommandHooks {
  /** An invoked command's hooks, in force for the rest of the session. */
  add(command: HookedCommand): void;
  /** Its hooks as they may run, not put in force (a forked skill's subagent gets them). */
  checked(command: HookedCommand): HooksConfig | undefined;
  /** Its tool hooks for the subagent that started it, for that run only (undefined: none). */
  forSubagent(command: HookedCommand): ToolHooks | undefined;
}

/**
 * A command's or skill's hooks as the session takes them; undefined when it declares none. A
 * project's (or an added folder's) wait for folder trust, as its !`command` lines do.
 */
export function hookedCommand(command: UserCommand): HookedCommand | undefined {
  if (command.hooks === undefined) return undefined;
  return {
    name: command.name,
    file: command.file,
    hooks: command.hooks,
    fromProject: command.scope.startsWith("project"),
  };
}

/**
 * Where commands' hooks go in a session: its skill hooks, and for a skill a subagent started,
 * the agent hooks (its hooks as an agent's own, for that run only). The session's hooks are
 * made after its commands, so they are looked up when a command needs them.
 */
export function commandHooksFrom(
  hooks: () => Pick<SessionHooks, "skills" | "engine">,
): CommandHooks {
  return {
    add: (command) => hooks().skills?.add(command),
    checked: (command) => hooks().skills?.checked(command),
    forSubagent: (command) => {
      const { skills, engine } = hooks();
      const config = skills?.checked(command);
      return config && engine.forAgent?.(config, command.file)?.tool;
    },
  };
}
