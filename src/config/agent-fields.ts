import { z } from "zod";
import { EFFORT_LEVELS } from "../protocol/api.js";
import { PERMISSION_MODES } from "../tools/context.js";
import type { AgentDefinition } from "./agent-definition.js";

/** A list of names as Claude Code accepts it: "a, b" or a YAML list. */
const nameList = z
  .union([z.string(), z.array(z.string())], {
    error: "must be names: a list, or comma-separated",
  })
  .transform((value): string[] =>
    (typeof value === "string" ? value.split(",") : value)
      .map((name) => name.trim())
      .filter((name) => name !== ""),
  );

/**
 * The fields of an agent (file frontmatter or the SDK's AgentDefinition) beyond its name,
 * description, tools, model and prompt, as Claude Code 2.1.332 reads them. Each is checked
 * on its own: a bad value is left out with a warning, and the agent loads without it.
 */
export const AGENT_EXTRA_FIELDS = {
  permissionMode: z.enum(PERMISSION_MODES, {
    error: `must be one of ${PERMISSION_MODES.join(", ")}`,
  }),
  effort: z.enum(EFFORT_LEVELS, {
    error: `must be one of ${EFFORT_LEVELS.join(", ")} (keel takes no numeric effort)`,
  }),
  background: z.boolean({ error: "must be true or false" }),
  isolation: z.literal("worktree", { error: 'must be "worktree"' }),
  color: z.string({ error: "must be a colour name" }).trim().min(1, "must not be empty"),
  initialPrompt: z.string({ error: "must be text" }).trim().min(1, "must not be empty"),
  memory: z.enum(["user", "project", "local"], { error: "must be user, project or local" }),
  skills: nameList,
  mcpServers: z.array(z.union([z.string(), z.record(z.string(), z.unknown())]), {
    error: "must be a list of server names or { name: config } entries",
  }),
  hooks: z.record(z.string(), z.unknown(), { error: "must be hooks by event" }),
} as const;

type ExtraKey = keyof typeof AGENT_EXTRA_FIELDS;

/** The extra fields' values, as an AgentDefinition holds them. */
type AgentExtras = Pick<AgentDefinition, ExtraKey>;

function issuesText(error: z.ZodError): string {
  return error.issues.map((issue) => issue.message).join("; ");
}

/**
 * Reads the extra fields present (not null) in `data`; each bad one is named in `ignored`
 * (`effort: must be one of …`) and left out.
 */
export function readAgentExtras(data: Record<string, unknown>, ignored: string[]): AgentExtras {
  const extras: Record<string, unknown> = {};
  for (const key of Object.keys(AGENT_EXTRA_FIELDS) as ExtraKey[]) {
    if (data[key] === undefined || data[key] === null) continue;
    const parsed = AGENT_EXTRA_FIELDS[key].safeParse(data[key]);
    if (parsed.success) extras[key] = parsed.data;
    else ignored.push(`${key}: ${issuesText(parsed.error)}`);
  }
  return extras as AgentExtras;
}
