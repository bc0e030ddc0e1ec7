import type { EffortLevel } from "../../protocol/api.js";

/** Where a skill was found; decides precedence and whether its folder's trust applies. */
export type SkillSource = "user" | "keel" | "project" | "added-dir" | "plugin";

/**
 * A skill: a folder with a SKILL.md (Claude Code's format). Only its name and description go
 * to the model until it is invoked; then its body is loaded.
 */
export interface Skill {
  /** What `/name` and the Skill tool call it: the frontmatter `name`, else the folder's name. */
  name: string;
  source: SkillSource;
  /** The skill's folder (files beside SKILL.md are read from here on demand). */
  dir: string;
  /** The SKILL.md file. */
  file: string;
  /** The instructions below the frontmatter. */
  body: string;
  description?: string;
  whenToUse?: string;
  argumentHint?: string;
  /** Names of positional arguments (`arguments`), each usable as `$name` in the body. */
  argumentNames?: string[];
  /** Permission rules allowed without asking while the skill runs. */
  allowedTools?: string[];
  /** The model of the turn it runs in (an alias, a full id, or `inherit`). */
  model?: string;
  /** The effort of the turn it runs in. */
  effort?: EffortLevel;
  /** `disable-model-invocation: true`: only a person can start it (`/name`). */
  modelInvocable: boolean;
  /** `user-invocable: false`: not offered in the `/` menu, nor runnable as `/name`. */
  userInvocable: boolean;
  /** `context: fork` runs it in a subagent (`agent` names the type). */
  context?: "fork";
  agent?: string;
  /** Globs that limit when the model is offered it (kept; keel lists the skill regardless). */
  paths?: string[];
  shell?: "bash" | "powershell";
  /**
   * Hooks the skill declares (as written): put in force when it is invoked, for the rest of the
   * session (a `context: fork` skill's for its subagent only); see src/hooks/skill-scoped-hooks.ts.
   */
  hooks?: Readonly<Record<string, unknown>>;
}

/** The skills found, and the SKILL.md files that could not be used (each naming file and line). */
export interface LoadedSkills {
  skills: Skill[];
  problems: string[];
}
