import { readFile } from "node:fs/promises";
import { diffLines } from "diff";
import { isMissingPathError } from "../../tools/builtin/file-paths.js";
import type { SavedState } from "./file-history.js";

/** What a rewind changes: the files whose content differs from their saved state, and lines. */
export interface RewindStats {
  filesChanged: string[];
  /** Lines the changes since the turn added (a rewind takes them out). */
  insertions: number;
  /** Lines the changes since the turn removed (a rewind puts them back). */
  deletions: number;
}

async function currentBytes(path: string): Promise<Uint8Array | undefined> {
  try {
    return await readFile(path);
  } catch (error) {
    if (isMissingPathError(error)) return undefined;
    throw error;
  }
}

function sameBytes(a: Uint8Array | undefined, b: Uint8Array | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return Buffer.from(a).equals(b);
}

/** One file a rewind changes, with the lines the changes since its saved state added and removed. */
export interface FileChange {
  path: string;
  insertions: number;
  deletions: number;
}

/**
 * Compares each file now with the state a rewind would restore: files already as they were
 * are left out, and lines are counted as the changes made since (saved state → now).
 */
export async function fileChanges(states: readonly SavedState[]): Promise<FileChange[]> {
  const changes: FileChange[] = [];
  for (const { path, saved } of states) {
    const now = await currentBytes(path);
    if (sameBytes(saved, now)) continue;
    const change = { path, insertions: 0, deletions: 0 };
    const before = saved === undefined ? "" : Buffer.from(saved).toString("utf8");
    const after = now === undefined ? "" : Buffer.from(now).toString("utf8");
    for (const part of diffLines(before, after)) {
      if (part.added) change.insertions += part.count ?? 0;
      if (part.removed) change.deletions += part.count ?? 0;
    }
    changes.push(change);
  }
  return changes;
}

/** The changes summed up, as the SDK's RewindFilesResult counts them. */
export function rewindStats(changes: readonly FileChange[]): RewindStats {
  return {
    filesChanged: changes.map((change) => change.path),
    insertions: changes.reduce((sum, change) => sum + change.insertions, 0),
    deletions: changes.reduce((sum, change) => sum + change.deletions, 0),
  };
}
