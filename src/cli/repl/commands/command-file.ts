import { z } from "zod";
import { parseLenientFrontmatter } from "../../../config/lenient-frontmatter.js";
import type { EffortLevel } from "../../../protocol/api.js";
import { errorText } from "../error-text.js";

/** A user's own slash command, read from a `.claude/commands/**.md` file. */
export interface UserCommand {
  /** What follows the `/`: the file name without `.md`, subfolders joined by `:`. */
  name: string;
  /** "project", "user", or the scope with its folder (`project:frontend`). */
  scope: string;
  file: string;
  body: string;
  description?: string;
  argumentHint?: string;
  /**
   * Frontmatter `allowed-tools`: permission rules allowed without asking during the turn the
   * command starts (and what its !`command`s need); `model`: the model for that turn.
   */
  allowedTools?: string[];
  model?: string;
  /**
   * The model may start it with the Skill tool: a command with a description and without
   * `disable-model-invocation: true`, or a skill without that flag (as Claude Code lists them).
   */
  modelInvocable?: boolean;
  /** False for a skill with `user-invocable: false`: not in the `/` menu, not runnable as `/name`. */
  userInvocable?: boolean;
  /** A skill's `when_to_use`, listed to the model after its description. */
  whenToUse?: string;
  /** Set for a skill: its folder (SKILL.md's files beside it). */
  skillDir?: string;
  /** A `context: fork` skill: its body runs as a subagent of this type, in a fresh context. */
  fork?: { agent: string };
  /** A skill's `effort`: the effort of the turn it runs in. */
  effort?: EffortLevel;
  /**
   * A skill's `paths`: the model is told of it (and may start it) only once it read or wrote a
   * file matching one of these globs; a person's `/name` runs it regardless.
   */
  paths?: readonly string[];
  /** Frontmatter `hooks` (as written): put in force when it is invoked, for the session. */
  hooks?: Readonly<Record<string, unknown>>;
}

const FRONTMATTER = /^---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/;

const fields = z.looseObject({
  description: z.string().optional(),
  // `argument-hint: [file]` is a YAML list, as in Claude Code's own examples: shown as written.
  "argument-hint": z
    .union([z.string(), z.array(z.unknown()).transform((items) => `[${items.join(", ")}]`)])
    .optional(),
  "allowed-tools": z.union([z.string(), z.array(z.string())]).optional(),
  model: z.string().optional(),
  "disable-model-invocation": z
    .union([z.boolean(), z.enum(["true", "false"]).transform((text) => text === "true")])
    .optional(),
  hooks: z.record(z.string(), z.unknown(), { error: "must be a map of hook events" }).optional(),
});

/** Where a command file is and what it is called. */
export interface CommandFileInfo {
  name: string;
  scope: string;
  file: string;
}

function readYaml(text: string): { ok: true; data: unknown } | { ok: false; problem: string } {
  const parsed = parseLenientFrontmatter(text);
  if (parsed.ok) return { ok: true, data: parsed.data ?? {} };
  const first = errorText(parsed.error).split("\n")[0];
  return { ok: false, problem: `its frontmatter is not valid YAML (${first})` };
}

function toolList(value: string | string[] | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  return (typeof value === "string" ? value.split(/[,\s]+(?![^(]*\))/) : value).filter(
    (tool) => tool.trim() !== "",
  );
}

/** Parses a command file's text; a problem (naming the file) when its frontmatter is bad. */
export function parseCommandFile(
  info: CommandFileInfo,
  text: string,
): { ok: true; command: UserCommand } | { ok: false; problem: string } {
  const match = FRONTMATTER.exec(text);
  const body = (match ? text.slice(match[0].length) : text).trim();
  const base: UserCommand = { ...info, body };
  if (!match) return { ok: true, command: base };
  const yaml = readYaml(match[1] ?? "");
  if (!yaml.ok) return { ok: false, problem: `${info.file}: ${yaml.problem}` };
  const parsed = fields.safeParse(yaml.data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join(".") || "frontmatter";
    return {
      ok: false,
      problem: `${info.file}: frontmatter ${where}: ${issue?.message ?? "invalid"}`,
    };
  }
  const data = parsed.data;
  const tools = toolList(data["allowed-tools"]);
  return {
    ok: true,
    command: {
      ...base,
      ...(data.description === undefined ? {} : { description: data.description }),
      ...(data["argument-hint"] === undefined ? {} : { argumentHint: data["argument-hint"] }),
      ...(tools === undefined ? {} : { allowedTools: tools }),
      ...(data.model === undefined ? {} : { model: data.model }),
      ...(data.hooks === undefined ? {} : { hooks: data.hooks }),
      modelInvocable: data.description !== undefined && data["disable-model-invocation"] !== true,
    },
  };
}
