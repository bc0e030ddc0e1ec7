import { parse as parseYaml } from "yaml";

/** A top-level `key: value` line whose value is plain text on that line. */
const PLAIN_LINE = /^([A-Za-z_][\w-]*):[ \t]+(?!["'|>])(.*?)[ \t]*$/;

function parsesAlone(line: string): boolean {
  try {
    parseYaml(line);
    return true;
  } catch {
    return false;
  }
}

/** The frontmatter with each one-line top-level value YAML refuses quoted as a string. */
function quotePlainValues(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => {
      const match = PLAIN_LINE.exec(line);
      if (!match || parsesAlone(line)) return line;
      return `${match[1]}: ${JSON.stringify(match[2])}`;
    })
    .join("\n");
}

/**
 * Parses frontmatter as Claude Code does: YAML, and when that fails, YAML again with each
 * one-line top-level value that YAML refuses taken as plain text. Files written for Claude Code rely on it:
 * `argument-hint: [user prompt] [orchestration prompt]`, agent descriptions holding
 * `<example>user: "…"</example>` (a `: ` inside a plain scalar). The first error is kept.
 */
export function parseLenientFrontmatter(
  text: string,
): { ok: true; data: unknown } | { ok: false; error: unknown } {
  try {
    return { ok: true, data: parseYaml(text) };
  } catch (error) {
    try {
      return { ok: true, data: parseYaml(quotePlainValues(text)) };
    } catch {
      return { ok: false, error };
    }
  }
}
