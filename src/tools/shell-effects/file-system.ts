import {
  accessSync,
  constants,
  lstatSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  statSync,
} from "node:fs";
import { dirname, isAbsolute, join, resolve, sep } from "node:path";

/**
 * The file-system reads the analysis makes, synchronous on purpose: a verdict is also needed
 * where no promise can be awaited (a tool's `isReadOnly`), and each read is a local stat.
 * Tests may inject a view.
 */
export interface FileSystemView {
  /** What is at a path, without following a final symlink; undefined when nothing is. */
  entry(path: string): FileEntry | undefined;
  /** Where a symlink points, as written in it. */
  linkTarget(path: string): string;
  /** The names in a folder (empty when it cannot be read). */
  names(folder: string): string[];
  /** True when the file exists, follows links, and may be executed. */
  isExecutable(path: string): boolean;
  /** A small text file's content; undefined when it cannot be read. */
  text(path: string): string | undefined;
}

/** What kind of thing is at a path. */
export type FileEntry = "file" | "directory" | "symlink" | "other";

/** The view over the real file system. */
export const realFileSystem: FileSystemView = {
  entry(path) {
    try {
      const info = lstatSync(path);
      if (info.isSymbolicLink()) return "symlink";
      if (info.isDirectory()) return "directory";
      return info.isFile() ? "file" : "other";
    } catch {
      return undefined;
    }
  },
  linkTarget: (path) => readlinkSync(path),
  names(folder) {
    try {
      return readdirSync(folder);
    } catch {
      return [];
    }
  },
  isExecutable(path) {
    try {
      if (!statSync(path).isFile()) return false;
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  },
  text(path) {
    try {
      return readFileSync(path, "utf8");
    } catch {
      return undefined;
    }
  },
};

/** Symlink chains longer than this are loops to the kernel (ELOOP). */
const MAX_LINK_HOPS = 40;

/**
 * Where a path leads, read the way the kernel reads it: component by component, each symlink
 * followed as it is met (so `link/..` is the parent of the link's target, not the folder
 * holding the link), dangling links followed to where they point, and a missing tail kept as
 * written. `path` is absolute and not normalised (its `..` matter).
 */
export function physicalPath(path: string, fs: FileSystemView): string {
  return walkPhysical("/", path.split("/"), fs, { hops: 0 });
}

function walkPhysical(
  start: string,
  components: readonly string[],
  fs: FileSystemView,
  budget: { hops: number },
): string {
  let current = start;
  let missing = false;
  for (const component of components) {
    if (component === "" || component === ".") continue;
    if (component === "..") {
      current = dirname(current);
      continue;
    }
    const next = join(current, component);
    if (missing) {
      current = next;
      continue;
    }
    const kind = fs.entry(next);
    if (kind === undefined) missing = true;
    if (kind !== "symlink" || budget.hops >= MAX_LINK_HOPS) {
      current = next;
      continue;
    }
    budget.hops++;
    const target = fs.linkTarget(next);
    current = walkPhysical(isAbsolute(target) ? "/" : current, target.split("/"), fs, budget);
  }
  return current;
}

/** The path as bash writes it to the kernel, `..` and `.` resolved by name only. */
export function lexicalPath(path: string): string {
  return resolve(path);
}

/** True when `path` is `folder` or lies below it (both absolute and normalised). */
export function isInside(path: string, folder: string): boolean {
  if (path === folder) return true;
  return path.startsWith(folder.endsWith(sep) ? folder : folder + sep);
}
