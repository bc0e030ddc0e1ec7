import { randomUUID } from "node:crypto";
import type { QueryEvent } from "../../loop/events.js";
import type { CallModel, QueryParams } from "../../loop/params.js";
import { query } from "../../loop/query.js";
import { parseTokenBudget } from "../../loop/token-budget.js";
import type { Terminal } from "../../loop/transitions.js";
import type { ModelRequest } from "../../model/provider.js";
import type { ApiThinkingConfig } from "../../protocol/api.js";
import {
  createAttachmentMessage,
  createUserMessage,
  type IdSource,
} from "../../protocol/factories.js";
import type { Message } from "../../protocol/messages.js";
import { createChildAbortController } from "../../tools/child-abort-controller.js";
import type { ToolUseContext } from "../../tools/context.js";
import { FileStateCache } from "../../tools/file-state-cache.js";
import type { AnyTool } from "../../tools/tool.js";
import { type TurnOverrides, withTurnOverrides } from "../../tools/turn-overrides.js";
import { createMeteredCallModel } from "../metered-call-model.js";
import { toSdkMessage } from "../sdk-mapper.js";
import type {
  SdkCompactBoundary,
  SdkMessage,
  SdkModelUsage,
  SdkResult,
  SdkSystemInit,
} from "../sdk-messages.js";
import { interruptedRecord } from "../transcript/display-record.js";
import { TurnObserver } from "../turn-observer.js";
import { type TurnFacts, turnResult } from "../turn-result.js";
import { UsageTracker } from "../usage-tracker.js";
import { withBudget } from "./budget.js";
import type { ContextDeps, QueryEngineConfig, SessionContext } from "./config.js";
import { ConversationHistory } from "./history.js";
import { initMessage } from "./init-message.js";
import { InputQueue } from "./input-queue.js";
import { loadedDeferredTools } from "./loaded-deferred-tools.js";
import { type NextRequest, nextTurnRequest } from "./next-request.js";
import { PartialText } from "./partial-text.js";
import { type SessionEvent, type TurnInput, turnInputMessage } from "./session-event.js";
import { sessionSideModel } from "./side-model.js";
import { maxStructuredOutputRetries, StructuredOutputChannel } from "./structured-output.js";
import { turnToolUseContext } from "./turn-context.js";
import { turnDeps, turnSubagentRunner, turnTeammateConversations } from "./turn-deps.js";
import { StructuredOutputWatch } from "./turn-watch.js";
import { type UnpromptedTurnHandler, UnpromptedTurns } from "./unprompted-turns.js";

/**
 * Milliseconds on a monotonic clock, for durations. Not `performance.now()`: the `performance`
 * global loads node's perf_hooks modules on first use, which `keel -p` need not start with.
 */
function monotonicMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

/** Why the host (not the loop) ended a turn. */
type HostStop = "budget" | "structured_output" | undefined;

/** One turn's own state. */
interface TurnRun {
  abort: AbortController;
  /** Unties the turn's controller from the session's (one listener per turn, removed after). */
  release(): void;
  observer: TurnObserver;
  /** The answer block streaming now (kept for the screen if the person interrupts). */
  partial: PartialText;
  stop: HostStop;
  startedAt: number;
}

/**
 * A conversation (seed 004's QueryEngine): one turn at a time behind a lock, input that
 * arrives meanwhile absorbed at the next tool boundary or run as the next turn, the history,
 * readFileState, usage and denials kept across turns, every message persisted as it is made.
 */
export class QueryEngine {
  private readonly history: ConversationHistory;
  private readonly queue = new InputQueue();
  private readonly tracker = new UsageTracker();
  private readonly denials: SdkResult["permission_denials"] = [];
  private readonly ids: IdSource;
  private readonly now: () => number;
  private readonly structured: StructuredOutputChannel | undefined;
  private readonly tools: readonly AnyTool[];
  private context: Promise<SessionContext> | undefined;
  private readonly callModel: CallModel;
  private readonly contextDeps: ContextDeps;
  private current: TurnRun | undefined;
  private readonly unprompted = new UnpromptedTurns();
  /** The thinking an SDK host set mid-session (set_max_thinking_tokens); undefined: the config's. */
  private thinking: ApiThinkingConfig | undefined;
  readonly readFileState: FileStateCache;

  constructor(private readonly config: QueryEngineConfig) {
    this.history = new ConversationHistory(config.initialMessages);
    this.readFileState = config.readFileCache ?? new FileStateCache();
    this.ids = config.ids ?? { uuid: randomUUID, timestamp: () => new Date().toISOString() };
    this.now = config.now ?? monotonicMs;
    this.structured = config.jsonSchema
      ? new StructuredOutputChannel(config.jsonSchema, maxStructuredOutputRetries(process.env))
      : undefined;
    this.tools = this.structured ? [...config.tools, this.structured.tool] : config.tools;
    this.callModel = this.sessionCallModel();
    this.contextDeps = config.contextDeps?.(this.callModel) ?? {};
  }

  /** Every request of the session, metered; with a budget, none starts once it is spent. */
  private sessionCallModel(): CallModel {
    const { config } = this;
    const metered = createMeteredCallModel(
      config.provider,
      config.retry ?? {},
      this.tracker,
      this.now,
    );
    if (config.maxBudgetUsd === undefined) return metered;
    return withBudget(metered, {
      maxBudgetUsd: config.maxBudgetUsd,
      spentUsd: () => this.tracker.totalCostUsd,
      onExceeded: () => {
        if (this.current) this.hostStop(this.current, "budget");
      },
    });
  }

  get sessionId(): string {
    return this.config.sessionId;
  }

  /** The session's metered model call, for requests made on its behalf (the auto mode's). */
  get sessionModel(): CallModel {
    return this.callModel;
  }

  /** The conversation so far (after the last compaction). */
  get messages(): readonly Message[] {
    return this.history.messages;
  }

  /** Spend so far, in USD (models of unknown price count as 0). */
  get totalCostUsd(): number {
    return this.tracker.totalCostUsd;
  }

  /** Usage and cost so far per model (what /cost lists); a model of unknown price is flagged. */
  modelUsage(): Record<string, SdkModelUsage> {
    return this.tracker.modelUsage();
  }

  /** True while a turn runs. */
  get busy(): boolean {
    return this.queue.busy;
  }

  /**
   * Sends a prompt. With no turn running, it starts one and the generator yields the turn's
   * messages, ending with its result. While a turn runs, the prompt waits: the running turn
   * takes it at its next tool boundary (this generator then ends at once, its answer arrives
   * in that turn) or, if that turn ends first, it runs as the next turn.
   */
  async *submitMessage(
    prompt: string,
    options: {
      uuid?: string;
      preface?: () => readonly string[];
      /** The model and effort of this turn only (a skill's); a prompt a running turn absorbs has none. */
      overrides?: TurnOverrides;
    } = {},
  ): AsyncGenerator<SdkMessage, void, undefined> {
    const uuid = options.uuid ?? this.ids.uuid();
    const ticket = this.queue.enqueue({ kind: "prompt", prompt, uuid });
    // Taken by the running turn (its answer arrives there), or withdrawn: nothing of its own.
    if ((await ticket.settled) !== "turn") return;
    try {
      // Messages that belong before this prompt (the REPL's `!cmd` records), kept as it starts.
      for (const text of options.preface?.() ?? []) this.keep(createUserMessage(text, this.ids));
      yield* this.runTurn(ticket.input, options.overrides);
    } finally {
      this.queue.release();
    }
  }

  /**
   * Tells the conversation of something nobody typed (a background task ended). While a turn
   * runs, the model gets it as an attachment at the next tool boundary; when the session is
   * idle (or the running turn ends first), it starts a turn of its own, with the event as a
   * `<task-notification>` user message, shown through `onUnpromptedTurn`'s handler. Events
   * wait their turn behind prompts sent before them, as prompts do.
   */
  deliver(event: SessionEvent): void {
    const ticket = this.queue.enqueue({ kind: "event", event, uuid: this.ids.uuid() });
    void ticket.settled.then(async (how) => {
      if (how !== "turn") return;
      try {
        await this.unprompted.run(event, this.runTurn(ticket.input));
      } finally {
        this.queue.release();
      }
    });
  }

  /**
   * Subscribes the host that shows turns `deliver` starts: the handler gets each such turn and
   * reads its messages (the turn runs as they are read, ending with its result). With no
   * handler the turn still runs, unseen. One handler at a time; returns the unsubscribe.
   */
  onUnpromptedTurn(handler: UnpromptedTurnHandler): () => void {
    return this.unprompted.subscribe(handler);
  }

  /**
   * Settles once no turn runs and no input waits. Rejects with the failure of an unprompted
   * turn's handler since the last call, if one threw.
   */
  async whenIdle(): Promise<void> {
    await this.queue.whenIdle();
    const failure = this.unprompted.takeFailure();
    if (failure) throw failure.error;
  }

  /** The session's system/init message, for what answers a prompt without a turn (`/cost`). */
  systemInit(): SdkSystemInit {
    return initMessage(this.config, this.currentTools(), this.ids.uuid());
  }

  /**
   * Sets the thinking the main thread's requests carry from the next turn on (an SDK host's
   * set_max_thinking_tokens); undefined goes back to the session's own (its flags, settings).
   */
  setThinking(thinking: ApiThinkingConfig | undefined): void {
    this.thinking = thinking;
  }

  /**
   * Withdraws a prompt still waiting for the running turn by its uuid (an SDK host's
   * cancel_async_message): it is never sent. False when none waits (taken, started or unknown).
   */
  cancelQueued(uuid: string): boolean {
    return this.queue.cancel(uuid);
  }

  /** Ends the running turn cleanly (its tools are stopped, pairing is kept, a result follows). */
  interrupt(): void {
    this.current?.abort.abort(new Error("interrupted"));
  }

  /**
   * Compacts the conversation now (`/compact [instructions]`): the history becomes the
   * compaction's boundary and summary, recorded in the transcript. Refused while a turn runs;
   * throws when there is no compaction or it fails.
   */
  async compact(instructions?: string): Promise<SdkCompactBoundary> {
    const compactNow = this.contextDeps.compactNow;
    if (!compactNow) throw new Error("this session has no compaction");
    if (!this.queue.tryAcquire()) throw new Error("cannot compact while a turn runs");
    const run = this.startRun();
    try {
      const context = this.queryParams(run, "", await this.sessionContext()).toolUseContext;
      const result = await compactNow(this.history.messages, instructions, context);
      let boundary: SdkCompactBoundary | undefined;
      for (const message of result.messages) {
        this.record(message);
        const sdk = this.toSdk(message);
        if (sdk?.type === "system" && sdk.subtype === "compact_boundary") boundary = sdk;
      }
      if (!boundary) throw new Error("the compaction returned no boundary");
      return boundary;
    } finally {
      run.release();
      this.current = undefined;
      this.queue.release();
    }
  }

  /**
   * Runs work between turns with a turn's tool context (a forked `/skill` starts its subagent
   * through it, so permissions, hooks and cost are a turn's); busy meanwhile, interrupt()
   * aborts it, and refused while a turn runs.
   */
  async withTurnContext<T>(work: (context: ToolUseContext) => Promise<T>): Promise<T> {
    if (!this.queue.tryAcquire()) throw new Error("cannot run a command while a turn runs");
    const run = this.startRun();
    try {
      return await work(this.queryParams(run, "", await this.sessionContext()).toolUseContext);
    } finally {
      run.release();
      this.current = undefined;
      this.queue.release();
    }
  }

  /**
   * The request the next turn would open with, less its prompt (what `/context` counts),
   * once the turn in hand has ended.
   */
  async nextRequest(): Promise<NextRequest> {
    await this.queue.whenIdle();
    return this.withTurnContext(async (context) =>
      nextTurnRequest({
        history: this.history.messages,
        session: await this.sessionContext(),
        context,
        maxTokens: this.config.maxOutputTokens,
        pendingSkillListing: this.pendingSkillListing(),
        ids: this.ids,
      }),
    );
  }

  /** A request's input tokens as the provider counts them; undefined where it has no count. */
  countTokens(request: ModelRequest, signal: AbortSignal): Promise<number> | undefined {
    return this.config.provider.countTokens?.(request, signal);
  }

  /** Forgets the conversation from a user message on (a rewind; files are the host's). */
  rewindTo(userMessageUuid: string): boolean {
    if (this.queue.busy) throw new Error("cannot rewind while a turn runs");
    if (!this.history.truncateBefore(userMessageUuid)) return false;
    this.config.transcript?.branchFrom(this.history.messages.at(-1)?.uuid ?? null);
    return true;
  }

  /**
   * Adds user messages between turns (the REPL's `!cmd` record, so the model sees the command
   * and its output next turn); refused while a turn runs, where it would split a tool round.
   */
  addUserMessages(texts: readonly string[]): void {
    if (this.queue.busy) throw new Error("cannot add messages while a turn runs");
    for (const text of texts) this.keep(createUserMessage(text, this.ids));
  }

  /** The session's tools now, with StructuredOutput when an answer schema was given. */
  private currentTools(): readonly AnyTool[] {
    const refresh = this.config.refreshTools;
    if (!refresh) return this.tools;
    return this.structured ? [...refresh(), this.structured.tool] : refresh();
  }

  /** Drops the loaded context so the next turn loads it again (a memory file was edited). */
  reloadContext(): void {
    this.context = undefined;
  }

  private sessionContext(): Promise<SessionContext> {
    this.context ??= this.config.loadContext();
    return this.context;
  }

  /** Adds a message to the conversation and its transcript. */
  private keep(message: Message): void {
    this.history.push(message);
    this.config.transcript?.append(message);
  }

  /** One turn: a prompt's (UserPromptSubmit hooks first) or an event's. */
  private async *runTurn(
    input: TurnInput,
    overrides: TurnOverrides = {},
  ): AsyncGenerator<SdkMessage, void, undefined> {
    const run = this.startRun();
    // Only a prompt is a token-budget request ("+500k") or goes through UserPromptSubmit.
    const prompt = input.kind === "prompt" ? input.prompt : "";
    try {
      const submitted =
        input.kind === "prompt"
          ? await this.config.hooks?.userPromptSubmit?.(prompt, run.abort.signal)
          : undefined;
      this.keep(turnInputMessage(input, this.ids));
      await this.config.onTurnStart?.(input.uuid);
      for (const extra of submitted?.additionalContext ?? []) {
        this.keep(createAttachmentMessage({ type: "hook_additional_context", ...extra }, this.ids));
      }
      this.keepSkillListing();
      const context = await this.sessionContext();
      yield initMessage(this.config, this.currentTools(), this.ids.uuid());
      if (submitted?.blocked !== undefined) {
        yield this.blockedResult(run, submitted.blocked);
        return;
      }
      const params = this.queryParams(run, prompt, context, overrides);
      const terminal = yield* this.drive(run, params);
      this.recordInterruption(run, terminal);
      yield this.result(run, terminal);
    } finally {
      run.release();
      this.current = undefined;
    }
  }

  /**
   * The skill listing, when the conversation (since its last compaction) lacks it; else the
   * skills a reload added since, if any.
   */
  private keepSkillListing(): void {
    const content = this.pendingSkillListing() ?? this.config.addedSkillsListing?.();
    if (content !== undefined) {
      this.keep(createAttachmentMessage({ type: "skill_listing", content }, this.ids));
    }
  }

  /** The skill listing the next turn adds: when there is one and the conversation lacks it. */
  private pendingSkillListing(): string | undefined {
    const listed = this.history.messages.some(
      (m) => m.type === "attachment" && m.attachment.type === "skill_listing",
    );
    return listed ? undefined : this.config.skillListing?.();
  }

  private startRun(): TurnRun {
    const outer = this.config.abortController?.signal;
    const child = outer ? createChildAbortController(outer) : undefined;
    this.structured?.beginTurn();
    const run: TurnRun = {
      abort: child?.controller ?? new AbortController(),
      release: () => child?.dispose(),
      observer: new TurnObserver(this.now),
      partial: new PartialText(),
      stop: undefined,
      startedAt: this.now(),
    };
    this.current = run;
    return run;
  }

  private hostStop(run: TurnRun, why: Exclude<HostStop, undefined>): void {
    if (run.stop) return;
    run.stop = why;
    run.abort.abort(new Error(why));
  }

  private queryParams(
    run: TurnRun,
    prompt: string,
    context: SessionContext,
    overrides: TurnOverrides = {},
  ): QueryParams {
    const { config } = this;
    const inputs = {
      config,
      callModel: this.callModel,
      contextDeps: this.contextDeps,
      ids: this.ids,
      queue: this.queue,
      userContext: context.userContext,
      now: this.now,
      adoptRewrites: (rewritten: readonly Message[]) => this.history.adoptRewrites(rewritten),
      ...(this.structured ? { structured: this.structured } : {}),
    };
    const deps = turnDeps(inputs);
    const sessionContext = turnToolUseContext({
      config: this.thinking ? { ...config, thinkingConfig: this.thinking } : config,
      tools: this.currentTools(),
      ...(config.refreshTools ? { refreshTools: () => this.currentTools() } : {}),
      abortController: run.abort,
      readFileState: this.readFileState,
      denials: this.denials,
      runSubagent: turnSubagentRunner(inputs, deps),
      openTeammateConversation: turnTeammateConversations(inputs, deps, context.systemPrompt),
      loadedDeferredTools: loadedDeferredTools(this.history.messages, this.currentTools()),
      sideModel: sessionSideModel(this.callModel, config.provider, config.userSpecifiedModel),
    });
    const toolUseContext = withTurnOverrides(sessionContext, overrides);
    config.onTurnContext?.(toolUseContext);
    const budget = parseTokenBudget(prompt);
    return {
      messages: [...this.history.messages],
      systemPrompt: context.systemPrompt,
      userContext: context.userContext,
      toolUseContext,
      deps,
      maxOutputTokens: config.maxOutputTokens,
      ...(config.escalatedMaxOutputTokens
        ? { escalatedMaxOutputTokens: config.escalatedMaxOutputTokens }
        : {}),
      ...(config.fallbackModel ? { fallbackModel: config.fallbackModel } : {}),
      ...(config.maxTurns === undefined ? {} : { maxTurns: config.maxTurns }),
      ...(budget === null ? {} : { tokenBudget: budget }),
    };
  }

  /** Runs the loop, keeping and persisting what it makes, yielding what programs see. */
  private async *drive(run: TurnRun, params: QueryParams): AsyncGenerator<SdkMessage, Terminal> {
    const watch = this.structured
      ? new StructuredOutputWatch(this.structured, () => this.hostStop(run, "structured_output"))
      : undefined;
    const turn = query(params);
    let step = await turn.next();
    while (!step.done) {
      const event = step.value;
      this.record(event);
      if (event.type === "progress") this.config.onProgress?.(event.toolUseID, event.data);
      run.observer.observe(event);
      run.partial.observe(event);
      watch?.observe(event);
      const message = this.toSdk(event);
      if (message) yield message;
      step = await turn.next();
    }
    run.observer.finish();
    return step.value;
  }

  /**
   * A turn the person interrupted leaves a display record: the partial answer dropped from
   * the history (contracts.md §5) stays in the transcript for /resume to show, never sent.
   */
  private recordInterruption(run: TurnRun, terminal: Terminal): void {
    const transcript = this.config.transcript;
    const aborted = terminal.reason === "aborted_streaming" || terminal.reason === "aborted_tools";
    if (!aborted || run.stop !== undefined || !transcript?.appendRecord) return;
    const after = transcript.lastUuid?.() ?? this.history.messages.at(-1)?.uuid ?? null;
    transcript.appendRecord(interruptedRecord(after, run.partial.value, this.ids.timestamp()));
  }

  private record(event: QueryEvent): void {
    const change = this.history.apply(event);
    const transcript = this.config.transcript;
    if (!transcript) return;
    if (change.kind === "kept" || change.kind === "recorded") transcript.append(change.message);
    else if (change.kind === "removed") transcript.remove(change.uuid);
  }

  private toSdk(event: QueryEvent): SdkMessage | undefined {
    const session_id = this.config.sessionId;
    if (
      event.type === "attachment" &&
      event.attachment.type === "queued_command" &&
      this.config.replayUserMessages
    ) {
      return {
        type: "user",
        message: { role: "user", content: event.attachment.prompt },
        parent_tool_use_id: null,
        session_id,
        uuid: event.uuid,
        isReplay: true,
      };
    }
    return toSdkMessage(event, {
      sessionId: session_id,
      includePartialMessages: this.config.includePartialMessages === true,
    });
  }

  private facts(run: TurnRun, terminal: Terminal): TurnFacts {
    return {
      terminal,
      lastAssistant: run.observer.lastAssistant,
      ...(run.observer.stopResult === undefined ? {} : { stopResult: run.observer.stopResult }),
      ...(this.config.maxTurns === undefined ? {} : { maxTurns: this.config.maxTurns }),
      numTurns: run.observer.numTurns,
      stopReason: run.observer.stopReason,
      durationMs: this.now() - run.startedAt,
      sessionId: this.config.sessionId,
      uuid: this.ids.uuid(),
      permissionDenials: [...this.denials],
    };
  }

  private result(run: TurnRun, terminal: Terminal): SdkResult {
    const facts = this.facts(run, terminal);
    const hostError = this.hostError(run, terminal);
    return turnResult(
      {
        ...facts,
        ...(hostError ? { hostError } : {}),
        ...(this.structured ? { structuredOutput: this.structured.output } : {}),
      },
      this.tracker,
    );
  }

  private hostError(run: TurnRun, terminal: Terminal): TurnFacts["hostError"] {
    if (run.stop === "budget") {
      return {
        subtype: "error_max_budget_usd",
        errors: [`Reached maximum budget ($${this.config.maxBudgetUsd})`],
      };
    }
    const structured = this.structured;
    const gaveUp =
      run.stop === "structured_output" ||
      (terminal.reason === "completed" && structured !== undefined && !structured.output.present);
    if (structured && gaveUp) {
      return {
        subtype: "error_max_structured_output_retries",
        errors: [`Failed to provide valid structured output after ${structured.failures} attempts`],
      };
    }
    return undefined;
  }

  private blockedResult(run: TurnRun, reason: string): SdkResult {
    const terminal: Terminal = { reason: "completed" };
    return {
      ...turnResult(this.facts(run, terminal), this.tracker),
      is_error: true,
      result: `The prompt was blocked by a UserPromptSubmit hook: ${reason}`,
      num_turns: 0,
    };
  }
}
