/** What the model is told about Grep. */
export function grepDescription(defaultHeadLimit: number): string {
  return [
    "Searches file contents with a regular expression, using ripgrep.",
    "",
    "- Use this tool for content searches rather than running grep or rg through Bash: it is set up for the working folders and their permissions.",
    '- Full ripgrep regex syntax, e.g. "log.*Error" or "function\\s+\\w+". Literal braces need escaping: search for `interface\\{\\}` to find `interface{}`.',
    '- Narrow the files with glob (e.g. "*.js", "**/*.{ts,tsx}") or type (e.g. "js", "py", "rust").',
    '- output_mode: "files_with_matches" (default) lists matching files, most recently modified first; "content" shows matching lines (with -A/-B/-C context and line numbers); "count" shows matches per file.',
    "- Patterns match within one line unless multiline is true (then . also matches newlines).",
    `- Shows at most ${defaultHeadLimit} lines or entries unless head_limit says otherwise; use offset to page on.`,
    "- Files listed in .gitignore are skipped; hidden files are searched (but not .git and other version-control folders). Paths in results are absolute.",
    "- For open-ended searches that need several rounds, consider the Agent tool.",
  ].join("\n");
}
