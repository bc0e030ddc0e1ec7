import type { FileState, FileStateCache } from "../../file-state-cache.js";

/** The window of lines a Read shows: defaults filled in, so equal windows compare equal. */
export interface ReadRange {
  /** 1-based first line. */
  offset: number;
  /** Most lines shown. */
  limit: number;
}

/** The window of a Read input: offset 0 or none is the first line, no limit the default window. */
export function readRange(
  offset: number | undefined,
  limit: number | undefined,
  defaultLines: number,
): ReadRange {
  return { offset: Math.max(1, offset ?? 1), limit: limit ?? defaultLines };
}

/**
 * True when the model already has this window of the file in its conversation: an earlier Read
 * (not a Write or Edit) of the unchanged file showed the whole file or the same window.
 */
export function alreadyRead(
  state: FileState | undefined,
  range: ReadRange,
  mtimeMs: number,
): boolean {
  if (!state?.fromRead || state.timestamp !== mtimeMs) return false;
  if (state.offset === undefined && state.limit === undefined) return true;
  return state.offset === range.offset && state.limit === range.limit;
}

/** Records a Read that showed the whole file: no offset or limit (Write and Edit rely on this). */
export function recordWholeRead(
  cache: FileStateCache,
  path: string,
  content: string,
  mtimeMs: number,
): void {
  cache.set(path, { content, timestamp: mtimeMs, fromRead: true });
}

/** Records a Read that showed part of the file: offset and limit are always set. */
export function recordPartialRead(
  cache: FileStateCache,
  path: string,
  content: string,
  mtimeMs: number,
  range: ReadRange,
): void {
  cache.set(path, {
    content,
    timestamp: mtimeMs,
    offset: range.offset,
    limit: range.limit,
    fromRead: true,
  });
}
