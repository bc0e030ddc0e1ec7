import { withInitialPrompt } from "../config/agent-initial-prompt.js";
import type { SdkMessage, SdkResult } from "../session/sdk-messages.js";
import { waitForBackgroundAgents } from "./background-wait.js";
import { ControlChannel } from "./control/channel.js";
import type { ControlRequestLine } from "./control/envelopes.js";
import { errorLine } from "./control/envelopes.js";
import type { HostTargets } from "./control/host-handler.js";
import { handleHostRequest } from "./control/host-requests.js";
import { initializeRequest, readInitialize } from "./control/initialize.js";
import { openSdkSession } from "./control/sdk-session.js";
import { HeldPrompts } from "./held-prompts.js";
import type { CliIo } from "./io.js";
import type { CliOptions } from "./options.js";
import { exitCodeFor, writeTo } from "./output.js";
import type { OpenSession } from "./print-mode.js";
import { type HeadlessPrompt, headlessPrompt } from "./slash/headless-prompt.js";
import { headlessTurn } from "./slash/headless-turn.js";
import { startupFailureResult } from "./startup-failure.js";
import { readStreamInput } from "./stream-json-input.js";

/** One stream-json run: the channel, the session once open, and the work in flight. */
interface StreamRun {
  options: CliOptions;
  io: CliIo;
  open: OpenSession;
  channel: ControlChannel;
  /** Opens once, on the first line that needs the session (initialize, when it comes first). */
  ready?: Promise<HostTargets>;
  work: Promise<void>[];
  /** The last prompt's look-up (`/name` expansion); the next one waits for it. */
  inOrder: Promise<unknown>;
  /** Every prompt's turn so far, settled once all are over (a refused prompt answers after). */
  lastTurn: Promise<void>;
  /** Whether a main-thread agent's initialPrompt went (before the first prompt) already. */
  initialPromptSent: boolean;
  /** The host's prompts read but not yet in the engine's queue (cancel_async_message's). */
  held: HeldPrompts;
  /** Ends the run at once (a session that cannot open, a request that cannot be answered). */
  fail: (error: unknown) => void;
  lastResult?: SdkResult;
  emit: (message: SdkMessage) => Promise<void>;
}

function warnOf(io: CliIo): (text: string) => void {
  return (text) => void writeTo(io.stderr, `keel: ${text}\n`);
}

/** The session, opened from the initialize request when it is the first line that needs one. */
function sessionFor(run: StreamRun, first?: ControlRequestLine): Promise<HostTargets> {
  if (run.ready) return run.ready;
  const parsed = first ? initializeRequest.safeParse(first.request) : undefined;
  if (parsed && !parsed.success) {
    const problem = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    run.ready = Promise.reject(new Error(`the initialize request cannot be used: ${problem}`));
  } else {
    const init = parsed?.success ? readInitialize(parsed.data) : undefined;
    const opened = openSdkSession(init, run.options, run.channel, run.open, warnOf(run.io));
    run.ready = opened.then((targets) => {
      targets.session.engine.onUnpromptedTurn((turn) => emitTurn(run, turn.messages));
      return { ...targets, heldPrompts: run.held };
    });
  }
  return run.ready;
}

/** Emits a turn's messages as they come (a prompt's, or one a background agent's end started). */
async function emitTurn(run: StreamRun, messages: AsyncIterable<SdkMessage>): Promise<void> {
  for await (const message of messages) {
    if (message.type === "result") run.lastResult = message;
    await run.emit(message);
  }
}

/** A prompt as the engine gets it: a verbatim one is sent as written, never looked up. */
function preparePrompt(
  session: HostTargets["session"],
  prompt: string,
  verbatim: boolean,
  signal: AbortSignal,
): Promise<HeadlessPrompt> {
  if (verbatim) return Promise.resolve({ kind: "send", text: prompt, typed: true, notices: [] });
  return headlessPrompt(session.slash, prompt, signal);
}

/** Whether a prompt runs apart from the running turn: anything but text sent as typed. */
function ownsTurn(prepared: HeadlessPrompt): boolean {
  return prepared.kind !== "send" || !prepared.typed;
}

function startTurn(run: StreamRun, prompt: string, verbatim: boolean, uuid?: string): void {
  const before = run.lastTurn;
  if (uuid !== undefined) run.held.hold(uuid);
  const turn = sessionFor(run).then(async ({ session }) => {
    // A main-thread agent's initialPrompt goes before the first prompt, as in keel -p.
    const text = run.initialPromptSent ? prompt : withInitialPrompt(prompt, session.mainAgent);
    run.initialPromptSent = true;
    // Prompts are looked up one after another, so they reach the engine in the order sent.
    const ready = run.inOrder.then(() => preparePrompt(session, text, verbatim, run.io.signal));
    const done = ready.then(async (prepared) => {
      // A refused prompt's result, or a command run here (/compact, /cost), follows the running
      // turn's: it never lands in the middle of it. A `/name`'s expansion waits for it too: as
      // in Claude Code, a running turn takes typed prompts at a tool boundary but never a slash
      // command, which runs as a turn of its own (its allowed-tools, model and effort with it).
      if (ownsTurn(prepared)) await before.catch(() => undefined);
      // One the host cancelled meanwhile is never sent; from here on the engine's queue has it.
      if (uuid !== undefined && !run.held.release(uuid)) return;
      await emitTurn(run, headlessTurn(session, prepared, warnOf(run.io), uuid));
    });
    // A `/name` holds the session as a turn does (/context counts the conversation as it
    // stands): later prompts wait for its end, so none runs before it.
    run.inOrder = ready.then((p) => (ownsTurn(p) ? done : undefined)).catch(() => {});
    await done;
  });
  // An absorbed prompt's own promise ends early; the chain ends when the turn holding it does.
  run.lastTurn = Promise.all([before.catch(() => undefined), turn]).then(() => undefined);
  track(run, turn);
}

function track(run: StreamRun, work: Promise<void>): void {
  work.catch(run.fail);
  run.work.push(work);
}

function startRequest(run: StreamRun, line: ControlRequestLine): void {
  const first = line.request.subtype === "initialize" && !run.ready ? line : undefined;
  const answered = sessionFor(run, first).then(
    (targets) => handleHostRequest(targets, line),
    async (error: Error) => {
      await run.channel.write(errorLine(line.request_id, error.message));
      throw error;
    },
  );
  track(run, answered);
}

/** Reads stdin to its end; false when a line could not be read (reported on stderr). */
async function pump(run: StreamRun): Promise<boolean> {
  for await (const input of readStreamInput(run.io.stdin)) {
    if (run.io.signal.aborted) break;
    switch (input.kind) {
      case "prompt":
        startTurn(run, input.text, input.verbatim === true, input.uuid);
        break;
      case "control":
        startRequest(run, input.request);
        break;
      case "response":
        run.channel.answer(input.response);
        break;
      case "invalid":
        await writeTo(run.io.stderr, `keel: stdin line ${input.line}: ${input.problem}\n`);
        return false;
      // keel answers the SDK's requests at once, so a cancel finds nothing to stop.
      case "cancel":
      case "ignored":
        break;
    }
  }
  return true;
}

/**
 * The stream-json conversation with its control channel (CLI-PROTOCOL.md): user messages
 * run as turns (or are absorbed by the running one), SDK requests are each answered once,
 * answers to keel's own requests are matched. After stdin ends the queued work finishes;
 * the exit code is 0 when the last result succeeded, 1 after an error result or a bad line.
 */
export async function runStreamInput(
  options: CliOptions,
  io: CliIo,
  open: OpenSession,
  report: (message: SdkMessage) => Promise<void>,
): Promise<number> {
  const channel = new ControlChannel(io.stdout);
  let fail: (error: unknown) => void = () => {};
  const failed = new Promise<never>((_, reject) => {
    fail = reject;
  });
  failed.catch(() => {});
  const run: StreamRun = {
    options,
    io,
    open,
    channel,
    work: [],
    inOrder: Promise.resolve(),
    lastTurn: Promise.resolve(),
    initialPromptSent: false,
    held: new HeldPrompts(),
    fail,
    emit: async (message) => {
      await channel.write(message);
      await report(message);
    },
  };
  try {
    const inputOk = await Promise.race([pump(run), failed]);
    channel.close("stdin closed before the SDK answered");
    await Promise.race([Promise.all(run.work), failed]);
    // As `keel -p` does: background agents are waited for, each end a turn of its own.
    const targets = await run.ready;
    if (targets) await Promise.race([waitForBackgroundAgents(targets.session, io.signal), failed]);
    if (!inputOk) return 1;
    return run.ready ? exitCodeFor(run.lastResult) : 0;
  } catch (error) {
    const result = startupFailureResult(error);
    if (result) await channel.write(result);
    throw error;
  } finally {
    const targets = await run.ready?.catch(() => undefined);
    await targets?.sdkMcp.close();
    await targets?.session.dispose();
  }
}
