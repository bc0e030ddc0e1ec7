import type { Freshness } from "./file-state.js";

/** Claude Code's words for a file the model has not read (models know how to react to them). */
export const NOT_READ_MESSAGE = "File has not been read yet. Read it first before writing to it.";

/** Claude Code's words for a file that changed after the model read it. */
export const MODIFIED_SINCE_READ_MESSAGE =
  "File has been modified since read, either by the user or by a linter. Read it again before attempting to write it.";

/** Asked of Write when only part of an existing file was read. */
export const PARTIALLY_READ_MESSAGE =
  "File has only been read in part. Read the whole file (no offset or limit) before overwriting it.";

/** The error for a file that is not fresh enough to change. */
export function stalenessMessage(verdict: Freshness & { fresh: false }): string {
  switch (verdict.reason) {
    case "not-read":
      return NOT_READ_MESSAGE;
    case "partially-read":
      return PARTIALLY_READ_MESSAGE;
    case "modified":
      return MODIFIED_SINCE_READ_MESSAGE;
  }
}

/** The error for a path that is a folder. */
export function isDirectoryMessage(path: string): string {
  return `${path} is a directory, not a file.`;
}

/** The error for a FIFO, socket or device. */
export function notRegularMessage(path: string): string {
  return `${path} is not a regular file (a pipe, socket or device); keel only writes regular files.`;
}

/** The error for a file too big to load. */
export function tooLargeMessage(size: number, max: number): string {
  const mib = (n: number) => `${(n / (1024 * 1024)).toFixed(1)} MiB`;
  return `File is too large to edit (${mib(size)}). Maximum editable file size is ${mib(max)}.`;
}

/** The error a file-system failure becomes, naming the path and what to check. */
export function fileSystemErrorMessage(
  error: unknown,
  path: string,
  action: "read" | "write",
): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === "EACCES" || code === "EPERM") return `Permission denied: cannot ${action} ${path}.`;
  if (code === "EROFS") return `${path} is on a read-only file system.`;
  if (code === "ENOSPC") return `No space left on the device holding ${path}.`;
  const reason = error instanceof Error ? error.message : String(error);
  return `Could not ${action} ${path}: ${reason}`;
}
