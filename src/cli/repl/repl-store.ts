import type { PermissionMode } from "../../tools/context.js";
import type { PermissionAnswer, PermissionQuestion } from "./interactive-permissions.js";
import { EMPTY_VIEW, type TranscriptView } from "./transcript-model.js";

/** A prompt sent while a turn ran, waiting for the engine to take it. */
interface QueuedPrompt {
  id: number;
  text: string;
}

/** A permission question waiting for the person's answer. */
interface PendingQuestion {
  id: number;
  question: PermissionQuestion;
  answer(answer: PermissionAnswer): void;
}

/** How the screen starts over when the conversation is drawn anew. */
export type ScreenReset = "clear" | "redraw";

/** Everything the REPL screen draws. */
export interface ReplState {
  view: TranscriptView;
  /** Bumped when the conversation is drawn anew (/clear, /rewind, /resume): the screen starts over. */
  generation: number;
  /** How the screen started over: /clear clears the scrollback too, a redraw keeps it. */
  reset: ScreenReset;
  busy: boolean;
  /** When the running turn started (for the spinner's elapsed time). */
  turnStartedAt: number | undefined;
  queued: readonly QueuedPrompt[];
  /** Questions in the order they were asked; the first one is on screen. */
  questions: readonly PendingQuestion[];
  model: string;
  /** The session's permission mode (Shift+Tab cycles it; shown under the prompt). */
  mode: PermissionMode;
  /** The `statusMessage` of each hook running now, in the order they started. */
  hookStatuses: ReadonlyArray<{ id: string; text: string }>;
  /** A line per teammate of the session's agent team (name, status, task, tokens). */
  teammates: readonly string[];
}

/** The state of a REPL that has shown nothing yet. */
export function initialReplState(model: string, mode: PermissionMode = "default"): ReplState {
  return {
    view: EMPTY_VIEW,
    generation: 0,
    reset: "redraw",
    busy: false,
    turnStartedAt: undefined,
    queued: [],
    questions: [],
    model,
    mode,
    hookStatuses: [],
    teammates: [],
  };
}

/** A tiny external store (React reads it with useSyncExternalStore). */
export class Store<T> {
  private listeners = new Set<() => void>();

  constructor(private state: T) {}

  /** The current state. */
  get = (): T => this.state;

  /** Replaces the state with an update of it and tells the listeners. */
  update(change: (state: T) => T): void {
    this.state = change(this.state);
    for (const listener of this.listeners) listener();
  }

  /** Listens for changes; returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}
