import { resolve } from "node:path";
import type { HookEngine } from "../hooks/engine.js";
import {
  type FileChangeKind,
  type FileWatch,
  watchedFiles,
  watchFiles,
} from "../hooks/file-changed-watch.js";
import { fileChanged } from "../hooks/session-hooks.js";

/** What FileChanged hooks watch in a session, kept up to date. */
export interface FileChangedWatcher {
  /** Starts watching; `close` stops it for good. */
  start(): FileWatch;
  /** Files hooks asked to watch (`watchPaths`); a relative one is in the session's folder. */
  add(paths: readonly string[]): void;
  /** The hooks in force changed (a settings reload): the files their matchers name now. */
  refresh(): void;
}

/**
 * The files FileChanged hooks hear of: those the matchers of the hooks in force name, and
 * those any hook asked for with `watchPaths` (added, never taken away, for the session's life).
 * A change of either set re-makes the watch; before `start`, nothing is watched.
 */
export function fileChangedWatcher(
  engine: HookEngine,
  cwd: string,
  settleMs?: number,
): FileChangedWatcher {
  const asked = new Set<string>();
  let watch: FileWatch | undefined;
  let watched = "";
  const rewatch = () => {
    if (watch === undefined) return;
    const paths = [...new Set([...watchedFiles(engine.config(), cwd), ...asked])].sort();
    // Re-made only when the set differs: a reload that leaves it alone loses no event.
    if (paths.join("\n") === watched) return;
    watch.close();
    watched = paths.join("\n");
    watch = watchFiles(paths, changed, settleMs);
  };
  const add = (paths: readonly string[]) => {
    const before = asked.size;
    for (const path of paths) asked.add(resolve(cwd, path));
    if (asked.size !== before) rewatch();
  };
  const changed = (path: string, kind: FileChangeKind) => {
    void fileChanged(engine, { file_path: path, event: kind }).then(add);
  };
  return {
    start: () => {
      // A watch of nothing, until rewatch finds files.
      watch = { close: () => {} };
      rewatch();
      return {
        close: () => {
          watch?.close();
          watch = undefined;
        },
      };
    },
    add,
    refresh: rewatch,
  };
}
