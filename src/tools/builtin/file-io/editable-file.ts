import { type DiskFile, loadDiskFile, MAX_EDITABLE_BYTES, type TextFile } from "./disk-file.js";
import {
  fileSystemErrorMessage,
  isDirectoryMessage,
  notRegularMessage,
  tooLargeMessage,
} from "./messages.js";

/** What Write and Edit can start from: a text file, nothing yet, or why the path cannot be changed. */
export type EditableFile = TextFile | { kind: "missing" } | { kind: "refused"; message: string };

/** The model-facing reason a file tool will not change what is at `path`. */
function refusal(disk: Exclude<DiskFile, EditableFile>, path: string): string {
  switch (disk.kind) {
    case "directory":
      return isDirectoryMessage(path);
    case "not-regular":
      return notRegularMessage(path);
    case "too-large":
      return tooLargeMessage(disk.size, MAX_EDITABLE_BYTES);
  }
}

/**
 * Loads the file a Write or Edit is about to change; a failure to read it, a folder, a pipe or
 * device and a file too large to load all become the refusal the model is shown.
 */
export async function loadEditableFile(path: string): Promise<EditableFile> {
  let disk: DiskFile;
  try {
    disk = await loadDiskFile(path);
  } catch (error) {
    return { kind: "refused", message: fileSystemErrorMessage(error, path, "read") };
  }
  if (disk.kind === "file" || disk.kind === "missing") return disk;
  return { kind: "refused", message: refusal(disk, path) };
}
