import { createHash } from "node:crypto";
import type { Stats } from "node:fs";
import { lstat, readdir, readFile, readlink } from "node:fs/promises";
import { join, relative } from "node:path";

/** What is recorded of one file system entry (symlinks are never followed). */
export interface Entry {
  type: "file" | "dir" | "symlink" | "other";
  mode: number;
  size: number;
  mtimeMs: number;
  sha1?: string;
  target?: string;
}

/** Every entry under the watched roots, by path relative to the machine (e.g. `project/.git/index`). */
export type Snapshot = Map<string, Entry>;

/** One difference between two snapshots. */
export interface Change {
  path: string;
  kind: "created" | "deleted" | "changed";
  /** For "changed": which recorded fields differ. */
  fields?: (keyof Entry)[];
}

function typeOf(stats: Stats): Entry["type"] {
  if (stats.isSymbolicLink()) return "symlink";
  if (stats.isDirectory()) return "dir";
  return stats.isFile() ? "file" : "other";
}

async function entryOf(path: string, stats: Stats): Promise<Entry> {
  const entry: Entry = {
    type: typeOf(stats),
    mode: stats.mode,
    size: stats.size,
    mtimeMs: stats.mtimeMs,
  };
  if (entry.type === "file") {
    entry.sha1 = createHash("sha1")
      .update(await readFile(path))
      .digest("hex");
  }
  if (entry.type === "symlink") entry.target = await readlink(path);
  return entry;
}

/** Entries under `path` (itself included); siblings are read in parallel, as this runs per case twice. */
async function walk(path: string, base: string, into: Snapshot): Promise<void> {
  let stats: Stats;
  try {
    stats = await lstat(path);
  } catch {
    return; // a root that does not exist (yet) has no entries
  }
  into.set(relative(base, path), await entryOf(path, stats));
  if (!stats.isDirectory()) return;
  const names = await readdir(path);
  await Promise.all(names.map((name) => walk(join(path, name), base, into)));
}

/** Records every entry under `roots`, keyed relative to `base`. */
export async function snapshot(base: string, roots: readonly string[]): Promise<Snapshot> {
  const into: Snapshot = new Map();
  await Promise.all(roots.map((root) => walk(root, base, into)));
  return into;
}

const FIELDS: (keyof Entry)[] = ["type", "mode", "size", "mtimeMs", "sha1", "target"];

/** Entries created, deleted or changed between two snapshots, in path order. */
export function diff(before: Snapshot, after: Snapshot): Change[] {
  const changes: Change[] = [];
  for (const [path, old] of before) {
    const now = after.get(path);
    if (!now) {
      changes.push({ path, kind: "deleted" });
      continue;
    }
    const fields = FIELDS.filter((field) => old[field] !== now[field]);
    if (fields.length > 0) changes.push({ path, kind: "changed", fields });
  }
  for (const path of after.keys()) if (!before.has(path)) changes.push({ path, kind: "created" });
  return changes.sort((a, b) => a.path.localeCompare(b.path));
}

/**
 * Changes nobody needs to explain: keel's own state, git refreshing its index (`git status`
 * and `git diff` rewrite `.git/index` through `index.lock`, which also touches `.git`'s mtime),
 * and whatever paths the case declares.
 */
export function isNoise(change: Change, declared: readonly string[] = []): boolean {
  const { path } = change;
  if (path === "state" || path.startsWith("state/")) return true;
  if (path === "project/.git/index" && change.kind === "changed") return true;
  if (path === "project/.git" && change.kind === "changed") {
    return change.fields?.every((field) => field === "mtimeMs") ?? false;
  }
  return declared.some((p) => path === p || path.startsWith(`${p}/`));
}

/** The changes that are not noise: each one is something a command did. */
export function effects(changes: readonly Change[], declared: readonly string[] = []): Change[] {
  return changes.filter((change) => !isNoise(change, declared));
}

/** The markers (by name) that appear in a text. */
export function leakedMarkers(text: string, markers: Readonly<Record<string, string>>): string[] {
  return Object.entries(markers)
    .filter(([, marker]) => text.includes(marker))
    .map(([name]) => name);
}
