/** What the model is told about Glob. */
export function globDescription(maxResults: number): string {
  return [
    "Finds files by name with a glob pattern, fast in any size of codebase.",
    "",
    '- Patterns like "**/*.js" or "src/**/*.ts". A pattern without a slash (e.g. "*.md") matches file names at any depth; a pattern with a slash is matched from the search folder.',
    "- Returns absolute paths, most recently modified first.",
    `- Shows at most ${maxResults} files; narrow the pattern or the path when the list is cut.`,
    '- Files listed in .gitignore (and .ignore) are skipped, except in a folder the pattern or path names explicitly (e.g. "dist/**/*.js"). Hidden files and folders (names starting with a dot) are skipped unless the pattern names them, e.g. ".github/**" or "**/.env*".',
    "- To search file contents, use Grep. For open-ended exploration that needs several rounds of searching, consider the Agent tool.",
    "- Run several searches in parallel in one response when they might be useful.",
  ].join("\n");
}
