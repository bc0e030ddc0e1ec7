import { randomUUID } from "node:crypto";
import { homedir } from "node:os";
import { keelStateDir } from "../config/paths.js";
import { createHeadlessCanUseTool } from "../policy/headless.js";
import type { LoopTransition } from "../protocol/messages.js";
import type { SdkMessage, SdkResult } from "../session/sdk-messages.js";
import { createCliSession } from "./cli-session.js";
import type { CliIo } from "./io.js";
import type { CliOptions } from "./options.js";
import { createOutputPrinter, exitCodeFor, writeTo } from "./output.js";
import { printModel } from "./print-model.js";
import { resolveSession } from "./resume-session.js";
import { loadSessionPolicy } from "./session-policy.js";
import { openSessionStore } from "./session-store.js";
import { readPipedStdin } from "./stdin.js";
import { runStreamInput } from "./stream-input-run.js";
import { UsageError } from "./usage-error.js";

/** Diagnostics for people on stderr (stream-json carries retries as messages). */
async function reportToStderr(message: SdkMessage, options: CliOptions, io: CliIo): Promise<void> {
  if (
    message.type === "system" &&
    message.subtype === "api_retry" &&
    options.verbose &&
    options.outputFormat !== "stream-json"
  ) {
    await writeTo(
      io.stderr,
      `keel: request failed (${message.error_status ?? message.error}); retrying in ${Math.round(message.retry_delay_ms)} ms (attempt ${message.attempt}/${message.max_retries})\n`,
    );
  }
  if (message.type === "result" && message.errors?.length && options.outputFormat === "text") {
    await writeTo(io.stderr, `keel: ${message.errors.join("; ")}\n`);
  }
}

function describeTransition(transition: LoopTransition, turnCount: number): string {
  const { kind, reason, ...payload } = transition;
  const details = Object.keys(payload).length > 0 ? ` ${JSON.stringify(payload)}` : "";
  return `keel: [turn ${turnCount}] ${kind} ${reason}${details}\n`;
}

/** The prompt of a text-input run: the argument, else what was piped in. */
async function textPrompt(options: CliOptions, io: CliIo): Promise<string> {
  const prompt = options.prompt.trim() !== "" ? options.prompt : await readPipedStdin(io.stdin);
  if (prompt.trim() === "") {
    throw new UsageError('no prompt: give it as an argument (keel -p "...") or pipe it on stdin');
  }
  return prompt;
}

/**
 * Runs headless (`keel -p`, or `--input-format stream-json`) and returns the exit code: one
 * prompt, or every user message read from stdin as one conversation in this process.
 */
export async function runPrintMode(options: CliOptions, io: CliIo): Promise<number> {
  if (options.inputFormat === "stream-json" && options.outputFormat !== "stream-json") {
    throw new UsageError("--input-format stream-json needs --output-format stream-json");
  }
  if (options.inputFormat === "stream-json" && options.prompt.trim() !== "") {
    throw new UsageError(
      "with --input-format stream-json the prompts come from stdin, not the command line",
    );
  }
  const prompt = options.inputFormat === "text" ? await textPrompt(options, io) : undefined;
  const stateDir = keelStateDir(io.env);
  const warn = (text: string) => void writeTo(io.stderr, `keel: ${text}\n`);
  const home = io.env.HOME ?? homedir();
  const policy = await loadSessionPolicy(options, { home, stateDir, cwd: io.cwd }, warn);
  const model = await printModel(options, io, policy.settings.model);
  const ids = { uuid: randomUUID, timestamp: () => new Date().toISOString() };
  const resolved = await resolveSession(options, { stateDir, cwd: io.cwd, ids, onWarning: warn });
  const store = await openSessionStore({
    stateDir,
    cwd: io.cwd,
    sessionId: resolved.sessionId,
    persist: options.sessionPersistence,
    history: resolved.messages,
    onError: (error) => warn(`cannot write the transcript: ${error.message}`),
  });
  const session = await createCliSession({
    options,
    io,
    model,
    sessionId: resolved.sessionId,
    history: resolved.messages,
    resumed: options.resume !== undefined || options.continue,
    store,
    stateDir,
    policy,
    canUseTool: createHeadlessCanUseTool,
    warn,
    ...(options.verbose
      ? {
          onTransition: (t: LoopTransition, n: number) =>
            void writeTo(io.stderr, describeTransition(t, n)),
        }
      : {}),
  });
  const printer = createOutputPrinter(options.outputFormat, io.stdout);
  let result: SdkResult | undefined;
  const emit = async (message: SdkMessage) => {
    if (message.type === "result") result = message;
    await printer(message);
    await reportToStderr(message, options, io);
  };
  try {
    if (prompt !== undefined) {
      for await (const message of session.engine.submitMessage(prompt)) await emit(message);
      return exitCodeFor(result);
    }
    const inputOk = await runStreamInput(session.engine, io, emit);
    return inputOk ? exitCodeFor(result) : 1;
  } finally {
    // Also after SIGINT/SIGTERM (the turn ends on io.signal): keel -p leaves nothing running.
    await session.dispose();
  }
}
