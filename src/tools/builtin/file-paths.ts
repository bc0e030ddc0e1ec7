import { readlink, realpath } from "node:fs/promises";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";

/** A path the model gave as an absolute path: `~` is the home folder, relative paths start at `cwd`. */
export function resolveInputPath(input: string, cwd: string, home: string): string {
  if (input === "~") return home;
  if (input.startsWith("~/")) return join(home, input.slice(2));
  return resolve(cwd, input);
}

/** True when `path` is `folder` itself or lies under it (both absolute). */
export function isWithinFolder(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  if (rel === "") return true;
  return rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}

/** Symlink chains longer than this are treated as loops. */
const MAX_LINK_DEPTH = 40;

/**
 * The path with every symlink resolved, also when the path does not (fully) exist: a dangling
 * link is followed to its target and a missing tail is kept as written. Permission checks use
 * this, so a link inside a working folder that points outside it is judged by where it points.
 */
export async function realPathOf(path: string, depth = 0): Promise<string> {
  try {
    return await realpath(path);
  } catch (error) {
    if (!isMissingPathError(error) || depth > MAX_LINK_DEPTH) return path;
  }
  const parent = dirname(path);
  if (parent === path) return path;
  const realParent = await realPathOf(parent, depth + 1);
  try {
    const target = await readlink(path);
    return await realPathOf(resolve(realParent, target), depth + 1);
  } catch {
    return join(realParent, basename(path));
  }
}

/** The error code of a failed file-system call, if it has one. */
export function errorCode(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null || !("code" in error)) return undefined;
  return typeof error.code === "string" ? error.code : undefined;
}

/** True for the errors that mean "nothing is there" (as opposed to "not allowed"). */
export function isMissingPathError(error: unknown): boolean {
  const code = errorCode(error);
  return code === "ENOENT" || code === "ENOTDIR";
}
