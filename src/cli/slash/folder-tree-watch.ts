import { type FSWatcher, readdirSync, statSync, watch } from "node:fs";
import { join } from "node:path";
import type { FileWatch } from "../../hooks/file-changed-watch.js";

/** Changes closer together than this are one (an editor's save, a skill copied in). */
export const FOLDER_CHANGE_SETTLE_MS = 100;

/** How deep below a watched folder changes are seen (a skill's folder, a command namespace). */
const MAX_DEPTH = 3;

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Watches folders and the folders below them (to MAX_DEPTH, those made later too) and tells of
 * any change once it has settled. Each folder is watched on its own: Node 20's recursive watch
 * on Linux polls every file. A folder missing at the start is not watched (as in Claude Code,
 * a skills folder made mid-session needs a new session). Never keeps the process alive.
 */
export function watchFolderTrees(
  roots: readonly string[],
  onChange: () => void,
  settleMs = FOLDER_CHANGE_SETTLE_MS,
): FileWatch {
  const watchers = new Map<string, FSWatcher>();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const changed = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      if (!closed) onChange();
    }, settleMs);
    timer.unref();
  };
  const add = (folder: string, depth: number) => {
    if (closed || watchers.has(folder)) return;
    let watcher: FSWatcher;
    try {
      watcher = watch(folder, { persistent: false }, (_type, name) => {
        const path = name ? join(folder, name.toString()) : undefined;
        if (path) {
          // A folder removed, or removed and made again, is watched anew (or no more).
          watchers.get(path)?.close();
          watchers.delete(path);
          if (depth < MAX_DEPTH && isFolder(path)) add(path, depth + 1);
        }
        changed();
      });
    } catch {
      // Gone already, or unreadable: nothing to watch there.
      return;
    }
    watcher.on("error", () => {
      watcher.close();
      watchers.delete(folder);
    });
    watchers.set(folder, watcher);
    if (depth < MAX_DEPTH) {
      for (const entry of safeEntries(folder)) {
        const path = join(folder, entry);
        if (isFolder(path)) add(path, depth + 1);
      }
    }
  };
  for (const root of new Set(roots)) if (isFolder(root)) add(root, 0);
  return {
    close: () => {
      closed = true;
      if (timer) clearTimeout(timer);
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}

function safeEntries(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
}
