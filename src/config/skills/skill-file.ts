import { frontmatterKeyLine, frontmatterYamlError } from "../frontmatter-lines.js";
import { parseLenientFrontmatter } from "../lenient-frontmatter.js";
import type { Skill, SkillSource } from "./skill.js";
import { SKILL_FIELDS, type SkillFieldValues } from "./skill-fields.js";

const FRONTMATTER = /^---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/;

/** Where a SKILL.md is and what its folder is called. */
export interface SkillFileInfo {
  /** The folder's name: the skill's name when the frontmatter gives none. */
  dirName: string;
  dir: string;
  file: string;
  source: SkillSource;
  /** A plugin's name: the skill is `namespace:name`. */
  namespace?: string;
}

/** A parsed SKILL.md: the skill, with what was left out of it; or why it cannot be used. */
type ParsedSkillFile =
  | { ok: true; skill: Skill; problems: string[] }
  | { ok: false; problem: string };

/** The YAML error's line in the file, with its reason. */
function yamlProblem(file: string, error: unknown): string {
  const { reason, line } = frontmatterYamlError(error);
  return `${file}:${line}: the frontmatter is not valid YAML (${reason}); the skill was skipped`;
}

/** Checks each known field on its own; a bad one is reported with its line and left out. */
function readFields(
  data: Record<string, unknown>,
  frontmatter: string,
  file: string,
): { values: SkillFieldValues; problems: string[] } {
  const values: Record<string, unknown> = {};
  const problems: Array<{ line: number; text: string }> = [];
  for (const [key, schema] of Object.entries(SKILL_FIELDS)) {
    if (data[key] === undefined || data[key] === null) continue;
    const parsed = schema.safeParse(data[key]);
    if (parsed.success) values[key] = parsed.data;
    else {
      const why = parsed.error.issues[0]?.message ?? "invalid";
      const line = frontmatterKeyLine(frontmatter, key) ?? 1;
      problems.push({ line, text: `${file}:${line}: ${key}: ${why}; left out` });
    }
  }
  // In the file's order, as a person fixing them reads it (not the order fields are checked).
  problems.sort((a, b) => a.line - b.line);
  return { values: values as SkillFieldValues, problems: problems.map((p) => p.text) };
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

function toSkill(info: SkillFileInfo, body: string, v: SkillFieldValues): Skill {
  return {
    name: qualified(info, v.name ?? info.dirName),
    source: info.source,
    dir: info.dir,
    file: info.file,
    body,
    modelInvocable: v["disable-model-invocation"] !== true,
    userInvocable: v["user-invocable"] !== false,
    ...optional("description", v.description),
    ...optional("whenToUse", v.when_to_use),
    ...optional("argumentHint", v["argument-hint"]),
    ...optional("argumentNames", v.arguments),
    ...optional("allowedTools", v["allowed-tools"]),
    ...optional("model", v.model),
    ...optional("effort", v.effort),
    ...optional("context", v.context),
    ...optional("agent", v.agent),
    ...optional("paths", v.paths),
    ...optional("shell", v.shell),
    ...optional("hooks", v.hooks),
  };
}

/**
 * Parses a SKILL.md as Claude Code does: YAML frontmatter read leniently (a one-line value
 * YAML refuses is taken as text), every field optional. Frontmatter that still does not parse
 * makes the file unusable (reported with its file and line); a bad field is left out.
 */
export function parseSkillFile(info: SkillFileInfo, text: string): ParsedSkillFile {
  const match = FRONTMATTER.exec(text);
  const body = (match ? text.slice(match[0].length) : text).trim();
  if (!match) return { ok: true, skill: toSkill(info, body, {}), problems: [] };
  const frontmatter = match[1] ?? "";
  const yaml = parseLenientFrontmatter(frontmatter);
  if (!yaml.ok) return { ok: false, problem: yamlProblem(info.file, yaml.error) };
  const data = yaml.data ?? {};
  if (typeof data !== "object" || Array.isArray(data)) {
    return {
      ok: false,
      problem: `${info.file}:2: the frontmatter is not a map of fields; the skill was skipped`,
    };
  }
  const { values, problems } = readFields(data as Record<string, unknown>, frontmatter, info.file);
  return { ok: true, skill: toSkill(info, body, values), problems };
}

/** A plugin's skill is named `plugin:skill`, so it never shadows one of the person's own. */
function qualified(info: SkillFileInfo, name: string): string {
  return info.namespace === undefined ? name : `${info.namespace}:${name}`;
}
