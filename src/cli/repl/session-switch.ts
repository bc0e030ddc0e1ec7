import { errorText } from "./error-text.js";
import type { ReplSession } from "./repl-session.js";
import type { ScreenReset } from "./repl-store.js";
import type { TranscriptItem } from "./transcript-model.js";

/** What switching sessions needs of the controller. */
export interface SwitchHost {
  notice(text: string, tone?: "info" | "error"): void;
  /** Makes `next` the session the REPL talks to; returns the one it replaces. */
  adopt(next: ReplSession): ReplSession;
  /** Sets the chosen model on the new session and shows `items` as its transcript. */
  settle(items: readonly TranscriptItem[], reset: ScreenReset): void;
}

/**
 * Switches to another session (/clear, /resume): the old one is disposed (its SessionEnd
 * reason `clear` or `resume`), and a failing
 * dispose is reported without undoing the switch (the new session is already in use). The
 * screen starts over as `reset` says.
 */
export async function switchSession(
  host: SwitchHost,
  next: ReplSession,
  items: readonly TranscriptItem[],
  reset: ScreenReset = "redraw",
  reason: "clear" | "resume" = "resume",
): Promise<void> {
  const old = host.adopt(next);
  let failure: string | undefined;
  try {
    await old.dispose(reason);
  } catch (error) {
    failure = errorText(error);
  }
  host.settle(items, reset);
  // Shown after settle, which starts the transcript over.
  if (failure !== undefined)
    host.notice(`The previous session did not close cleanly: ${failure}`, "error");
}

/** `/clear`: opens a fresh session and switches to it. */
export async function clearSession(
  host: SwitchHost,
  open: () => Promise<ReplSession>,
): Promise<void> {
  let fresh: ReplSession;
  try {
    fresh = await open();
  } catch (error) {
    host.notice(`Could not start a new conversation: ${errorText(error)}`, "error");
    return;
  }
  // A fresh start, as when keel starts: the screen and its scrollback are cleared.
  await switchSession(host, fresh, [], "clear", "clear");
  host.notice(`New conversation (session ${fresh.engine.sessionId}).`);
}
