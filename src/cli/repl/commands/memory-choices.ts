import { isAbsolute, join, relative } from "node:path";
import type { MemoryRow } from "./memory.js";

/** A memory file /memory offers to open. */
export interface MemoryChoice {
  /** The file to open (created when missing). */
  path: string;
  label: string;
  detail: string;
}

/** A path as the picker shows it: relative to the working folder, else under ~, else whole. */
export function shownPath(path: string, cwd: string, home: string): string {
  const inCwd = relative(cwd, path);
  if (inCwd !== "" && !inCwd.startsWith("..") && !isAbsolute(inCwd)) return `./${inCwd}`;
  const inHome = relative(home, path);
  if (inHome !== "" && !inHome.startsWith("..") && !isAbsolute(inHome)) return `~/${inHome}`;
  return path;
}

/**
 * What /memory offers, as Claude Code does: the project's ./CLAUDE.md and the user's
 * ~/.claude/CLAUDE.md (either created when chosen and missing), then every other memory file
 * loaded now, in load order.
 */
export function memoryChoices(
  roots: { cwd: string; home: string },
  loaded: readonly MemoryRow[],
): MemoryChoice[] {
  const project = join(roots.cwd, "CLAUDE.md");
  const user = join(roots.home, ".claude", "CLAUDE.md");
  const choices: MemoryChoice[] = [
    { path: project, label: "Project memory", detail: "checked in at ./CLAUDE.md" },
    { path: user, label: "User memory", detail: "saved in ~/.claude/CLAUDE.md" },
  ];
  for (const row of loaded) {
    if (choices.some((choice) => choice.path === row.path)) continue;
    choices.push({
      path: row.path,
      label: shownPath(row.path, roots.cwd, roots.home),
      detail: `${row.kind}, loaded`,
    });
  }
  return choices;
}
