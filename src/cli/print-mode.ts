import { randomUUID } from "node:crypto";
import { homedir } from "node:os";
import { keelStateDir } from "../config/paths.js";
import { createHeadlessCanUseTool } from "../policy/headless.js";
import type { LoopTransition } from "../protocol/messages.js";
import type { SdkMessage, SdkResult } from "../session/sdk-messages.js";
import { createCliSession } from "./cli-session.js";
import type { CliIo } from "./io.js";
import { refuseMcpServers } from "./mcp-config.js";
import type { CliOptions } from "./options.js";
import { createOutputPrinter, exitCodeFor, writeTo } from "./output.js";
import { printModel } from "./print-model.js";
import { resolveSession } from "./resume-session.js";
import { loadSessionPolicy } from "./session-policy.js";
import { openSessionStore } from "./session-store.js";
import { readPipedStdin } from "./stdin.js";
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

/** Runs one headless turn (`keel -p`) and returns the process exit code. */
export async function runPrintMode(options: CliOptions, io: CliIo): Promise<number> {
  await refuseMcpServers(options.mcpConfig);
  const prompt = options.prompt.trim() !== "" ? options.prompt : await readPipedStdin(io.stdin);
  if (prompt.trim() === "") {
    throw new UsageError('no prompt: give it as an argument (keel -p "...") or pipe it on stdin');
  }
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
