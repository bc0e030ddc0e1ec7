import { basename, dirname, isAbsolute, resolve, sep } from "node:path";

/** Resolves an absolute path through symlinks; throws when it does not exist. */
export type RealPath = (absolutePath: string) => string;

/** Where paths are resolved from and which folders they must stay in. */
export interface PathScope {
  /** Every directory the command may be in when a path is used (after `cd`s). */
  cwds: readonly string[];
  /** The working folders, resolved. */
  roots: readonly string[];
  realpath?: RealPath;
}

const GLOB_CHARS = /[*?[]/;

/** Devices that are harmless to read or write, wherever the working folders are. */
export const HARMLESS_DEVICES: ReadonlySet<string> = new Set([
  "/dev/null",
  "/dev/stdin",
  "/dev/stdout",
  "/dev/stderr",
]);

/** The working folders as the containment check compares them. */
export function resolveRoots(dirs: readonly string[], realpath?: RealPath): string[] {
  return dirs.map((dir) => physical(resolve(dir), realpath));
}

/**
 * Why a path argument is not provably inside the working folders, or undefined when it is.
 * `..` is accepted only as leading segments (after a symlink, `a/..` is not `.`), and a glob
 * segment may not start with `.` or `[` (it could match `..`).
 */
export function pathProblem(value: string, scope: PathScope): string | undefined {
  if (value === "-" || HARMLESS_DEVICES.has(value)) return undefined; // "-" is standard input
  const segments = value.split("/");
  const firstName = segments.findIndex((s) => s !== ".." && s !== "." && s !== "");
  if (firstName !== -1 && segments.slice(firstName).includes("..")) {
    return `${value} climbs out of a folder it names`;
  }
  if (segments.some((s) => GLOB_CHARS.test(s) && (s.startsWith(".") || s.startsWith("[")))) {
    return `${value} has a pattern that may match ..`;
  }
  for (const cwd of scope.cwds) {
    const absolute = isAbsolute(value) ? resolve(value) : resolve(cwd, value);
    const real = physical(absolute, scope.realpath);
    if (!scope.roots.some((root) => isInside(real, root))) {
      return `${value} is outside the working folders`;
    }
  }
  return undefined;
}

/** The path with symlinks resolved as far as it exists (the rest appended as written). */
export function physical(absolute: string, realpath?: RealPath): string {
  if (!realpath) return absolute;
  try {
    return realpath(absolute);
  } catch {
    const parent = dirname(absolute);
    if (parent === absolute) return absolute;
    return resolve(physical(parent, realpath), basename(absolute));
  }
}

function isInside(path: string, root: string): boolean {
  if (path === root) return true;
  return path.startsWith(root.endsWith(sep) ? root : root + sep);
}
