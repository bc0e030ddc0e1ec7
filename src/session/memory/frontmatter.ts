import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { splitTopLevelCommas } from "./glob-match.js";

const FRONTMATTER = /^---[ \t]*\n(?:([\s\S]*?)\n)?---[ \t]*(?:\n|$)/;

/** The one frontmatter field memory uses; anything else there is ignored. */
const memoryFrontmatter = z.looseObject({
  paths: z.union([z.string(), z.array(z.string())]).nullish(),
});

/** A memory file's text split from its frontmatter. */
export interface SplitFrontmatter {
  body: string;
  /** The `paths` globs that make a rules file conditional; absent when it always loads. */
  paths?: string[];
  /** Why the frontmatter was ignored, when it was not valid. */
  problem?: string;
}

/** `paths` as a list: a YAML list, or one string of comma-separated globs. */
function normalisePaths(value: string | string[] | null | undefined): string[] | undefined {
  if (value === null || value === undefined) return undefined;
  const list = (typeof value === "string" ? splitTopLevelCommas(value) : value)
    .map((glob) => glob.trim())
    .filter((glob) => glob !== "");
  // A rule for every path is simply unconditional.
  if (list.length === 0 || list.some((glob) => glob === "**" || glob === "**/*")) return undefined;
  return list;
}

function readYaml(text: string): { ok: true; data: unknown } | { ok: false; problem: string } {
  try {
    return { ok: true, data: parseYaml(text) };
  } catch (error) {
    return { ok: false, problem: error instanceof Error ? error.message : String(error) };
  }
}

/** Strips leading YAML frontmatter (LF line endings expected) and reads its `paths` globs. */
export function splitFrontmatter(text: string): SplitFrontmatter {
  const match = FRONTMATTER.exec(text);
  if (!match) return { body: text };
  const body = text.slice(match[0].length);
  const yaml = readYaml(match[1] ?? "");
  if (!yaml.ok) return { body, problem: `its frontmatter is not valid YAML (${yaml.problem})` };
  if (yaml.data === null || yaml.data === undefined) return { body };
  const fields = memoryFrontmatter.safeParse(yaml.data);
  if (!fields.success) {
    return { body, problem: "its frontmatter `paths` must be a string or a list of strings" };
  }
  const paths = normalisePaths(fields.data.paths);
  return paths ? { body, paths } : { body };
}
