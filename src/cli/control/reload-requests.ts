import type { UserCommand } from "../repl/commands/command-file.js";
import type { SlashCatalog } from "../slash/slash-catalog.js";
import type { Answer, HostHandlers, HostTargets } from "./host-handler.js";
import type { SdkSlashCommand } from "./initialize-response.js";

/** One skill as the SDK's `SlashCommand` has it. */
function slashCommandOf(command: UserCommand): SdkSlashCommand {
  return {
    name: command.name,
    description: command.description ?? command.body.split("\n")[0] ?? "",
    argumentHint: command.argumentHint ?? "",
  };
}

/** The skills of a catalog (its commands and saved workflows are not skills). */
export function skillsOf(catalog: SlashCatalog): SdkSlashCommand[] {
  const names = new Set(catalog.skillNames);
  return catalog.commands.filter((command) => names.has(command.name)).map(slashCommandOf);
}

/** reload_skills: the skill folders read again; the skills found (SDKControlReloadSkillsResponse). */
async function reloadSkills(targets: HostTargets): Promise<Answer> {
  const catalog = await targets.session.reloads.skills();
  return { ok: { skills: skillsOf(catalog) } };
}

/** The reload requests (skills, output styles, plugins). */
export const RELOAD_HANDLERS: HostHandlers = {
  reload_skills: reloadSkills,
};
