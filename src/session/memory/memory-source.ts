import { readFile, realpath } from "node:fs/promises";
import type { MemoryWarningHandler } from "./memory-file.js";
import { prepareMemoryText } from "./memory-text.js";

/** A memory file read from disk and prepared, not yet placed in the context. */
export interface MemorySource {
  /** The path it was found at. */
  path: string;
  /** The same file resolved through symlinks: what "already loaded" compares. */
  realPath: string;
  content: string;
  /** The frontmatter `paths` globs (meaningful for rules files only). */
  paths?: string[];
}

/**
 * The real path of a file, or undefined when it cannot be reached (missing, a dangling or looping
 * symlink, a folder we may not enter): memory discovery skips those rather than failing.
 */
export async function locateFile(path: string): Promise<string | undefined> {
  try {
    return await realpath(path);
  } catch {
    return undefined;
  }
}

/** Reads and prepares a located memory file; a folder or unreadable file is warned about and skipped. */
export async function readMemorySource(
  path: string,
  realPath: string,
  onWarning: MemoryWarningHandler,
): Promise<MemorySource | undefined> {
  let raw: string;
  try {
    raw = await readFile(realPath, "utf8");
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    onWarning(`Memory file ${path} could not be read: ${reason}`);
    return undefined;
  }
  const prepared = prepareMemoryText(raw);
  for (const problem of prepared.problems) onWarning(`Memory file ${path}: ${problem}`);
  const source: MemorySource = { path, realPath, content: prepared.content };
  if (prepared.paths) source.paths = prepared.paths;
  return source;
}
