import type { FileStateCache } from "../../file-state-cache.js";
import type { PendingWrite } from "../file-io/commit.js";
import { type DiskFile, loadDiskFile, MAX_EDITABLE_BYTES } from "../file-io/disk-file.js";
import { type FileStateKeys, judgeFreshness, lookupFileState } from "../file-io/file-state.js";
import {
  fileSystemErrorMessage,
  isDirectoryMessage,
  notRegularMessage,
  stalenessMessage,
  tooLargeMessage,
} from "../file-io/messages.js";

/** What a Write will do, or why it may not. */
export type WritePlan =
  | { ok: false; message: string }
  | { ok: true; type: "create" | "update"; before: string; pending: PendingWrite };

/**
 * Decides a Write against the file on disk and what the model read: a new file is always
 * fine; an existing one must have been read in full and be unchanged since.
 */
export async function planWrite(
  keys: FileStateKeys,
  content: string,
  cache: FileStateCache,
): Promise<WritePlan> {
  let disk: DiskFile;
  try {
    disk = await loadDiskFile(keys.path);
  } catch (error) {
    return { ok: false, message: fileSystemErrorMessage(error, keys.path, "read") };
  }
  switch (disk.kind) {
    case "missing":
      return {
        ok: true,
        type: "create",
        before: "",
        pending: { text: content, encoding: "utf8", previous: undefined },
      };
    case "directory":
      return { ok: false, message: isDirectoryMessage(keys.path) };
    case "not-regular":
      return { ok: false, message: notRegularMessage(keys.path) };
    case "too-large":
      return { ok: false, message: tooLargeMessage(disk.size, MAX_EDITABLE_BYTES) };
  }
  const verdict = judgeFreshness(lookupFileState(cache, keys), disk, true);
  if (!verdict.fresh) return { ok: false, message: stalenessMessage(verdict) };
  const pending = { text: content, encoding: disk.encoding, previous: disk.ownership };
  return { ok: true, type: "update", before: disk.text, pending };
}
