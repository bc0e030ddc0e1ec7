import { splitFrontmatter } from "./frontmatter.js";
import { stripBlockHtmlComments } from "./html-comments.js";

/** Memory files longer than this are cut (Claude Code's recommended maximum). */
export const MAX_MEMORY_CHARS = 40_000;

/** A memory file's text ready for context, with what was noticed on the way. */
export interface PreparedMemoryText {
  content: string;
  /** The rules-file `paths` globs from the frontmatter, when it has any. */
  paths?: string[];
  /** Things worth a warning: bad frontmatter, truncation. */
  problems: string[];
}

/** Cuts an over-long text and says so in the text itself, so the model knows it is partial. */
function truncate(text: string): { text: string; truncated: boolean } {
  if (text.length <= MAX_MEMORY_CHARS) return { text, truncated: false };
  const note = `\n\n[This file has ${text.length} characters; only the first ${MAX_MEMORY_CHARS} are included.]`;
  return { text: text.slice(0, MAX_MEMORY_CHARS) + note, truncated: true };
}

/** Turns a memory file's raw text into context text: no BOM, no frontmatter, no block comments. */
export function prepareMemoryText(raw: string): PreparedMemoryText {
  const normalised = raw.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const front = splitFrontmatter(normalised);
  const problems = front.problem ? [front.problem] : [];
  const stripped = stripBlockHtmlComments(front.body)
    .replace(/^(?:[ \t]*\n)+/, "")
    .trimEnd();
  const cut = truncate(stripped);
  if (cut.truncated)
    problems.push(`it is longer than ${MAX_MEMORY_CHARS} characters and was truncated`);
  return front.paths
    ? { content: cut.text, paths: front.paths, problems }
    : { content: cut.text, problems };
}
