import { parse as parseYaml } from "yaml";
import { z } from "zod";
import type { AgentDefinition } from "./agent-definition.js";

/** An agent name: what `subagent_type` and permission rules (`Agent(name)`) refer to. */
const AGENT_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** `tools` as Claude Code accepts it: "Read, Grep" or a YAML list; "*" means every tool. */
const toolsField = z
  .union([z.string(), z.array(z.string())])
  .nullish()
  .transform((value): readonly string[] | undefined => {
    if (value === null || value === undefined) return undefined;
    const names = (typeof value === "string" ? value.split(",") : value)
      .map((name) => name.trim())
      .filter((name) => name !== "");
    return names.includes("*") ? undefined : names;
  });

/** The frontmatter fields keel uses; other Claude Code fields (color, …) are ignored. */
const frontmatterSchema = z.object({
  name: z.string().trim().regex(AGENT_NAME, "use letters, digits, - and _ (at most 64 characters)"),
  description: z.string().trim().min(1, "must not be empty"),
  tools: toolsField,
  model: z.string().trim().min(1, "must not be empty").nullish(),
});

/** One agent file, parsed: a definition, or what is wrong with the file. */
export type AgentFileResult =
  | { ok: true; definition: AgentDefinition }
  | { ok: false; problem: string };

const FRONTMATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const field = issue.path.join(".");
      return field ? `${field}: ${issue.message}` : issue.message;
    })
    .join("; ");
}

function parseFrontmatter(
  text: string,
): { ok: true; data: unknown } | { ok: false; problem: string } {
  try {
    return { ok: true, data: parseYaml(text) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, problem: `the frontmatter is not valid YAML: ${message}` };
  }
}

/**
 * Parses an agent definition file (`.claude/agents/<name>.md`): YAML frontmatter with name,
 * description, tools and model, then the body, which is the agent's system prompt.
 */
export function parseAgentFile(
  text: string,
  path: string,
  scope: "project" | "user",
): AgentFileResult {
  const source = text.replace(/^\uFEFF/, "");
  const match = FRONTMATTER.exec(source);
  if (!match) return { ok: false, problem: "it does not start with a --- frontmatter block" };
  const yaml = parseFrontmatter(match[1] ?? "");
  if (!yaml.ok) return yaml;
  if (yaml.data === null || typeof yaml.data !== "object" || Array.isArray(yaml.data)) {
    return { ok: false, problem: "the frontmatter must be a mapping of fields" };
  }
  const fields = frontmatterSchema.safeParse(yaml.data);
  if (!fields.success) return { ok: false, problem: describeIssues(fields.error) };
  const prompt = source.slice(match[0].length).trim();
  if (prompt === "") return { ok: false, problem: "the body (the agent's system prompt) is empty" };
  const { name, description, tools, model } = fields.data;
  return {
    ok: true,
    definition: {
      name,
      description,
      ...(tools === undefined ? {} : { tools }),
      ...(model ? { model } : {}),
      prompt,
      source: { kind: scope, path },
    },
  };
}
