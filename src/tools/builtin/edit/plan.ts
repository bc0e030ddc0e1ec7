import type { FileStateCache } from "../../file-state-cache.js";
import type { TextFile } from "../file-io/disk-file.js";
import { loadEditableFile } from "../file-io/editable-file.js";
import type { ReadyChange, RefusedChange } from "../file-io/file-change.js";
import { type FileStateKeys, judgeFreshness, lookupFileState } from "../file-io/file-state.js";
import { stalenessMessage } from "../file-io/messages.js";
import { applyEdit, type EditRequest } from "./apply.js";
import { missingFileMessage } from "./similar-file.js";

/** What an Edit will do, or why it may not. */
export type EditPlan = RefusedChange | (ReadyChange & { replacements: number });

/** Claude Code's error for old_string and new_string being the same. */
export const NO_CHANGE_MESSAGE =
  "No changes to make: old_string and new_string are exactly the same.";

/** Claude Code's error for creating a file that already has content. */
export const FILE_EXISTS_MESSAGE = "Cannot create new file - file already exists.";

/** Refused because re-encoding text that was not valid UTF-8 would change bytes outside the edit. */
export const NOT_TEXT_MESSAGE =
  "File is not valid UTF-8 or UTF-16 text; keel will not edit it because saving it would change bytes outside the edit. Use Bash to change it.";

/** An edit of an existing text file: freshness first, then the replacement itself. */
function planExistingFile(
  disk: TextFile,
  request: EditRequest,
  keys: FileStateKeys,
  cache: FileStateCache,
): EditPlan {
  const previous = disk.ownership;
  if (request.old_string === "") {
    // Claude Code lets an empty old_string fill an empty file (no read needed: nothing to lose).
    if (disk.text.trim() !== "") return { ok: false, message: FILE_EXISTS_MESSAGE };
    const pending = { text: request.new_string, encoding: disk.encoding, previous };
    return { ok: true, before: disk.text, pending, replacements: 1 };
  }
  const verdict = judgeFreshness(lookupFileState(cache, keys), disk, false);
  if (!verdict.fresh) return { ok: false, message: stalenessMessage(verdict) };
  if (!disk.lossless) return { ok: false, message: NOT_TEXT_MESSAGE };
  const outcome = applyEdit(disk.text, request);
  if (!outcome.ok) return outcome;
  const pending = { text: outcome.updated, encoding: disk.encoding, previous };
  return { ok: true, before: disk.text, pending, replacements: outcome.replacements };
}

/**
 * Decides an Edit against the file on disk and what the model read (Claude Code's checks, in
 * its order). Run under the file's lock, so the plan is applied to the content it was made from.
 */
export async function planEdit(
  request: EditRequest,
  keys: FileStateKeys,
  cache: FileStateCache,
  cwd: string,
): Promise<EditPlan> {
  if (request.old_string === request.new_string) return { ok: false, message: NO_CHANGE_MESSAGE };
  const disk = await loadEditableFile(keys.path);
  switch (disk.kind) {
    case "refused":
      return { ok: false, message: disk.message };
    case "missing":
      if (request.old_string !== "")
        return { ok: false, message: await missingFileMessage(keys.path, cwd) };
      return {
        ok: true,
        before: "",
        pending: { text: request.new_string, encoding: "utf8", previous: undefined },
        replacements: 1,
      };
    case "file":
      return planExistingFile(disk, request, keys, cache);
  }
}
