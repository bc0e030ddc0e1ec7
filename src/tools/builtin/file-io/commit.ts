import { mkdir, stat } from "node:fs/promises";
import { dirname } from "node:path";
import type { FileStateCache } from "../../file-state-cache.js";
import { type AtomicWriteSteps, type FileOwnership, writeFileAtomic } from "./atomic-write.js";
import { encodeText, type TextEncodingKind } from "./encoding.js";
import { type FileStateKeys, recordWrite } from "./file-state.js";
import { fileSystemErrorMessage } from "./messages.js";

/** The new content of a file and how to store it. */
export interface PendingWrite {
  text: string;
  encoding: TextEncodingKind;
  /** The replaced file's mode and owner; undefined for a new file. */
  previous: FileOwnership | undefined;
}

/**
 * Writes a file's new text atomically at its real path (so a symlink stays a link and its
 * target changes), creating missing parent folders, then records the write in readFileState.
 */
export async function commitWrite(
  keys: FileStateKeys,
  pending: PendingWrite,
  cache: FileStateCache,
  steps: AtomicWriteSteps,
): Promise<void> {
  const bytes = encodeText(pending.text, pending.encoding);
  try {
    await mkdir(dirname(keys.realPath), { recursive: true });
    await writeFileAtomic(keys.realPath, bytes, pending.previous, steps);
  } catch (error) {
    throw new Error(fileSystemErrorMessage(error, keys.path, "write"), { cause: error });
  }
  const written = await stat(keys.realPath);
  recordWrite(cache, keys, pending.text, written.mtimeMs);
}
