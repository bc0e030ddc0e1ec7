/** One loaded memory file as /memory lists it. */
export interface MemoryRow {
  path: string;
  /** user, project or local, and "rule" for a conditional rules file. */
  kind: string;
  /** Bytes of text that went into context. */
  size: number;
}

function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** The /memory text: each loaded memory file with its kind and size. */
export function memoryText(rows: readonly MemoryRow[] | undefined): string {
  if (rows === undefined) return "/memory is not available in this session.";
  if (rows.length === 0) {
    return "No memory files are loaded (CLAUDE.md, CLAUDE.local.md, .claude/rules, ~/.claude/CLAUDE.md).";
  }
  const lines = ["Memory files loaded:"];
  rows.forEach((row, index) => {
    lines.push(`  ${index + 1}. ${row.path}  (${row.kind}, ${sizeText(row.size)})`);
  });
  return lines.join("\n");
}
