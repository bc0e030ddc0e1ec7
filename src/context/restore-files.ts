import type { FileStateCache } from "../tools/file-state-cache.js";
import type { RestoredFile } from "./post-compact.js";
import { CHARS_PER_TOKEN } from "./tokens.js";

/** Reads a file fresh from disk; undefined when it is gone or unreadable. */
export type FreshReader = (path: string) => Promise<string | undefined>;

/** How much of the recently read files comes back after a compaction (Claude Code's numbers). */
export interface RestoreLimits {
  maxFiles: number;
  maxTokensPerFile: number;
  maxTotalTokens: number;
}

/** Up to 5 files, 5k tokens each, 50k in all. */
export const DEFAULT_RESTORE_LIMITS: RestoreLimits = {
  maxFiles: 5,
  maxTokensPerFile: 5_000,
  maxTotalTokens: 50_000,
};

/** The most recently read paths first (the cache iterates least recent first). */
function recentPaths(cache: FileStateCache): string[] {
  return [...cache.keys()].reverse();
}

/**
 * Reads the most recently read files again, fresh from disk, within the limits; a file over
 * its share is cut, one that would pass the total is left out.
 */
export async function restoreRecentFiles(
  cache: FileStateCache,
  read: FreshReader,
  limits: RestoreLimits = DEFAULT_RESTORE_LIMITS,
): Promise<RestoredFile[]> {
  const out: RestoredFile[] = [];
  let total = 0;
  const perFileChars = limits.maxTokensPerFile * CHARS_PER_TOKEN;
  for (const path of recentPaths(cache)) {
    if (out.length >= limits.maxFiles) break;
    const text = await read(path);
    if (text === undefined) continue;
    const truncated = text.length > perFileChars;
    const content = truncated ? text.slice(0, perFileChars) : text;
    const tokens = Math.ceil(content.length / CHARS_PER_TOKEN);
    if (total + tokens > limits.maxTotalTokens) continue;
    total += tokens;
    out.push({ path, content, truncated });
  }
  return out;
}

/**
 * After a compaction the model has seen only the files restored whole: every other entry is
 * dropped, so Read never answers "unchanged since you read it" about content the model no
 * longer has (and Edit asks for a fresh Read first).
 */
export function forgetUnrestoredReads(
  cache: FileStateCache,
  restored: readonly RestoredFile[],
): void {
  const whole = new Set(restored.filter((f) => !f.truncated).map((f) => f.path));
  for (const path of [...cache.keys()]) if (!whole.has(path)) cache.delete(path);
}
