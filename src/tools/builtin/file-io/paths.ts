import { lstat, readlink, realpath } from "node:fs/promises";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";

/** The absolute path a tool's `file_path` names: `~` expanded, relative paths taken from `cwd`. */
export function resolveToolPath(filePath: string, cwd: string, home: string): string {
  if (filePath === "~") return home;
  if (filePath.startsWith("~/")) return resolve(home, filePath.slice(2));
  return resolve(cwd, filePath);
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}

const MAX_LINK_HOPS = 40;

/**
 * Where writing `path` really lands, with every symlink followed — also when the file (or a
 * symlink's target) does not exist yet, so a new file behind a dangling link is found.
 */
export async function realPathOf(path: string, hops = 0): Promise<string> {
  try {
    return await realpath(path);
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  const parent = dirname(path);
  if (parent === path) return path;
  const link = await lstat(path).catch(() => undefined);
  if (link?.isSymbolicLink() && hops < MAX_LINK_HOPS) {
    const target = await readlink(path);
    return realPathOf(resolve(parent, target), hops + 1);
  }
  return join(await realPathOf(parent, hops), basename(path));
}

/** True when `path` is `folder` or somewhere below it (both absolute). */
export function isInsideFolder(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

/**
 * True when `path` lies inside one of `folders`, judged both by the path as written and by
 * where its symlinks lead (a link inside the project pointing at /etc is not inside).
 */
export async function isInsideFolders(path: string, folders: readonly string[]): Promise<boolean> {
  if (!folders.some((folder) => isInsideFolder(path, folder))) return false;
  const real = await realPathOf(path);
  const realFolders = await Promise.all(folders.map((folder) => realPathOf(folder)));
  return realFolders.some((folder) => isInsideFolder(real, folder));
}
