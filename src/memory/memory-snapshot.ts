import { readdir, readFile, rm } from "node:fs/promises";
import { join, relative } from "node:path";
import { DREAM_LOCK } from "./dream-lock.js";

/** The files of a memory folder (relative path → content), the lock aside. */
export type MemorySnapshot = ReadonlyMap<string, string>;

/** Reads every regular file below the folder (symlinks are not followed). */
export async function snapshotMemory(memoryDir: string): Promise<MemorySnapshot> {
  const files = new Map<string, string>();
  const entries = await readdir(memoryDir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() || entry.name === DREAM_LOCK) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(memoryDir, path), await readFile(path, "utf8"));
  }
  return files;
}

/** What a pass did to the folder, by file. */
export interface MemoryChanges {
  added: string[];
  removed: string[];
  changed: string[];
}

export function diffSnapshots(before: MemorySnapshot, after: MemorySnapshot): MemoryChanges {
  const added = [...after.keys()].filter((path) => !before.has(path));
  const removed = [...before.keys()].filter((path) => !after.has(path));
  const changed = [...after.keys()].filter(
    (path) => before.has(path) && before.get(path) !== after.get(path),
  );
  return { added, removed, changed };
}

/** Deletes the topic files a pass emptied (its way to remove one); returns their paths. */
export async function removeEmptied(memoryDir: string, after: MemorySnapshot): Promise<string[]> {
  const emptied = [...after].filter(([path, text]) => path.endsWith(".md") && text.trim() === "");
  await Promise.all(emptied.map(([path]) => rm(join(memoryDir, path), { force: true })));
  return emptied.map(([path]) => path);
}
