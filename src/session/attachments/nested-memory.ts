import type { Attachment } from "../../protocol/messages.js";
import type { FileStateCache } from "../../tools/file-state-cache.js";
import type { ReadPathTracker } from "./read-path-tracker.js";

/** A memory file that applies to a path the model touched. */
export interface NestedMemoryFile {
  path: string;
  content: string;
}

/**
 * Finds the memory files (CLAUDE.md, rules) that apply to the given touched paths and were not
 * attached before (the loader owns that bookkeeping). Written by the memory module; injected.
 */
export type NestedMemoryLoader = (paths: string[]) => Promise<NestedMemoryFile[]>;

/**
 * `nested_memory` attachments for the paths added to readFileState since the last pass; none
 * (and no loader call) when no path is new. The paths count as handled only when the loader
 * succeeded and the pass was not aborted, so a failed or timed-out pass tries them again.
 */
export async function nestedMemoryAttachments(
  readFileState: FileStateCache,
  tracker: ReadPathTracker,
  load: NestedMemoryLoader,
  signal?: AbortSignal,
): Promise<Attachment[]> {
  const paths = tracker.newPaths(readFileState);
  if (paths.length === 0) return [];
  const files = await load(paths);
  if (signal?.aborted) return [];
  tracker.markSeen(paths);
  return files.map((file) => ({ type: "nested_memory", path: file.path, content: file.content }));
}
