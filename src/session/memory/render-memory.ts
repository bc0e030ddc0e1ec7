import type { MemoryFile, MemoryScope } from "./memory-file.js";

/** Our own words: whose instructions these are, and that they take precedence. */
const PREAMBLE =
  "Below are instructions from the user and from the project you are working in. Follow them: " +
  "where they differ from your default behaviour, these instructions win, exactly as written.";

/** How each scope is described after a file's path. */
const SCOPE_DESCRIPTION: Record<MemoryScope, string> = {
  user: "the user's own instructions, for every project",
  project: "project instructions, checked into the codebase",
  local: "the user's private instructions for this project, not checked in",
};

/** The `claudeMd` user-context entry for the startup memory files; undefined when there are none. */
export function renderClaudeMd(files: readonly MemoryFile[]): string | undefined {
  const sections = files
    .filter((file) => file.content.trim() !== "")
    .map(
      (file) => `Contents of ${file.path} (${SCOPE_DESCRIPTION[file.scope]}):\n\n${file.content}`,
    );
  return sections.length === 0 ? undefined : [PREAMBLE, ...sections].join("\n\n");
}

/** One nested memory file as the text of its attachment. */
export function renderNestedMemory(file: MemoryFile): string {
  return `Contents of ${file.path}:\n\n${file.content}`;
}
