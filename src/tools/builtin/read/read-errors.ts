import { errorCode } from "../file-paths.js";
import { findSimilarFile } from "./similar-name.js";

/** The error for a path that does not exist, with a close name when the folder has one. */
export async function missingFileMessage(path: string, cwd: string): Promise<string> {
  const similar = await findSimilarFile(path);
  const hint = similar ? ` Did you mean ${similar}?` : "";
  return `File does not exist: ${path}.${hint} Note: the current working directory is ${cwd}.`;
}

/** A clear message for a file-system error met while reading `path`. */
export async function readErrorMessage(error: unknown, path: string, cwd: string): Promise<string> {
  switch (errorCode(error)) {
    case "ENOENT":
      return missingFileMessage(path, cwd);
    case "ENOTDIR":
      return `Cannot read ${path}: a part of the path before the file name is a file, not a folder.`;
    case "EACCES":
    case "EPERM":
      return `Permission denied: ${path} cannot be read by this process.`;
    case "ELOOP":
      return `Cannot read ${path}: the path has a symbolic-link loop.`;
    case "ENAMETOOLONG":
      return `Cannot read ${path}: the path is too long.`;
    default:
      return `Cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** The message for a directory given to Read. */
export function directoryMessage(path: string): string {
  return `${path} is a directory, not a file. To see what it holds, use Glob with path "${path}", or run ls through Bash.`;
}
