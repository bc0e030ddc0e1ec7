import type { ScriptedServer } from "../../../src/model/scripted/server.js";
import { anthropicEnv, scriptedServer } from "../../helpers/scripted.js";
import { type PtyRepl, REPL_PROMPT, type TerminalSize } from "./pty-repl.js";
import type { PtyScreen } from "./pty-screen.js";

/** Lines the shell prints before keel starts: they must stay in the scrollback. */
export const SHELL_LINES = Array.from({ length: 40 }, (_, i) => `shell-line-${i + 1}`);
const SHELL_SCRIPT = "for i in $(seq 1 40); do echo shell-line-$i; done";

/**
 * A scripted server for `scenario`, and keel against it in a terminal of `size` where the
 * shell printed SHELL_LINES first; resolves once the prompt shows.
 */
export async function startAfterShellLines(
  pty: PtyRepl,
  scenario: unknown,
  size: TerminalSize,
  args: string[] = [],
): Promise<{ server: ScriptedServer; repl: PtyScreen }> {
  const server = await scriptedServer(scenario);
  const repl = pty.spawnAfterShell(SHELL_SCRIPT, args, anthropicEnv(server), size);
  await repl.waitFor((s) => s.includes(REPL_PROMPT), "the prompt", 60_000);
  return { server, repl };
}

/** Clears the scrollback: only /clear may write it. */
export const CLEAR_SCROLLBACK = "\x1b[3J";
/** Clears the screen. */
export const CLEAR_SCREEN = "\x1b[2J";

/** How many times `needle` occurs in `text`. */
export function occurrences(text: string, needle: string): number {
  return text.split(needle).length - 1;
}

/** The rows of the scrollback and screen that contain `needle`, in order. */
export function rowsWith(rows: readonly string[], needle: string | RegExp): string[] {
  return rows.filter((row) =>
    typeof needle === "string" ? row.includes(needle) : needle.test(row),
  );
}

/**
 * Each of `lines` occurs in exactly one row of `rows`, in this order (a row may hold more
 * than one, or more besides, such as a list bullet). Returns what went wrong, or undefined.
 */
export function onceInOrder(rows: readonly string[], lines: readonly string[]): string | undefined {
  let from = 0;
  for (const line of lines) {
    const found = rows.filter((row) => wholeWord(row, line));
    if (found.length !== 1) return `"${line}" is in ${found.length} rows`;
    const at = rows.findIndex((row, index) => index >= from && wholeWord(row, line));
    if (at < 0) return `"${line}" is out of order`;
    from = at;
  }
  return undefined;
}

function wholeWord(row: string, word: string): boolean {
  return new RegExp(`(^|[^\\w-])${word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^\\w-])`).test(
    row,
  );
}

/** The prompt box's top border: one per prompt box drawn. */
export const PROMPT_BOX_TOP = /^╭─+╮$/;

/** Waits until the REPL drew its prompt box at the terminal's width `cols` (after a resize). */
export async function waitForPromptBoxWidth(
  screen: PtyScreen,
  cols: number,
  timeoutMs?: number,
): Promise<void> {
  await screen.waitFor(
    (s) => s.split("\n").some((row) => PROMPT_BOX_TOP.test(row) && row.length === cols),
    `the prompt box redrawn ${cols} columns wide`,
    timeoutMs,
  );
}

/**
 * Types `text` one key per write (each on screen before the next: the `/` menu may show under
 * the prompt, so the screen is searched, not the prompt row), then Enter.
 */
export async function typeKeyByKey(repl: PtyScreen, text: string): Promise<void> {
  for (let i = 1; i <= text.length; i++) {
    repl.write(text[i - 1]!);
    const typed = text.slice(0, i);
    await repl.waitFor((s) => s.includes(`> ${typed}`), `"${typed}" typed`);
  }
  repl.write("\r");
}
