import type { ReplSession } from "../repl-controller.js";
import type { TranscriptItem } from "../transcript-model.js";
import type { PickerOption } from "./overlay.js";

/** What the slash commands in this folder need of the REPL (the controller provides it). */
export interface ReplHost {
  readonly cwd: string;
  /** The session the REPL talks to now. */
  readonly activeSession: ReplSession;
  now(): number;
  /** True while a turn (or a `!cmd`, a compaction, a session switch) runs. */
  isBusy(): boolean;
  /**
   * Runs work that replaces the conversation when nothing runs (else says "press Esc before
   * `command`"); it counts as busy and prompts typed meanwhile wait for it.
   */
  exclusive(command: string, work: () => Promise<void>): Promise<void>;
  notice(text: string, tone?: "info" | "error"): void;
  /**
   * Opens a picker (`selected` first, if given); the choice (or Esc) closes it before `choose`
   * runs. `back`: what Esc does besides (a second list goes back to the first).
   */
  pick(
    title: string,
    options: readonly PickerOption[],
    choose: (index: number) => unknown,
    selected?: number,
    back?: () => unknown,
  ): void;
  /** Puts text into the input box. */
  putDraft(text: string): void;
  /** Shows the conversation anew from these items (after a rewind). */
  rebuildView(items: readonly TranscriptItem[]): void;
  /** Switches to another session (disposing this one) and shows its conversation. */
  switchTo(session: ReplSession, items: readonly TranscriptItem[]): Promise<void>;
  /** Runs work as busy (spinner on); Esc aborts the signal. */
  runBusy(work: (signal: AbortSignal) => Promise<void>): Promise<void>;
  /** Adds user messages to the conversation, now or once the running turn ends. */
  record(texts: readonly string[]): void;
}
