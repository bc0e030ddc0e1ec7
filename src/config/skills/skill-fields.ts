import { z } from "zod";
import { EFFORT_LEVELS } from "../../protocol/api.js";

/** A skill name as Claude Code takes it: lowercase letters, digits and hyphens, at most 64. */
const SKILL_NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** `true`/`false`, also written as a string (`"true"`), as Claude Code reads them. */
const flag = z.union(
  [
    z.boolean(),
    z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.enum(["true", "false"]))
      .transform((text) => text === "true"),
  ],
  { error: "must be true or false" },
);

/** A list written as a YAML list or as one string (split on commas and spaces). */
const wordList = (split: RegExp) =>
  z
    .union([z.string(), z.array(z.union([z.string(), z.number()]))], {
      error: "must be a list or a string",
    })
    .transform((value) =>
      (typeof value === "string" ? value.split(split) : value.map(String))
        .map((item) => item.trim())
        .filter((item) => item !== ""),
    );

/** Text, also when YAML read it as a number or a list (`argument-hint: [file]`). */
const text = z.union([
  z.string(),
  z.number().transform(String),
  z.array(z.unknown()).transform((items) => `[${items.join(", ")}]`),
]);

/**
 * Every SKILL.md frontmatter field Claude Code 2.1.332 reads, each checked on its own: a bad
 * value is reported and left out, and the skill still loads (as Claude Code loads it).
 */
export const SKILL_FIELDS = {
  name: z
    .string()
    .trim()
    .regex(SKILL_NAME, "use lowercase letters, digits and hyphens (at most 64)"),
  description: text,
  when_to_use: text,
  "argument-hint": text,
  arguments: wordList(/[\s,]+/),
  "allowed-tools": wordList(/[,\s]+(?![^(]*\))/),
  model: z.string().trim().min(1, "must not be empty"),
  effort: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(EFFORT_LEVELS, { error: `must be one of ${EFFORT_LEVELS.join(", ")}` })),
  "disable-model-invocation": flag,
  "user-invocable": flag,
  context: z.literal("fork", { error: 'must be "fork"' }),
  agent: z.string().trim().min(1, "must not be empty"),
  paths: wordList(/,/),
  shell: z.enum(["bash", "powershell"], { error: "must be bash or powershell" }),
  hooks: z.record(z.string(), z.unknown(), { error: "must be a map of hook events" }),
} as const;

/** The fields' values, once checked. */
export type SkillFieldValues = {
  [K in keyof typeof SKILL_FIELDS]?: z.output<(typeof SKILL_FIELDS)[K]>;
};
