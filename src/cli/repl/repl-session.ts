import type { ContextUsage } from "../../context/usage/context-usage.js";
import type { SessionEndReason } from "../../hooks/hook-input.js";
import type { Message } from "../../protocol/messages.js";
import type { UnpromptedTurn } from "../../session/engine/session-event.js";
import type { SdkMessage } from "../../session/sdk-messages.js";
import type { TurnOverrides } from "../../tools/turn-overrides.js";
import type { ReplSessionExtras } from "./commands/session-extras.js";
import type { TaskEvents } from "./task-notices.js";

/** How the REPL sends a prompt: `preface` gives user messages to put ahead of it when its turn starts. */
interface SubmitOptions {
  preface?: () => readonly string[];
  /** This turn's model and effort (a command's or skill's); the session's stay untouched. */
  overrides?: TurnOverrides;
}

/** The engine calls the REPL makes (QueryEngine has them all). */
export interface ReplEngine {
  readonly sessionId: string;
  readonly busy: boolean;
  readonly totalCostUsd: number;
  /** The conversation so far (/export writes it), when the engine shows it. */
  readonly messages?: readonly Message[];
  submitMessage(
    prompt: string,
    options?: SubmitOptions,
  ): AsyncGenerator<SdkMessage, void, undefined>;
  interrupt(): void;
  /** Compacts the conversation now (`/compact [instructions]`), when the engine can. */
  compact?(instructions?: string): Promise<unknown>;
  /** Adds user messages between turns (a `!cmd` record), when the engine can. */
  addUserMessages?(texts: readonly string[]): void;
  /** Re-reads the memory files for the next turn (after /memory edited one), when it can. */
  reloadContext?(): void;
  /** Subscribes to the turns nobody typed (a background agent ended), when the engine has them. */
  onUnpromptedTurn?(handler: (turn: UnpromptedTurn) => Promise<void>): () => void;
}

/** The session's main model, switchable between turns (`/model <name>`). */
export interface ReplModels {
  /** The backend the session talks to (`anthropic`, `openai`, `scripted`). */
  providerName: string;
  current(): string;
  /** Switches the main model; undefined goes back to the one the session started with. */
  set(model: string | undefined): void;
  /**
   * `/model <name>`'s switch, between PreModelSwitch and PostModelSwitch hooks (source
   * `command`): why it was refused, or undefined once made.
   */
  switchTo?(model: string | undefined, requested: string): Promise<string | undefined>;
}

/** A session the REPL talks to. */
export interface ReplSession extends ReplSessionExtras<ReplSession> {
  engine: ReplEngine;
  /** Present when the session's model can be switched. */
  models?: ReplModels;
  /** The output style the session's settings named as it opened (the status line's input). */
  outputStyle?: string;
  /** The MCP servers now, with their status and tools (for /mcp). */
  mcp?: () => McpOverview;
  /** Prompts the MCP servers offer, run as `/mcp__<server>__<prompt> [args]`. */
  prompts?: () => ReadonlyArray<{ name: string; run(args: string): Promise<string> }>;
  /** Told when a turn ended (the automatic dream checks its gate then), when the session has it. */
  afterTurn?(): void;
  /** Background tasks of this session that end (shown as transcript notices). */
  taskEvents?: TaskEvents;
  /** The session's agent team, when teams are on: a line per teammate, and when they change. */
  team?: TeamLines;
  /** Copies text to the clipboard through the terminal (/export); false with no terminal. */
  copyToClipboard?: (text: string) => boolean;
  /** What the next request holds, counted and by category (for /context). */
  contextUsage?: () => Promise<ContextUsage>;
  /** This session's workflow runs with their phases and agents, as text (for /workflows). */
  workflows?: () => Promise<string>;
  /** Closes the session; `reason` is SessionEnd's (default "other"). */
  dispose(reason?: SessionEndReason): Promise<void>;
}

/** What the REPL shows of an agent team under the prompt. */
interface TeamLines {
  lines(): Promise<string[]>;
  /** Told when the lines may have changed; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/** The session's MCP servers and the tools they give, for /mcp. */
export interface McpOverview {
  servers: ReadonlyArray<{ name: string; status: string }>;
  /** Tool names as the model sees them (`mcp__<server>__<tool>`). */
  tools: readonly string[];
}
