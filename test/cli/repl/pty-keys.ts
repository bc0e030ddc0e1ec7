import type { ScriptedServer } from "../../../src/model/scripted/server.js";
import { PTY_FULL, TERMINAL_SIZES, type TerminalSize } from "./pty-repl.js";
import type { PtyScreen } from "./pty-screen.js";

/** How keys reach keel: each in a write of its own (read one by one), or all in one write. */
export type WriteMode = "one per write" | "all in one write";

/** Both ways, for tests that must hold either way. */
export const WRITE_MODES: readonly WriteMode[] = ["one per write", "all in one write"];

/** A terminal size and a way of sending keys. */
export interface KeysCase {
  size: TerminalSize;
  mode: WriteMode;
}

/**
 * The sizes × write modes a key test runs at: all six with KEEL_PTY_FULL=1, else three that
 * draw at every size and send keys both ways.
 */
export function keysCases(): readonly KeysCase[] {
  const all = TERMINAL_SIZES.flatMap((size) => WRITE_MODES.map((mode) => ({ size, mode })));
  if (PTY_FULL) return all;
  const [small, medium, large] = TERMINAL_SIZES as [TerminalSize, TerminalSize, TerminalSize];
  return [
    { size: small, mode: "one per write" },
    { size: medium, mode: "all in one write" },
    { size: large, mode: "one per write" },
  ];
}

/** Keys as a terminal sends them. */
export const KEY = {
  enter: "\r",
  backspace: "\x7f",
  delete: "\x1b[3~",
  home: "\x1b[H",
  end: "\x1b[F",
  up: "\x1b[A",
  down: "\x1b[B",
  left: "\x1b[D",
  tab: "\t",
  escape: "\x1b",
  shiftEnter: "\x1b[13;2u",
  altEnter: "\x1b\r",
  altB: "\x1bb",
  altF: "\x1bf",
  ctrl: (letter: string) => String.fromCharCode(letter.toLowerCase().charCodeAt(0) - 0x60),
} as const;

/** Text as keys: one per character. */
export function chars(text: string): string[] {
  return [...text];
}

/**
 * Sends `keys`. One per write waits, after each, until keel has drawn something (every key
 * given here changes the screen), so that keys are mostly read one by one; this only paces the
 * keys (the caller checks the screen they lead to), so a key whose drawing cannot be told
 * apart from an earlier one's does not stop the run. All in one write sends them as one chunk,
 * as a busy process or a fast typist's terminal would deliver them.
 */
export async function sendKeys(
  screen: PtyScreen,
  keys: readonly string[],
  mode: WriteMode,
  paceMs = 3_000,
): Promise<void> {
  if (mode === "all in one write") {
    screen.write(keys.join(""));
    return;
  }
  for (const key of keys) {
    const before = screen.output().length;
    screen.write(key);
    const deadline = Date.now() + paceMs;
    while (screen.output().length <= before && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
}

/** The rows of the prompt box (between its top and bottom borders), trimmed, last box on screen. */
export function promptBox(screen: string): string[] {
  const rows = screen.split("\n");
  const top = rows.findLastIndex((row) => row.trimStart().startsWith("╭"));
  if (top === -1) return [];
  const bottom = rows.findIndex((row, index) => index > top && row.trimStart().startsWith("╰"));
  return rows
    .slice(top + 1, bottom === -1 ? undefined : bottom)
    .map((row) => row.replace(/^\s*│\s?/, "").replace(/\s*│\s*$/, ""));
}

/** The prompt the model got in request `index` (its last user message, as JSON text). */
export function sentPrompt(server: ScriptedServer, index: number): string {
  const body = server.requests[index]?.body as { messages?: unknown[] } | undefined;
  return JSON.stringify(body?.messages?.at(-1) ?? null);
}

/** `text` as it appears inside JSON. */
export function inJson(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

/** A scenario answering `count` prompts, "Answer 1." and on. */
export function answers(count: number) {
  return { turns: Array.from({ length: count }, (_, i) => ({ content: `Answer ${i + 1}.` })) };
}
