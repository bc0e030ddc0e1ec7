/*
 * Where a frontmatter problem is in its file, for SKILL.md and agent files alike. The
 * frontmatter starts on the file's line 2, after the opening `---`.
 */

/** The file line (1-based) a top-level frontmatter key is on; undefined when it is not there. */
export function frontmatterKeyLine(frontmatter: string, key: string): number | undefined {
  const index = frontmatter.split(/\r?\n/).findIndex((line) => line.startsWith(`${key}:`));
  return index < 0 ? undefined : index + 2;
}

/**
 * A YAML error of the frontmatter: the first line of its message and the file line it is on
 * (from the `yaml` package's position when it has one; line 2 otherwise).
 */
export function frontmatterYamlError(error: unknown): { reason: string; line: number } {
  const position = (error as { linePos?: Array<{ line: number }> } | undefined)?.linePos?.[0];
  const first = (error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "";
  // The parser counts lines from the frontmatter's start: its "at line N, column M" would
  // contradict the file line given with the reason, so only the reason is kept.
  const reason = first.replace(/ at line \d+, column \d+:?$/, "");
  return { reason, line: position ? position.line + 1 : 2 };
}
