import type { FileState, FileStateCache } from "../../file-state-cache.js";
import { toLf } from "./line-endings.js";

/** Where a file's readFileState entry lives: the path as the model wrote it, and its real path. */
export interface FileStateKeys {
  /** The absolute path (symlinks kept), as Read records it. */
  path: string;
  /** The path with symlinks followed. */
  realPath: string;
}

/** The recorded read of a file, under its path or (if Read recorded that) its real path. */
export function lookupFileState(cache: FileStateCache, keys: FileStateKeys): FileState | undefined {
  return (
    cache.get(keys.path) ?? (keys.realPath === keys.path ? undefined : cache.get(keys.realPath))
  );
}

/**
 * Records keel's own write as a full read of the new content, so a following Edit or Write
 * needs no re-read (Claude Code does the same).
 */
export function recordWrite(
  cache: FileStateCache,
  keys: FileStateKeys,
  content: string,
  mtimeMs: number,
): void {
  const state: FileState = { content: toLf(content), timestamp: Math.floor(mtimeMs) };
  cache.set(keys.path, state);
  if (keys.realPath !== keys.path && cache.get(keys.realPath))
    cache.set(keys.realPath, { ...state });
}

/** True when a read covered only part of the file. */
export function isPartialRead(state: FileState): boolean {
  return state.limit !== undefined || (state.offset !== undefined && state.offset > 1);
}

/** Whether the model's knowledge of a file is current enough to change it. */
export type Freshness =
  | { fresh: true }
  | { fresh: false; reason: "not-read" | "partially-read" | "modified" };

/**
 * Judges a file against what the model read: the same modification time is fresh; a different
 * time is still fresh when the model read the whole file and the text is unchanged (a touch, a
 * formatter that changed nothing). `needFullRead` (Write) refuses a read of only part.
 */
export function judgeFreshness(
  state: FileState | undefined,
  disk: { text: string; mtimeMs: number },
  needFullRead: boolean,
): Freshness {
  if (!state) return { fresh: false, reason: "not-read" };
  const partial = isPartialRead(state);
  if (needFullRead && partial) return { fresh: false, reason: "partially-read" };
  if (Math.floor(disk.mtimeMs) === Math.floor(state.timestamp)) return { fresh: true };
  if (!partial && sameText(disk.text, state.content)) return { fresh: true };
  return { fresh: false, reason: "modified" };
}

/**
 * Text equality as the model sees text: a byte-order mark, CRLF versus LF and one final line
 * break make no difference (Read stores lines joined by LF, without the last line break).
 */
function sameText(a: string, b: string): boolean {
  return asModelSees(a) === asModelSees(b);
}

function asModelSees(text: string): string {
  return toLf(text.replace(/^\uFEFF/, "")).replace(/\n$/, "");
}
