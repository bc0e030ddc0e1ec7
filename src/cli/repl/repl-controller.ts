import type { SdkMessage } from "../../session/sdk-messages.js";
import type { AskPerson, PermissionAnswer } from "./interactive-permissions.js";
import { chooseModel } from "./model-choice.js";
import { initialReplState, type ReplState, Store } from "./repl-store.js";
import { parseSlashCommand } from "./slash-commands.js";
import { runSlashCommand } from "./slash-runner.js";
import {
  appendItem,
  applySdkMessage,
  EMPTY_VIEW,
  type TranscriptItem,
} from "./transcript-model.js";

/** The engine calls the REPL makes (QueryEngine has them all). */
export interface ReplEngine {
  readonly sessionId: string;
  readonly busy: boolean;
  readonly totalCostUsd: number;
  submitMessage(prompt: string): AsyncGenerator<SdkMessage, void, undefined>;
  interrupt(): void;
  /** Compacts the conversation now (`/compact [instructions]`), when the engine can. */
  compact?(instructions?: string): Promise<unknown>;
}

/** The session's main model, switchable between turns (`/model <name>`). */
export interface ReplModels {
  /** The backend the session talks to (`anthropic`, `openai`, `scripted`). */
  providerName: string;
  current(): string;
  /** Switches the main model; undefined goes back to the one the session started with. */
  set(model: string | undefined): void;
}

/** A session the REPL talks to. */
export interface ReplSession {
  engine: ReplEngine;
  /** Present when the session's model can be switched. */
  models?: ReplModels;
  /** The MCP servers now, with their status and tools (for /mcp). */
  mcp?: () => McpOverview;
  /** Prompts the MCP servers offer, run as `/mcp__<server>__<prompt> [args]`. */
  prompts?: () => ReadonlyArray<{ name: string; run(args: string): Promise<string> }>;
  dispose(): Promise<void>;
}

/** The session's MCP servers and the tools they give, for /mcp. */
export interface McpOverview {
  servers: ReadonlyArray<{ name: string; status: string }>;
  /** Tool names as the model sees them (`mcp__<server>__<tool>`). */
  tools: readonly string[];
}

/** What the controller is built from (injected, so tests drive it without a terminal). */
export interface ReplControllerDeps {
  cwd: string;
  model: string;
  session: ReplSession;
  /** Opens a fresh session (for /clear). */
  openSession: () => Promise<ReplSession>;
  /** Saves a sent prompt to the prompt history. */
  recordPrompt: (text: string) => Promise<void>;
  now: () => number;
}

/**
 * The REPL's logic without the screen: sends prompts (queued ones while a turn runs), folds the
 * turn's messages into the view, holds permission questions until the person answers, runs
 * slash commands, and ends the session on exit.
 */
export class ReplController {
  readonly store: Store<ReplState>;
  private session: ReplSession;
  private readonly turns = new Set<Promise<void>>();
  private nextId = 1;
  private active = 0;
  /** The model chosen with /model (kept across /clear); undefined: the session's own. */
  private chosenModel: string | undefined;
  /** Set on exit: a queued prompt that starts its turn now is stopped at once. */
  private exiting = false;
  private resolveExit: (code: number) => void = () => {};
  /** Resolves with the exit code once the person asked to leave. */
  readonly exited: Promise<number>;

  constructor(private readonly deps: ReplControllerDeps) {
    this.session = deps.session;
    this.store = new Store(initialReplState(deps.model));
    this.exited = new Promise((resolve) => {
      this.resolveExit = resolve;
    });
  }

  /** The session's engine (slash commands read its cost and id). */
  get engine(): ReplEngine {
    return this.session.engine;
  }

  /** The MCP prompt a slash command names, if the session has one by that name. */
  private promptCommand(name: string) {
    return this.session.prompts?.().find((p) => p.name.toLowerCase() === name);
  }

  /** The session's MCP servers and tools; undefined when the session has no MCP view. */
  mcpOverview(): McpOverview | undefined {
    return this.session.mcp?.();
  }

  /** Handles a line the person entered: a slash command or a prompt. */
  submit(text: string): void {
    if (text.trim() === "") return;
    void this.deps.recordPrompt(text).catch(() => undefined);
    const command = parseSlashCommand(text);
    const prompt = command?.kind === "unknown" ? this.promptCommand(command.name) : undefined;
    if (prompt) {
      this.show({ kind: "user", id: `u${this.nextId++}`, text: text.trim() });
      const args = text
        .trim()
        .slice(prompt.name.length + 1)
        .trim();
      const turn = prompt
        .run(args)
        .then((expanded) => this.runPrompt(expanded))
        .catch((error: unknown) =>
          this.notice(
            `/${prompt.name} failed: ${error instanceof Error ? error.message : String(error)}`,
            "error",
          ),
        )
        .finally(() => this.turns.delete(turn));
      this.turns.add(turn);
      return;
    }
    if (command) {
      this.show({ kind: "user", id: `u${this.nextId++}`, text: text.trim() });
      runSlashCommand(this, command);
      return;
    }
    const turn = this.runPrompt(text).finally(() => this.turns.delete(turn));
    this.turns.add(turn);
  }

  /** Shows a line in the transcript. */
  notice(text: string, tone: "info" | "error" = "info"): void {
    this.show({ kind: "notice", id: `n${this.nextId++}`, text, tone });
  }

  /** Ends the running turn (Esc); a question on screen is answered "no" so the turn can end. */
  interrupt(): void {
    if (!this.store.get().busy) return;
    this.engine.interrupt();
  }

  /** Answers the permission question on screen. */
  answer(answer: PermissionAnswer): void {
    this.store.get().questions[0]?.answer(answer);
  }

  /** Asks the person through the dialog (canUseTool calls this). */
  readonly ask: AskPerson = (question, signal) =>
    new Promise((resolve) => {
      const id = this.nextId++;
      const settle = (answer: PermissionAnswer) => {
        signal.removeEventListener("abort", onAbort);
        this.store.update((s) => ({ ...s, questions: s.questions.filter((q) => q.id !== id) }));
        resolve(answer);
      };
      const onAbort = () => settle({ kind: "deny", feedback: "" });
      if (signal.aborted) return onAbort();
      signal.addEventListener("abort", onAbort, { once: true });
      this.store.update((s) => ({
        ...s,
        questions: [...s.questions, { id, question, answer: settle }],
      }));
    });

  /** Starts a new conversation in a fresh session (refused while a turn runs). */
  async clear(): Promise<void> {
    if (this.store.get().busy) {
      this.notice("A turn is running: press Esc to end it before /clear.", "error");
      return;
    }
    const old = this.session;
    try {
      this.session = await this.deps.openSession();
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      this.notice(`Could not start a new conversation: ${why}`, "error");
      return;
    }
    await old.dispose();
    this.session.models?.set(this.chosenModel);
    this.store.update((s) => ({ ...s, view: EMPTY_VIEW, generation: s.generation + 1 }));
    this.notice(`New conversation (session ${this.engine.sessionId}).`);
  }

  /** `/model [name]`: shows the model, or switches it for the next turn. */
  switchModel(name: string): void {
    const answer = this.modelAnswer(name);
    this.notice(answer.text, answer.tone);
  }

  private modelAnswer(name: string): { text: string; tone: "info" | "error" } {
    const models = this.session.models;
    const current = models?.current() ?? this.store.get().model;
    if (name === "") return { text: `Model: ${current}`, tone: "info" };
    if (!models) {
      const text = `Model: ${current}. This session cannot switch models: restart with keel --model ${name}.`;
      return { text, tone: "error" };
    }
    const choice = chooseModel(name, models.providerName);
    if (!choice.ok) return { text: choice.problem, tone: "error" };
    models.set(choice.model);
    this.chosenModel = choice.model;
    const now = models.current();
    this.store.update((s) => ({ ...s, model: now }));
    return { text: `Model set to ${now} from the next request on.`, tone: "info" };
  }

  /** `/compact [instructions]`: summarises the conversation now (refused while a turn runs). */
  async compact(instructions: string): Promise<void> {
    const engine = this.engine;
    if (!engine.compact) {
      this.notice(
        "/compact is not available: this engine cannot compact on request (it still compacts automatically when the context fills).",
        "error",
      );
      return;
    }
    if (this.store.get().busy) {
      this.notice("A turn is running: press Esc to end it before /compact.", "error");
      return;
    }
    this.begin();
    try {
      await engine.compact(instructions === "" ? undefined : instructions);
      this.notice("Conversation compacted: the model now sees a summary of it.");
    } catch (error) {
      this.notice(
        `Compaction failed: ${error instanceof Error ? error.message : String(error)}`,
        "error",
      );
    } finally {
      this.end();
    }
  }

  /** Leaves the REPL: running and queued turns are interrupted, then the session disposed. */
  async exit(code = 0): Promise<void> {
    this.exiting = true;
    while (this.turns.size > 0) {
      this.engine.interrupt();
      await Promise.race(this.turns);
    }
    await this.session.dispose();
    this.resolveExit(code);
  }

  private show(item: TranscriptItem): void {
    this.store.update((s) => ({ ...s, view: appendItem(s.view, item) }));
  }

  private begin(): void {
    this.active += 1;
    this.store.update((s) => (s.busy ? s : { ...s, busy: true, turnStartedAt: this.deps.now() }));
  }

  private end(): void {
    this.active -= 1;
    if (this.active === 0)
      this.store.update((s) => ({ ...s, busy: false, turnStartedAt: undefined }));
  }

  private unqueue(id: number, text: string): void {
    this.store.update((s) => ({ ...s, queued: s.queued.filter((q) => q.id !== id) }));
    this.show({ kind: "user", id: `u${id}`, text });
  }

  private async runPrompt(text: string): Promise<void> {
    const id = this.nextId++;
    const queued = this.store.get().busy || this.engine.busy;
    if (queued) this.store.update((s) => ({ ...s, queued: [...s.queued, { id, text }] }));
    else {
      this.show({ kind: "user", id: `u${id}`, text });
      this.begin();
    }
    let started = !queued;
    try {
      for await (const message of this.engine.submitMessage(text)) {
        if (!started) {
          started = true;
          this.unqueue(id, text);
          this.begin();
        }
        if (this.exiting) this.engine.interrupt();
        this.store.update((s) => ({ ...s, view: applySdkMessage(s.view, message, this.deps.cwd) }));
      }
      // Absorbed: the running turn took the prompt at a tool boundary.
      if (!started) this.unqueue(id, text);
    } catch (error) {
      this.notice(
        `The turn failed: ${error instanceof Error ? error.message : String(error)}`,
        "error",
      );
    } finally {
      if (started) this.end();
      else this.store.update((s) => ({ ...s, queued: s.queued.filter((q) => q.id !== id) }));
    }
  }
}
