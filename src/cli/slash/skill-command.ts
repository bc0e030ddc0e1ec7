import type { Skill, SkillSource } from "../../config/skills/skill.js";
import { DEFAULT_SUBAGENT_TYPE } from "../../tools/builtin/agent/schema.js";
import type { UserCommand } from "../repl/commands/command-file.js";

/** How a skill's source shows beside its name (as a command's scope does). */
const SCOPES: Record<SkillSource, string> = {
  user: "user skill",
  keel: "user skill",
  project: "project skill",
  "added-dir": "project skill",
  plugin: "plugin skill",
};

/** A name `$name` can stand for: a word, never digits alone (`$0` is the first argument). */
const ARGUMENT_NAME = /^[A-Za-z_][\w-]*$/;

/**
 * `$name` of a named argument becomes `$ARGUMENTS[i]`, its place in `arguments: [file, mode]`,
 * which expansion fills.
 */
function namedArguments(body: string, names: readonly string[]): string {
  return names.reduce(
    (text, name, index) =>
      ARGUMENT_NAME.test(name)
        ? text.replace(new RegExp(`\\$${name}(?![\\w[-])`, "g"), `$ARGUMENTS[${index}]`)
        : text,
    body,
  );
}

/**
 * A skill as a slash command: its body behind Claude Code's "Base directory for this skill"
 * line, `${CLAUDE_SKILL_DIR}` and `${CLAUDE_SESSION_ID}` filled in (given as functions, so a
 * `$&` or `$'` in a folder's name is not a replace pattern), named arguments as
 * `$ARGUMENTS[i]`.
 */
export function skillCommand(skill: Skill, sessionId: string): UserCommand {
  const body = namedArguments(skill.body, skill.argumentNames ?? [])
    .replaceAll(`\${CLAUDE_SKILL_DIR}`, () => skill.dir)
    .replaceAll(`\${CLAUDE_SESSION_ID}`, () => sessionId);
  const scope = SCOPES[skill.source];
  return {
    name: skill.name,
    // Project skills keep "project" first: an untrusted folder's skills run no !`command`s.
    scope,
    file: skill.file,
    body: `Base directory for this skill: ${skill.dir}\n\n${body}`,
    skillDir: skill.dir,
    modelInvocable: skill.modelInvocable,
    userInvocable: skill.userInvocable,
    ...(skill.description === undefined ? {} : { description: skill.description }),
    ...(skill.whenToUse === undefined ? {} : { whenToUse: skill.whenToUse }),
    ...(skill.argumentHint === undefined ? {} : { argumentHint: skill.argumentHint }),
    ...(skill.allowedTools === undefined ? {} : { allowedTools: skill.allowedTools }),
    ...(skill.model === undefined ? {} : { model: skill.model }),
    ...(skill.effort === undefined ? {} : { effort: skill.effort }),
    ...(skill.context === "fork" ? { fork: { agent: skill.agent ?? DEFAULT_SUBAGENT_TYPE } } : {}),
    ...(skill.paths === undefined || skill.paths.length === 0 ? {} : { paths: skill.paths }),
    ...(skill.hooks === undefined ? {} : { hooks: skill.hooks }),
  };
}
