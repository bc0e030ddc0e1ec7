import type { FileStateCache } from "../../file-state-cache.js";
import { loadEditableFile } from "../file-io/editable-file.js";
import type { ReadyChange, RefusedChange } from "../file-io/file-change.js";
import { type FileStateKeys, judgeFreshness, lookupFileState } from "../file-io/file-state.js";
import { stalenessMessage } from "../file-io/messages.js";

/** What a Write will do, or why it may not. */
export type WritePlan = RefusedChange | (ReadyChange & { type: "create" | "update" });

/**
 * Decides a Write against the file on disk and what the model read: a new file is always
 * fine; an existing one must have been read in full and be unchanged since.
 */
export async function planWrite(
  keys: FileStateKeys,
  content: string,
  cache: FileStateCache,
): Promise<WritePlan> {
  const disk = await loadEditableFile(keys.path);
  switch (disk.kind) {
    case "refused":
      return { ok: false, message: disk.message };
    case "missing":
      return {
        ok: true,
        type: "create",
        before: "",
        pending: { text: content, encoding: "utf8", previous: undefined },
      };
  }
  const verdict = judgeFreshness(lookupFileState(cache, keys), disk, true);
  if (!verdict.fresh) return { ok: false, message: stalenessMessage(verdict) };
  const pending = { text: content, encoding: disk.encoding, previous: disk.ownership };
  return { ok: true, type: "update", before: disk.text, pending };
}
