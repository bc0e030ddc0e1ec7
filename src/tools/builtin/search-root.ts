import { stat } from "node:fs/promises";
import { errorCode } from "./file-paths.js";

/** What a search (Glob or Grep) runs over. */
export interface SearchRoot {
  path: string;
  isDirectory: boolean;
}

/** Checks that a search path exists, with clear errors when it does not. */
export async function findSearchRoot(path: string, cwd: string): Promise<SearchRoot> {
  try {
    const info = await stat(path);
    return { path, isDirectory: info.isDirectory() };
  } catch (error) {
    const code = errorCode(error);
    if (code === "ENOENT" || code === "ENOTDIR") {
      throw new Error(
        `Path does not exist: ${path}. Note: the current working directory is ${cwd}.`,
      );
    }
    if (code === "EACCES" || code === "EPERM")
      throw new Error(`Permission denied: cannot search ${path}.`);
    throw new Error(
      `Cannot search ${path}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** The search path of a Glob, which must be a folder. */
export async function findSearchFolder(path: string, cwd: string): Promise<string> {
  const root = await findSearchRoot(path, cwd);
  if (!root.isDirectory) {
    throw new Error(
      `${path} is not a directory. Give Glob a folder as path (to read a file, use Read).`,
    );
  }
  return root.path;
}
