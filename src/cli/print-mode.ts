import { randomUUID } from "node:crypto";
import { keelStateDir } from "../config/paths.js";
import { DEFAULT_MODEL, findModel, requestMaxTokens } from "../model/catalog.js";
import { parseModelString } from "../model/model-string.js";
import { retryOptionsFromEnv } from "../model/retry.js";
import { apiKeySource, createProvider } from "../model/select.js";
import type { LoopTransition } from "../protocol/messages.js";
import type { SdkMessage, SdkResult } from "../session/sdk-messages.js";
import type { CliIo } from "./io.js";
import { refuseMcpServers } from "./mcp-config.js";
import type { CliOptions } from "./options.js";
import { createOutputPrinter, exitCodeFor, writeTo } from "./output.js";
import { createPrintSession, type PrintModel } from "./print-session.js";
import { resolveSession } from "./resume-session.js";
import { openSessionStore } from "./session-store.js";
import { readPipedStdin } from "./stdin.js";
import { UsageError } from "./usage-error.js";

function positiveInt(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === "") return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) {
    throw new UsageError(`${name} must be a positive integer, got "${value}"`);
  }
  return n;
}

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

async function printModel(options: CliOptions, io: CliIo): Promise<PrintModel> {
  const maxOutput = positiveInt(
    "CLAUDE_CODE_MAX_OUTPUT_TOKENS",
    io.env.CLAUDE_CODE_MAX_OUTPUT_TOKENS,
  );
  const concurrency =
    positiveInt(
      "CLAUDE_CODE_MAX_TOOL_USE_CONCURRENCY",
      io.env.CLAUDE_CODE_MAX_TOOL_USE_CONCURRENCY,
    ) ?? 10;
  const selection = parseModelString(options.model ?? io.env.ANTHROPIC_MODEL ?? DEFAULT_MODEL);
  const fallback =
    options.fallbackModel === undefined ? undefined : parseModelString(options.fallbackModel);
  if (fallback && fallback.model === selection.model) {
    throw new UsageError("--fallback-model must differ from the main model");
  }
  if (options.maxBudgetUsd !== undefined && !findModel(selection.model)) {
    throw new UsageError(
      `--max-budget-usd cannot be used with ${selection.model}: keel does not know its price, so the budget could never be reached`,
    );
  }
  const cap = findModel(selection.model)?.maxOutputTokens;
  return {
    provider: await createProvider(selection, io.env),
    model: selection.model,
    ...(fallback ? { fallbackModel: fallback.model } : {}),
    maxOutputTokens: requestMaxTokens(selection.model, maxOutput),
    ...(maxOutput === undefined && cap !== undefined ? { escalatedMaxOutputTokens: cap } : {}),
    apiKeySource: apiKeySource(selection, io.env),
    retry: retryOptionsFromEnv(io.env),
    maxToolUseConcurrency: concurrency,
  };
}

/** Runs one headless turn (`keel -p`) and returns the process exit code. */
export async function runPrintMode(options: CliOptions, io: CliIo): Promise<number> {
  await refuseMcpServers(options.mcpConfig);
  const prompt = options.prompt.trim() !== "" ? options.prompt : await readPipedStdin(io.stdin);
  if (prompt.trim() === "") {
    throw new UsageError('no prompt: give it as an argument (keel -p "...") or pipe it on stdin');
  }
  const model = await printModel(options, io);
  const stateDir = keelStateDir(io.env);
  const warn = (text: string) => void writeTo(io.stderr, `keel: ${text}\n`);
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
  const session = await createPrintSession({
    options,
    io,
    model,
    sessionId: resolved.sessionId,
    history: resolved.messages,
    store,
    stateDir,
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
  try {
    for await (const message of session.engine.submitMessage(prompt)) {
      if (message.type === "result") result = message;
      await printer(message);
      await reportToStderr(message, options, io);
    }
  } finally {
    // Also after SIGINT/SIGTERM (the turn ends on io.signal): keel -p leaves nothing running.
    await session.dispose();
  }
  return exitCodeFor(result);
}
