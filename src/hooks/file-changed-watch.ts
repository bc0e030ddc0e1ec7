import { existsSync, type FSWatcher, watch } from "node:fs";
import { dirname, isAbsolute, join } from "node:path";
import type { HooksConfig } from "./config.js";

/** How a watched file changed (FileChanged's `event`). */
export type FileChangeKind = "change" | "add" | "unlink";

/** Events of one file closer together than this are one event (a save is often several). */
export const FILE_CHANGE_SETTLE_MS = 50;

/**
 * The files FileChanged matchers register, as Claude Code reads them: literal file names
 * separated by `|`, in the session's folder (an absolute path as it is); `*` or no matcher
 * names none.
 */
export function watchedFiles(config: HooksConfig, cwd: string): string[] {
  const names = (config.FileChanged ?? [])
    .flatMap((group) => (group.matcher ?? "").split("|"))
    .map((name) => name.trim())
    .filter((name) => name !== "" && name !== "*");
  return [...new Set(names.map((name) => (isAbsolute(name) ? name : join(cwd, name))))];
}

/** Two events of a file within the settle time, as one. */
function merged(pending: FileChangeKind | undefined, next: FileChangeKind): FileChangeKind {
  if (pending === "add" && next === "change") return "add";
  if (pending === "unlink" && next === "add") return "change";
  return next;
}

/** A running watch; `close` stops it. */
export interface FileWatch {
  close(): void;
}

/**
 * Watches files (each through its folder, so a file that does not exist yet, or is replaced
 * by a rename, is seen) and tells each add, change and unlink, settled. A folder that does
 * not exist is not watched. Never keeps the process alive.
 */
export function watchFiles(
  paths: readonly string[],
  onChange: (path: string, kind: FileChangeKind) => void,
  settleMs = FILE_CHANGE_SETTLE_MS,
): FileWatch {
  const present = new Map(paths.map((path) => [path, existsSync(path)]));
  const pending = new Map<string, FileChangeKind>();
  const seen = (path: string) => {
    const was = present.get(path);
    if (was === undefined) return;
    const now = existsSync(path);
    present.set(path, now);
    const kind: FileChangeKind | undefined = now
      ? was
        ? "change"
        : "add"
      : was
        ? "unlink"
        : undefined;
    if (kind === undefined) return;
    if (!pending.has(path)) {
      setTimeout(() => {
        const settled = pending.get(path);
        pending.delete(path);
        if (settled) onChange(path, settled);
      }, settleMs).unref();
    }
    pending.set(path, merged(pending.get(path), kind));
  };
  const watchers: FSWatcher[] = [];
  for (const folder of new Set(paths.map((path) => dirname(path)))) {
    if (!existsSync(folder)) continue;
    const watcher = watch(folder, { persistent: false }, (_type, name) => {
      if (name) seen(join(folder, name.toString()));
    });
    watcher.on("error", () => watcher.close());
    watchers.push(watcher);
  }
  return {
    close: () => {
      for (const watcher of watchers) watcher.close();
    },
  };
}
