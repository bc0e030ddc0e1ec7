import { z } from "zod";
import type { AgentDefinition } from "./agent-definition.js";
import { readAgentExtras } from "./agent-fields.js";
import { frontmatterKeyLine, frontmatterYamlError } from "./frontmatter-lines.js";
import { parseLenientFrontmatter } from "./lenient-frontmatter.js";

/** An agent name: what `subagent_type` and permission rules (`Agent(name)`) refer to. */
export const AGENT_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** A list of tool names as Claude Code accepts it: "Read, Grep" or a YAML list. */
const toolNames = z
  .union([z.string(), z.array(z.string())], {
    error: "must be tool names: a list, or comma-separated",
  })
  .nullish()
  .transform((value): string[] | undefined => {
    if (value === null || value === undefined) return undefined;
    return (typeof value === "string" ? value.split(",") : value)
      .map((name) => name.trim())
      .filter((name) => name !== "");
  });

/** `tools`: the names, where "*" means every tool (as when the field is left out). */
const toolsField = toolNames.transform((names): readonly string[] | undefined =>
  names?.includes("*") ? undefined : names,
);

/** The frontmatter fields without which the file is skipped; the others are read one by one. */
const frontmatterSchema = z.object({
  name: z.string().trim().regex(AGENT_NAME, "use letters, digits, - and _ (at most 64 characters)"),
  description: z.string().trim().min(1, "must not be empty"),
  tools: toolsField,
  model: z.string().trim().min(1, "must not be empty").nullish(),
});

/**
 * Fields whose bad value is left out with a warning, not a skipped file: files written before
 * keel read them (`maxTurns: "5"`) still load, as they did.
 */
const lenientFields = {
  disallowedTools: toolNames,
  maxTurns: z
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .positive("must be positive")
    .nullish(),
};

/** A lenient field's value; undefined (and a problem in `ignored`) when it is not valid. */
function lenientField<T>(
  key: keyof typeof lenientFields,
  schema: z.ZodType<T>,
  data: Record<string, unknown>,
  ignored: string[],
): T | undefined {
  const parsed = schema.safeParse(data[key]);
  if (parsed.success) return parsed.data;
  ignored.push(`${key}: ${describeIssues(parsed.error)}`);
  return undefined;
}

/**
 * One agent file, parsed: a definition (with the problems of fields left out, if any), or
 * what is wrong with the file.
 */
type AgentFileResult =
  | { ok: true; definition: AgentDefinition; ignored?: string[] }
  | { ok: false; problem: string; line?: number };

const FRONTMATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const field = issue.path.join(".");
      return field ? `${field}: ${issue.message}` : issue.message;
    })
    .join("; ");
}

/** The frontmatter's fields, or the YAML error's first line and the file line it is on. */
function parseFrontmatter(
  text: string,
): { ok: true; data: unknown } | { ok: false; problem: string; line: number } {
  const parsed = parseLenientFrontmatter(text);
  if (parsed.ok) return parsed;
  const { reason, line } = frontmatterYamlError(parsed.error);
  return { ok: false, problem: `the frontmatter is not valid YAML: ${reason}`, line };
}

/**
 * Parses an agent definition file (`.claude/agents/<name>.md`): YAML frontmatter with name,
 * description, tools, model, then the optional fields (disallowedTools, maxTurns and the
 * others of AGENT_EXTRA_FIELDS), then the body, which is the agent's system prompt.
 */
export function parseAgentFile(
  text: string,
  path: string,
  scope: "project" | "user",
): AgentFileResult {
  const source = text.replace(/^\uFEFF/, "");
  const match = FRONTMATTER.exec(source);
  if (!match) {
    return { ok: false, problem: "it does not start with a --- frontmatter block", line: 1 };
  }
  const frontmatter = match[1] ?? "";
  const yaml = parseFrontmatter(frontmatter);
  if (!yaml.ok) return yaml;
  if (yaml.data === null || typeof yaml.data !== "object" || Array.isArray(yaml.data)) {
    return { ok: false, problem: "the frontmatter must be a mapping of fields", line: 2 };
  }
  const fields = frontmatterSchema.safeParse(yaml.data);
  if (!fields.success) {
    // A missing field is reported where the frontmatter starts.
    const key = fields.error.issues[0]?.path[0];
    const line = (typeof key === "string" ? frontmatterKeyLine(frontmatter, key) : undefined) ?? 2;
    return { ok: false, problem: describeIssues(fields.error), line };
  }
  const prompt = source.slice(match[0].length).trim();
  if (prompt === "") {
    // The line after the closing ---, where the prompt should start.
    const line = match[0].split("\n").length;
    return { ok: false, problem: "the body (the agent's system prompt) is empty", line };
  }
  const { name, description, tools, model } = fields.data;
  const data = yaml.data as Record<string, unknown>;
  const ignored: string[] = [];
  const { disallowedTools: toolsDenied, maxTurns: turns } = lenientFields;
  const disallowedTools = lenientField("disallowedTools", toolsDenied, data, ignored);
  const maxTurns = lenientField("maxTurns", turns, data, ignored);
  const extras = readAgentExtras(data, ignored);
  return {
    ok: true,
    ...(ignored.length === 0 ? {} : { ignored }),
    definition: {
      name,
      description,
      ...(tools === undefined ? {} : { tools }),
      ...(disallowedTools?.length ? { disallowedTools } : {}),
      ...(model ? { model } : {}),
      ...(maxTurns ? { maxTurns } : {}),
      ...extras,
      prompt,
      source: { kind: scope, path },
    },
  };
}
