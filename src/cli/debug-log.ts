import { appendFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";

/** What the debug log records, each line under one of these (`--debug api,hooks` picks). */
export const DEBUG_CATEGORIES = ["session", "api", "loop", "hooks", "permissions"] as const;

/** A debug log category. */
export type DebugCategory = (typeof DEBUG_CATEGORIES)[number];

/** A debug log: one line per event, with the time and its category. */
export interface DebugLog {
  readonly path: string;
  write(category: DebugCategory, text: string): void;
}

/**
 * `--debug`'s filter as Claude Code takes it: categories to show (`api,hooks`), or to leave
 * out (`!hooks,!loop`); empty shows all.
 */
export function debugFilter(filter: string | undefined): (category: DebugCategory) => boolean {
  const words = (filter ?? "")
    .split(",")
    .map((w) => w.trim())
    .filter((w) => w !== "");
  const excluded = new Set(words.filter((w) => w.startsWith("!")).map((w) => w.slice(1)));
  const included = new Set(words.filter((w) => !w.startsWith("!")));
  return (category) => !excluded.has(category) && (included.size === 0 || included.has(category));
}

/** Where `--debug` without `--debug-file` writes: `<state folder>/debug/<session-id>.txt`. */
export function defaultDebugPath(stateDir: string, sessionId: string): string {
  return join(stateDir, "debug", `${sessionId}.txt`);
}

/**
 * Opens a debug log appending to `path` (its folder made). Lines are written synchronously, so
 * the log is whole however the process ends; it is opt-in, so the cost is only paid on asking.
 */
export function openDebugLog(
  path: string,
  filter: string | undefined,
  now: () => Date = () => new Date(),
): DebugLog {
  mkdirSync(dirname(path), { recursive: true });
  const shows = debugFilter(filter);
  return {
    path,
    write(category, text) {
      if (!shows(category)) return;
      appendFileSync(path, `${now().toISOString()} [${category}] ${text}\n`);
    },
  };
}

/** `--debug [filter]` and `--debug-file <path>` as parsed (either turns the log on). */
export interface DebugOptions {
  filter?: string;
  file?: string;
}

/**
 * The session's debug log when `--debug` or `--debug-file` asked for one: the first line says
 * which session it is; without `--debug-file`, where the log is goes to stderr once.
 */
export function sessionDebugLog(
  debug: DebugOptions | undefined,
  session: { stateDir: string; sessionId: string; cwd: string; say: (text: string) => void },
): DebugLog | undefined {
  if (!debug) return undefined;
  const path = debug.file ?? defaultDebugPath(session.stateDir, session.sessionId);
  const log = openDebugLog(path, debug.filter);
  log.write("session", `session ${session.sessionId} in ${session.cwd}`);
  if (!debug.file) session.say(`debug log: ${path}`);
  return log;
}
