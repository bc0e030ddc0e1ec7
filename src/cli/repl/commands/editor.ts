import { spawnSync } from "node:child_process";
import { appendFile, mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { type PasteModeOutput, setBracketedPaste } from "../keys/bracketed-paste.js";
import type { EditorSignalGuard } from "./editor-signals.js";

/** Runs a program on the terminal and waits for it (the real one is spawnSync, stdio inherited). */
export type EditorSpawner = (
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
) => { status: number | null; error?: Error };

/** The terminal's input as far as handing it over to an editor needs it. */
export interface EditorTerminal {
  isTTY?: boolean;
  setRawMode?(mode: boolean): unknown;
}

/** What opening a file in the editor needs (injected, so tests run no real editor). */
export interface EditorDeps {
  env: NodeJS.ProcessEnv;
  terminal: EditorTerminal;
  spawn?: EditorSpawner;
  /** Keeps Ctrl+C and Ctrl+\ pressed for the editor from ending keel (the REPL passes one). */
  signals?: EditorSignalGuard;
  /** The REPL's screen: bracketed paste is off while the editor runs, and on again after. */
  screen?: PasteModeOutput;
}

/** How the editor run ended. */
export type EditorOutcome =
  | { ok: true; editor: string }
  | { ok: false; editor: string; problem: string };

/** The editor to run: $VISUAL, else $EDITOR, else vi (as git and Claude Code choose it). */
export function editorCommand(env: Readonly<Record<string, string | undefined>>): string {
  for (const name of ["VISUAL", "EDITOR"]) {
    const value = env[name]?.trim();
    if (value) return value;
  }
  return "vi";
}

/**
 * The program and arguments that open `path` in `editor`. The editor text goes through the
 * shell, as git runs it, so `code --wait` or a quoted path works; the file is passed as "$1",
 * never pasted into the command.
 */
export function editorInvocation(
  editor: string,
  path: string,
): { command: string; args: string[] } {
  return { command: "/bin/sh", args: ["-c", `${editor} "$1"`, "keel-editor", path] };
}

const spawnOnTerminal: EditorSpawner = (command, args, env) => {
  // Synchronous on purpose: while the editor runs, the event loop (and so Ink's renders and its
  // reads of stdin) stands still, and the editor has the terminal to itself.
  const result = spawnSync(command, [...args], { stdio: "inherit", env });
  return { status: result.status, ...(result.error ? { error: result.error } : {}) };
};

/**
 * Opens a file in the person's editor with the terminal handed over: the file (and its folder)
 * is created when missing, raw mode is off while the editor runs and back on after it exits;
 * `signals` keeps the Ctrl+C meant for the editor from ending keel.
 */
export async function openInEditor(path: string, deps: EditorDeps): Promise<EditorOutcome> {
  const editor = editorCommand(deps.env);
  await mkdir(dirname(path), { recursive: true });
  await appendFile(path, "");
  const { command, args } = editorInvocation(editor, path);
  const raw = deps.terminal.isTTY === true && deps.terminal.setRawMode !== undefined;
  if (raw) deps.terminal.setRawMode?.(false);
  if (deps.screen) setBracketedPaste(deps.screen, false);
  const release = deps.signals?.hold();
  let result: ReturnType<EditorSpawner>;
  try {
    result = (deps.spawn ?? spawnOnTerminal)(command, args, deps.env);
  } finally {
    release?.();
    if (raw) deps.terminal.setRawMode?.(true);
    // On again even if the editor, leaving, turned it off.
    if (deps.screen) setBracketedPaste(deps.screen, true);
  }
  if (result.error) return { ok: false, editor, problem: result.error.message };
  if (result.status !== 0) {
    const how =
      result.status === null ? "was stopped by a signal" : `exited with status ${result.status}`;
    return { ok: false, editor, problem: `the editor (${editor}) ${how}` };
  }
  return { ok: true, editor };
}
