import type { TurnRules } from "../../policy/engine.js";
import type { UnpromptedTurn } from "../../session/engine/session-event.js";
import type { SdkMessage } from "../../session/sdk-messages.js";
import type { PermissionMode } from "../../tools/context.js";
import type { HookStatus } from "../session-hooks.js";
import { initPrompt } from "../slash/init-prompt.js";
import type { ReplHost } from "./commands/host.js";
import type { PickerOption } from "./commands/overlay.js";
import { OverlayStore } from "./commands/overlay-store.js";
import { runShellEscape } from "./commands/shell-command.js";
import { problemsText, sessionCommands } from "./commands/user-command-lookup.js";
import { allowForTurn, type PromptTurn, userCommandTurn } from "./commands/user-command-turn.js";
import { errorText } from "./error-text.js";
import type { AskPerson, PermissionAnswer } from "./interactive-permissions.js";
import { nextMode } from "./mode-cycle.js";
import { chooseModel } from "./model-choice.js";
import { editPlanFile } from "./plan-editing.js";
import { PromptGate } from "./prompt-gate.js";
import type { McpOverview, ReplEngine, ReplSession } from "./repl-session.js";
import { initialReplState, type ReplState, type ScreenReset, Store } from "./repl-store.js";
import { clearSession, switchSession } from "./session-switch.js";
import { ShellWork } from "./shell-work.js";
import { parseSlashCommand } from "./slash-commands.js";
import { runSlashCommand } from "./slash-runner.js";
import { startHeader } from "./startup/start-header.js";
import {
  appendItem,
  applyProgress,
  applySdkMessage,
  EMPTY_VIEW,
  type TranscriptItem,
} from "./transcript-model.js";

export type { McpOverview, ReplEngine, ReplModels, ReplSession } from "./repl-session.js";

/** What the controller is built from (injected, so tests drive it without a terminal). */
interface ReplControllerDeps {
  cwd: string;
  model: string;
  session: ReplSession;
  /** Opens a fresh session (for /clear). */
  openSession: () => Promise<ReplSession>;
  /** Saves a sent prompt to the prompt history. */
  recordPrompt: (text: string) => Promise<void>;
  now: () => number;
  /** Shift+Tab may reach bypassPermissions (keel was started in it). */
  bypassAvailable?: boolean;
  /** The settings turn auto mode off: Shift+Tab skips it. */
  autoDisabled?: boolean;
}

/**
 * The REPL's logic without the screen: sends prompts (queued ones while a turn runs), folds the
 * turn's messages into the view, holds permission questions until the person answers, runs
 * slash commands, and ends the session on exit.
 */
export class ReplController implements ReplHost {
  readonly store: Store<ReplState>;
  /** The picker and the text to put into the input box (drawn by the App). */
  readonly overlay = new OverlayStore();
  /** Holds prompts back during a session switch or a `!cmd`, and keeps them in typed order. */
  private readonly gate = new PromptGate();
  private readonly shells = new ShellWork(this.gate);
  private session: ReplSession;
  private readonly turns = new Set<Promise<void>>();
  private nextId = 1;
  private active = 0;
  /** The model chosen with /model (kept across /clear); undefined: the session's own. */
  private chosenModel: string | undefined;
  /** The slash command run last: a picker it opens names it when a choice fails. */
  private lastCommand = "The choice";
  /** Ends the current session's subscription to its unprompted turns. */
  private unfollow: () => void = () => {};
  /** Ends the current session's subscription to its team's lines. */
  private unfollowTeam: () => void = () => {};
  /** Tasks whose end the transcript already shows (the watcher's line or an unprompted turn's). */
  private readonly shownTaskEnds = new Set<string>();
  /** Set on exit: a queued prompt that starts its turn now is stopped at once. */
  private exiting = false;
  private resolveExit: (code: number) => void = () => {};
  /** Resolves with the exit code once the person asked to leave. */
  readonly exited: Promise<number>;

  constructor(private readonly deps: ReplControllerDeps) {
    this.session = deps.session;
    this.store = new Store(initialReplState(deps.model, deps.session.permissionMode?.()));
    this.exited = new Promise((resolve) => {
      this.resolveExit = resolve;
    });
    this.showTaskEnds(deps.session);
    this.followUnprompted(deps.session);
    this.followTeam(deps.session);
    // A command file with bad frontmatter is named at start-up, not when it is first typed.
    void sessionCommands(this.session).then(({ problems }) => {
      if (problems.length > 0) this.notice(problemsText(problems), "error");
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

  /**
   * Handles a line the person entered: a `!cmd`, a slash command or a prompt. `shown` is what
   * the transcript shows for a prompt (pastes as their placeholders); `text` is what is sent.
   */
  submit(text: string, shown = text): void {
    if (text.trim() === "") return;
    void this.deps.recordPrompt(text).catch(() => undefined);
    const line = text.trim();
    if (text.trimStart().startsWith("!")) {
      this.showUser(line);
      this.track(runShellEscape(this, line.slice(1).trim()), "The shell command");
      return;
    }
    const command = parseSlashCommand(text);
    const prompt = command?.kind === "unknown" ? this.promptCommand(command.name) : undefined;
    if (prompt) {
      const args = line.slice(prompt.name.length + 1).trim();
      this.track(
        this.runPrompt(line, () => this.expandMcpPrompt(prompt, args)),
        `/${prompt.name}`,
      );
    } else if (command?.kind === "unknown" && this.session.userCommands) {
      // The look-up is async: it holds its place in line so later prompts stay behind it.
      this.track(
        this.runPrompt(line, () => userCommandTurn(this, command.name, line)),
        `/${command.name}`,
      );
    } else if (command?.kind === "known" && command.name === "init") {
      // A turn of its own: the transcript shows the command, the model gets keel's prompt.
      this.track(
        this.runPrompt(line, async () => ({ text: initPrompt(command.args) })),
        "/init",
      );
    } else if (command) {
      this.showUser(line);
      this.lastCommand = `/${command.name}`;
      this.track((async () => runSlashCommand(this, command))(), this.lastCommand);
    } else {
      this.track(
        this.runPrompt(shown, () => this.withMentionedFiles(text)),
        "The prompt",
      );
    }
  }

  private async expandMcpPrompt(
    prompt: { name: string; run(args: string): Promise<string> },
    args: string,
  ): Promise<PromptTurn> {
    try {
      return { text: await prompt.run(args) };
    } catch (error) {
      return { notice: `/${prompt.name} failed: ${errorText(error)}` };
    }
  }

  /** A typed prompt with the files its `@path`s name (see typed-mentions.ts). */
  private async withMentionedFiles(text: string): Promise<PromptTurn> {
    try {
      const mentioned = await this.session.withMentionedFiles?.(text);
      for (const notice of mentioned?.notices ?? []) this.notice(notice, "error");
      return { text: mentioned?.text ?? text };
    } catch (error) {
      this.notice(`The @files of this prompt were not added: ${errorText(error)}`, "error");
      return { text };
    }
  }

  /**
   * Keeps running work (a turn, a `!cmd`, a slash command, a picker's choice) so exit can wait
   * for it; its failure ends as an error notice naming `what` (else it would be an unhandled
   * rejection and the person would see nothing).
   */
  private track(work: Promise<void>, what: string): void {
    const tracked = work
      .catch((error: unknown) => this.notice(`${what} failed: ${errorText(error)}`, "error"))
      .finally(() => this.turns.delete(tracked));
    this.turns.add(tracked);
  }

  /** Shows a line in the transcript. */
  notice(text: string, tone: "info" | "error" = "info"): void {
    this.show({ kind: "notice", id: `n${this.nextId++}`, text, tone });
  }

  /** Shows a running tool's progress report (the engine's onProgress): Bash's latest output. */
  /** A hook with a `statusMessage` started (its line shows) or ended (its line goes). */
  hookStatus(status: HookStatus): void {
    this.store.update((s) => ({
      ...s,
      hookStatuses:
        status.kind === "shown"
          ? [...s.hookStatuses, { id: status.hookId, text: status.text }]
          : s.hookStatuses.filter((line) => line.id !== status.hookId),
    }));
  }

  progress(toolUseId: string, data: unknown): void {
    this.store.update((s) => ({
      ...s,
      view: applyProgress(s.view, toolUseId, data, this.deps.cwd),
    }));
  }

  /** Esc: ends the running turn and kills every running `!cmd`. */
  interrupt(): void {
    if (!this.store.get().busy) return;
    this.engine.interrupt();
    this.shells.abort();
  }

  /** Shift+Tab: the session goes to the next permission mode (mode-cycle.ts). */
  cycleMode(): void {
    const bypassAvailable = this.deps.bypassAvailable === true;
    const autoDisabled = this.deps.autoDisabled === true;
    this.setMode(nextMode(this.store.get().mode, { bypassAvailable, autoDisabled }));
  }

  /** Switches the session's permission mode; its next permission decision follows it. */
  setMode(mode: PermissionMode): void {
    if (!this.session.setPermissionMode) return;
    this.session.setPermissionMode(mode);
    this.store.update((s) => ({ ...s, mode }));
  }

  /** Answers the permission question on screen. */
  answer(answer: PermissionAnswer): void {
    if (answer.kind === "accept-edits") this.setMode("acceptEdits");
    this.store.get().questions[0]?.answer(answer);
  }

  /**
   * Ctrl+G on a plan's approval: the plan file opens in the editor, and the dialog then shows
   * the plan as the file holds it (a session that cannot open files says so).
   */
  async editPlan(): Promise<void> {
    const pending = this.store.get().questions[0];
    const edit = this.session.editFile;
    if (!pending?.question.planFile) return;
    if (!edit) return this.notice("This session cannot open files in an editor.", "error");
    const { question, problem } = await editPlanFile(pending.question, (path) => edit(path));
    if (problem) this.notice(`The plan was not edited: ${problem}.`, "error");
    this.store.update((s) => ({
      ...s,
      questions: s.questions.map((q) => (q.id === pending.id ? { ...q, question } : q)),
    }));
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

  /**
   * Runs work that replaces the conversation (/clear, /resume, /rewind) when nothing runs:
   * it counts as busy, and prompts typed meanwhile wait for it and then go to the new engine.
   */
  async exclusive(command: string, work: () => Promise<void>): Promise<void> {
    if (this.isBusy() || this.engine.busy) {
      this.notice(`A turn is running: press Esc to end it before ${command}.`, "error");
      return;
    }
    this.begin();
    try {
      await this.gate.hold(work());
    } finally {
      this.end();
    }
  }

  /** `/clear`: a new conversation in a fresh session (refused while a turn runs). */
  clear(): Promise<void> {
    return this.exclusive("/clear", () => clearSession(this.switchHost, this.deps.openSession));
  }

  /** Switches to another session (/clear, /resume), disposing this one; shows `items` anew. */
  switchTo(next: ReplSession, items: readonly TranscriptItem[]): Promise<void> {
    return switchSession(this.switchHost, next, items);
  }

  private readonly switchHost = {
    notice: (text: string, tone?: "info" | "error") => this.notice(text, tone),
    adopt: (next: ReplSession) => {
      const old = this.session;
      this.session = next;
      this.showTaskEnds(next);
      this.followUnprompted(next);
      this.followTeam(next);
      this.shells.clear();
      return old;
    },
    settle: (items: readonly TranscriptItem[], reset: ScreenReset) => {
      this.session.models?.set(this.chosenModel);
      // The mode chosen with Shift+Tab outlives /clear and /resume, as the model does.
      this.session.setPermissionMode?.(this.store.get().mode);
      // /clear starts afresh as keel does: its header first.
      this.rebuildView(reset === "clear" ? [this.header(), ...items] : items, reset);
    },
  };

  /** A turn's message on screen; a tool may have switched the mode (EnterPlanMode, a plan approved). */
  private showMessage(message: SdkMessage): void {
    const mode = this.session.permissionMode?.();
    this.store.update((s) => ({
      ...s,
      ...(mode === undefined ? {} : { mode }),
      view: applySdkMessage(s.view, message, this.deps.cwd),
    }));
  }

  /** The start-up header (model, folder, permission mode) as a transcript line. */
  private header(): TranscriptItem {
    const { model, mode } = this.store.get();
    const text = startHeader({ model, cwd: this.deps.cwd, mode });
    return { kind: "notice", id: `n${this.nextId++}`, text, tone: "info" };
  }

  /** The session's teammates, a line each under the prompt, redrawn as they change. */
  private followTeam(session: ReplSession): void {
    this.unfollowTeam();
    const team = session.team;
    if (!team) {
      this.store.update((s) => ({ ...s, teammates: [] }));
      this.unfollowTeam = () => {};
      return;
    }
    const redraw = () =>
      void team
        .lines()
        .then((teammates) => {
          if (this.session === session) this.store.update((s) => ({ ...s, teammates }));
        })
        .catch(() => undefined);
    this.unfollowTeam = team.subscribe(redraw);
    redraw();
  }

  /** A background task of the session that ends gets a line (its watch stops on dispose). */
  private showTaskEnds(session: ReplSession): void {
    session.taskEvents?.subscribe((ended) =>
      this.showTaskEnd(ended.taskId, ended.text, ended.tone),
    );
  }

  /** One line per ended task, whichever of the watcher and the task's own turn comes first. */
  private showTaskEnd(taskId: string, text: string, tone: "info" | "error"): void {
    if (this.shownTaskEnds.has(taskId)) return;
    this.shownTaskEnds.add(taskId);
    this.notice(text, tone);
  }

  /** Shows the turns the session starts by itself (a background agent ended while idle). */
  private followUnprompted(session: ReplSession): void {
    this.unfollow();
    this.unfollow =
      session.engine.onUnpromptedTurn?.((turn) => {
        const work = this.runUnprompted(turn);
        this.track(work, "The turn");
        return work;
      }) ?? (() => {});
  }

  /**
   * An unprompted turn, drawn as any turn: the task's line, then the answer. It counts as
   * busy, so a prompt typed meanwhile queues as it does behind a typed one.
   */
  private async runUnprompted(turn: UnpromptedTurn): Promise<void> {
    const { event } = turn;
    if (event.type === "monitor_event") {
      this.showTaskEnd(event.taskId, `Monitor ${event.taskId} (${event.description})`, "info");
    } else if (event.type === "teammate_mailbox") {
      this.notice(`Message from ${event.from.join(", ")}`, "info");
    } else {
      const tone = event.status === "failed" ? "error" : "info";
      this.showTaskEnd(
        event.taskId,
        `Background task ${event.taskId} (${event.description}) ${event.status}`,
        tone,
      );
    }
    this.begin();
    try {
      for await (const message of turn.messages) {
        if (this.exiting) this.engine.interrupt();
        this.showMessage(message);
      }
    } catch (error) {
      this.notice(`The turn failed: ${errorText(error)}`, "error");
    } finally {
      this.end();
      this.shells.flush(this.engine);
    }
  }

  /**
   * Shows the conversation anew (a rewind, a switch): the screen starts over (`reset`: /clear
   * clears the scrollback too) and the finished transcript is drawn again.
   */
  rebuildView(items: readonly TranscriptItem[], reset: ScreenReset = "redraw"): void {
    this.store.update((s) => ({
      ...s,
      view: { ...EMPTY_VIEW, done: [...items] },
      generation: s.generation + 1,
      reset,
    }));
  }

  /** The session the REPL talks to now. */
  get activeSession(): ReplSession {
    return this.session;
  }

  /** The working folder. */
  get cwd(): string {
    return this.deps.cwd;
  }

  /** The clock (ages in /resume). */
  now(): number {
    return this.deps.now();
  }

  /** True while a turn, a `!cmd`, a compaction or a session switch runs. */
  isBusy(): boolean {
    return this.store.get().busy;
  }

  /** Opens a picker over the prompt; choosing or Esc closes it (Esc then runs `back`, if given). */
  pick(
    title: string,
    options: readonly PickerOption[],
    choose: (index: number) => unknown,
    selected?: number,
    back?: () => unknown,
  ): void {
    // Async, so that a step that throws at once ends as a notice too, naming the command.
    const owner = this.lastCommand;
    const run = (step: () => unknown) => this.track((async () => void (await step()))(), owner);
    this.overlay.open(
      title,
      options,
      (index) => run(() => choose(index)),
      selected,
      back && (() => run(back)),
    );
  }

  /** Puts text into the input box. */
  putDraft(text: string): void {
    this.overlay.draft(text);
  }

  /** Runs a `!cmd`'s work as busy (spinner on); Esc aborts its signal. */
  async runBusy(work: (signal: AbortSignal) => Promise<void>): Promise<void> {
    this.begin();
    try {
      await this.shells.run(work);
    } finally {
      this.end();
    }
  }

  /** Adds user messages to the conversation now, or ahead of the next turn that starts. */
  record(texts: readonly string[]): void {
    this.shells.record(texts, this.engine);
  }

  /** `/model [name]`: shows the model, or switches it for the next turn (Pre/PostModelSwitch). */
  async switchModel(name: string): Promise<void> {
    const answer = await this.modelAnswer(name);
    this.notice(answer.text, answer.tone);
  }

  /** `/model <name>`'s switch without its notice (for /config): the answer to show. */
  switchModelQuietly(name: string): Promise<{ text: string; tone: "info" | "error" }> {
    return this.modelAnswer(name);
  }

  private async modelAnswer(name: string): Promise<{ text: string; tone: "info" | "error" }> {
    const models = this.session.models;
    const current = models?.current() ?? this.store.get().model;
    if (name === "") return { text: `Model: ${current}`, tone: "info" };
    if (!models) {
      const text = `Model: ${current}. This session cannot switch models: restart with keel --model ${name}.`;
      return { text, tone: "error" };
    }
    const choice = chooseModel(name, models.providerName);
    if (!choice.ok) return { text: choice.problem, tone: "error" };
    const refused = await models.switchTo?.(choice.model, name);
    if (refused !== undefined) return { text: `Model not changed: ${refused}`, tone: "error" };
    if (!models.switchTo) models.set(choice.model);
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
      this.notice(`Compaction failed: ${errorText(error)}`, "error");
    } finally {
      this.end();
    }
  }

  /**
   * Leaves the REPL: running work is interrupted and awaited, then the session disposed
   * (SessionEnd's reason: the person left the prompt, unless a signal ended keel).
   */
  async exit(code = 0, reason: "prompt_input_exit" | "other" = "prompt_input_exit"): Promise<void> {
    this.exiting = true;
    while (this.turns.size > 0) {
      this.engine.interrupt();
      this.shells.abort();
      await Promise.race(this.turns);
    }
    await this.session.dispose(reason);
    this.resolveExit(code);
  }

  private show(item: TranscriptItem): void {
    this.store.update((s) => ({ ...s, view: appendItem(s.view, item) }));
  }

  private showUser(text: string, id = this.nextId++): void {
    this.show({ kind: "user", id: `u${id}`, text });
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
    this.showUser(text, id);
  }

  /**
   * Sends a prompt; `display` is what the transcript shows for it. It waits its turn behind
   * earlier prompts, a session switch and running `!cmd`s, then goes to the engine then in use.
   */
  private async runPrompt(display: string, expand: () => Promise<PromptTurn>): Promise<void> {
    const id = this.nextId++;
    let started = !(this.store.get().busy || this.engine.busy);
    if (started) {
      this.showUser(display, id);
      this.begin();
    } else {
      this.store.update((s) => ({ ...s, queued: [...s.queued, { id, text: display }] }));
    }
    let handedOver = () => {};
    let rules: TurnRules | undefined;
    try {
      handedOver = await this.gate.take();
      const expanded = await expand();
      if (this.exiting) return;
      if ("notice" in expanded) {
        if (!started) this.unqueue(id, display);
        return this.notice(expanded.notice, expanded.tone ?? "error");
      }
      const engine = this.engine;
      // A command's model and effort hold for its turn only: the session's stay as they are.
      const stream = engine.submitMessage(expanded.text, {
        preface: () => {
          rules = allowForTurn(this, expanded.allow);
          return this.shells.take();
        },
        ...(expanded.overrides ? { overrides: expanded.overrides } : {}),
      });
      // The first step queues the prompt in the engine: the next prompt may go after it.
      let step = stream.next();
      handedOver();
      for (let result = await step; !result.done; result = await step) {
        if (!started) {
          started = true;
          this.unqueue(id, display);
          this.begin();
        }
        if (this.exiting) engine.interrupt();
        const message = result.value;
        this.showMessage(message);
        step = stream.next();
      }
      // Absorbed: the running turn took the prompt at a tool boundary.
      if (!started) this.unqueue(id, display);
    } catch (error) {
      this.notice(`The turn failed: ${errorText(error)}`, "error");
    } finally {
      rules?.remove();
      handedOver();
      if (started) this.end();
      else this.store.update((s) => ({ ...s, queued: s.queued.filter((q) => q.id !== id) }));
      if (started && !this.exiting) this.session.afterTurn?.();
      this.shells.flush(this.engine);
    }
  }
}
