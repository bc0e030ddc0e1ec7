import { lstat, readlink, realpath } from "node:fs/promises";
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

/** Symlink chains longer than this are treated as loops (the kernel's own limit). */
const MAX_LINK_HOPS = 40;

/**
 * Where `path` really leads, with every symlink followed — also when the path does not (fully)
 * exist yet: a dangling link is followed to its target and a missing tail is kept as written.
 * Permission checks and writes use this, so a link inside a working folder that points outside
 * it is judged (and written) by where it points. Failures other than "missing" are thrown.
 */
export async function realPathOf(path: string, hops = 0): Promise<string> {
  try {
    return await realpath(path);
  } catch (error) {
    if (!isMissingPathError(error)) throw error;
  }
  const parent = dirname(path);
  if (parent === path) return path;
  const realParent = await realPathOf(parent, hops);
  const link = await lstat(path).catch(() => undefined);
  if (link?.isSymbolicLink() && hops < MAX_LINK_HOPS) {
    // A relative target starts at the folder the link really sits in, as the kernel reads it.
    return realPathOf(resolve(realParent, await readlink(path)), hops + 1);
  }
  return join(realParent, basename(path));
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
