import { randomUUID } from "node:crypto";
import { DEFAULT_MODEL, requestMaxTokens } from "../model/catalog.js";
import { parseModelString } from "../model/model-string.js";
import { retryOptionsFromEnv } from "../model/retry.js";
import { apiKeySource, createProvider } from "../model/select.js";
import type { SdkMessage, SdkResult } from "../session/sdk-messages.js";
import { runSingleRequestTurn } from "../session/single-request-turn.js";
import { defaultSystemPrompt } from "../session/system-prompt.js";
import { VERSION } from "../version.js";
import type { CliIo } from "./io.js";
import { refuseMcpServers } from "./mcp-config.js";
import type { CliOptions } from "./options.js";
import { createOutputPrinter, exitCodeFor, writeTo } from "./output.js";
import { readPipedStdin } from "./stdin.js";

/** A problem with the command line or its inputs, reported before any turn runs. */
export class UsageError extends Error {}

function positiveInt(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value === "") return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) {
    throw new UsageError(`${name} must be a positive integer, got "${value}"`);
  }
  return n;
}

function localDate(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Diagnostics for people in text and json output (stream-json carries them as messages). */
async function reportToStderr(message: SdkMessage, options: CliOptions, io: CliIo): Promise<void> {
  if (options.outputFormat === "stream-json") return;
  if (message.type === "system" && message.subtype === "api_retry" && options.verbose) {
    await writeTo(
      io.stderr,
      `keel: request failed (${message.error_status ?? message.error}); retrying in ${Math.round(message.retry_delay_ms)} ms (attempt ${message.attempt}/${message.max_retries})\n`,
    );
  }
  if (message.type === "result" && message.errors?.length) {
    await writeTo(io.stderr, `keel: ${message.errors.join("; ")}\n`);
  }
}

/** Runs one headless turn (`keel -p`) and returns the process exit code. */
export async function runPrintMode(options: CliOptions, io: CliIo): Promise<number> {
  await refuseMcpServers(options.mcpConfig);
  const maxOutput = positiveInt(
    "CLAUDE_CODE_MAX_OUTPUT_TOKENS",
    io.env.CLAUDE_CODE_MAX_OUTPUT_TOKENS,
  );
  const prompt = options.prompt.trim() !== "" ? options.prompt : await readPipedStdin(io.stdin);
  if (prompt.trim() === "") {
    throw new UsageError('no prompt: give it as an argument (keel -p "...") or pipe it on stdin');
  }
  const selection = parseModelString(options.model ?? io.env.ANTHROPIC_MODEL ?? DEFAULT_MODEL);
  const provider = await createProvider(selection, io.env);
  const printer = createOutputPrinter(options.outputFormat, io.stdout);
  let result: SdkResult | undefined;
  const turn = runSingleRequestTurn({
    provider,
    request: {
      model: selection.model,
      system: defaultSystemPrompt({ cwd: io.cwd, date: localDate() }),
      messages: [{ role: "user", content: prompt }],
      maxTokens: requestMaxTokens(selection.model, maxOutput),
      kind: "main",
    },
    signal: io.signal,
    retry: retryOptionsFromEnv(io.env),
    sessionId: randomUUID(),
    includePartialMessages: false,
    init: {
      cwd: io.cwd,
      tools: [],
      mcp_servers: [],
      model: selection.model,
      permissionMode: options.permissionMode,
      slash_commands: [],
      apiKeySource: apiKeySource(selection, io.env),
      claude_code_version: VERSION,
      output_style: "default",
      agents: [],
      skills: [],
      plugins: [],
      fast_mode_state: "off",
    },
    deps: { uuid: randomUUID, now: () => performance.now() },
  });
  for await (const message of turn) {
    if (message.type === "result") result = message;
    await printer(message);
    await reportToStderr(message, options, io);
  }
  return exitCodeFor(result);
}
