import type { UserCommand } from "./command-file.js";

/** Who may start a skill, when not both the person and the model. */
function who(skill: UserCommand): string {
  if (skill.userInvocable === false) return ", the model only";
  if (skill.modelInvocable === false) return ", you only (/name)";
  return "";
}

/** `/skills`: the session's skills, with their description, scope and who may start them. */
export function skillsText(commands: readonly UserCommand[]): string {
  const skills = commands.filter((command) => command.skillDir !== undefined);
  if (skills.length === 0) {
    return "No skills. Add one as .claude/skills/<name>/SKILL.md (or in ~/.claude/skills).";
  }
  return [
    "Skills:",
    ...skills.map(
      (skill) =>
        `  ${skill.name}  ${skill.description ?? ""} (${skill.scope}${who(skill)}) ${skill.file}`,
    ),
  ].join("\n");
}
