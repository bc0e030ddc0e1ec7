import { randomUUID } from "node:crypto";
import type { HookEventFields } from "../../hooks/hook-input.js";
import type { SkillShellCall } from "../repl/commands/command-prompt.js";

/**
 * PreSkillShellCommand's input for a !`command` about to run: the Bash call it would be, an id
 * of its own (it names no tool call in the transcript), and the command or skill holding it.
 */
export function skillShellInput(call: SkillShellCall): HookEventFields["PreSkillShellCommand"] {
  return {
    tool_name: "Bash",
    tool_input: { command: call.command },
    tool_use_id: `skillshell_${randomUUID()}`,
    command_name: call.commandName,
    command_source: call.commandSource,
    invoked_by: call.invokedBy,
  };
}
