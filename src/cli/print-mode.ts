import { randomUUID } from "node:crypto";
import { keelStateDir, sessionDir } from "../config/paths.js";
import { DEFAULT_MODEL, findModel, requestMaxTokens } from "../model/catalog.js";
import { parseModelString } from "../model/model-string.js";
import { retryOptionsFromEnv } from "../model/retry.js";
import { apiKeySource, createProvider } from "../model/select.js";
import { headlessCanUseTool } from "../policy/headless-can-use-tool.js";
import type { LoopTransition } from "../protocol/messages.js";
import { runHeadlessTurn } from "../session/headless-turn.js";
import type { SdkMessage, SdkResult } from "../session/sdk-messages.js";
import { defaultSystemPrompt, defaultUserContext } from "../session/system-prompt.js";
import { NO_TOOL_HOOKS } from "../tools/hooks.js";
import { VERSION } from "../version.js";
import type { CliIo } from "./io.js";
import { refuseMcpServers } from "./mcp-config.js";
import type { CliOptions } from "./options.js";
import { createOutputPrinter, exitCodeFor, writeTo } from "./output.js";
import { createSessionTools } from "./session-tools.js";
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

/** Runs one headless turn (`keel -p`) and returns the process exit code. */
export async function runPrintMode(options: CliOptions, io: CliIo): Promise<number> {
  await refuseMcpServers(options.mcpConfig);
  const maxOutput = positiveInt(
    "CLAUDE_CODE_MAX_OUTPUT_TOKENS",
    io.env.CLAUDE_CODE_MAX_OUTPUT_TOKENS,
  );
  const concurrency =
    positiveInt(
      "CLAUDE_CODE_MAX_TOOL_USE_CONCURRENCY",
      io.env.CLAUDE_CODE_MAX_TOOL_USE_CONCURRENCY,
    ) ?? 10;
  const prompt = options.prompt.trim() !== "" ? options.prompt : await readPipedStdin(io.stdin);
  if (prompt.trim() === "") {
    throw new UsageError('no prompt: give it as an argument (keel -p "...") or pipe it on stdin');
  }
  const selection = parseModelString(options.model ?? io.env.ANTHROPIC_MODEL ?? DEFAULT_MODEL);
  const fallback =
    options.fallbackModel === undefined ? undefined : parseModelString(options.fallbackModel);
  if (fallback && fallback.model === selection.model) {
    throw new UsageError("--fallback-model must differ from the main model");
  }
  const provider = await createProvider(selection, io.env);
  const sessionId = randomUUID();
  const stateDir = keelStateDir(io.env);
  const { tools, agentDefinitions, dispose } = await createSessionTools(
    { cwd: io.cwd, sessionDir: sessionDir(stateDir, io.cwd, sessionId), stateDir, env: io.env },
    io,
  );
  const cap = findModel(selection.model)?.maxOutputTokens;
  const printer = createOutputPrinter(options.outputFormat, io.stdout);
  let result: SdkResult | undefined;
  const turn = runHeadlessTurn({
    prompt,
    provider,
    model: selection.model,
    ...(fallback ? { fallbackModel: fallback.model } : {}),
    systemPrompt: defaultSystemPrompt({
      cwd: io.cwd,
      platform: process.platform,
      tools: tools.map((t) => t.name),
    }),
    userContext: defaultUserContext(new Date()),
    tools,
    agentDefinitions,
    cwd: io.cwd,
    appState: { permissionMode: options.permissionMode },
    canUseTool: headlessCanUseTool,
    hooks: NO_TOOL_HOOKS,
    ...(options.maxTurns === undefined ? {} : { maxTurns: options.maxTurns }),
    maxOutputTokens: requestMaxTokens(selection.model, maxOutput),
    ...(maxOutput === undefined && cap !== undefined ? { escalatedMaxOutputTokens: cap } : {}),
    maxToolUseConcurrency: concurrency,
    retry: retryOptionsFromEnv(io.env),
    sessionId,
    includePartialMessages: false,
    init: {
      cwd: io.cwd,
      tools: tools.map((t) => t.name),
      mcp_servers: [],
      model: selection.model,
      permissionMode: options.permissionMode,
      slash_commands: [],
      apiKeySource: apiKeySource(selection, io.env),
      claude_code_version: VERSION,
      output_style: "default",
      agents: agentDefinitions.map((d) => d.name),
      skills: [],
      plugins: [],
      fast_mode_state: "off",
    },
    signal: io.signal,
    now: () => performance.now(),
    ...(options.verbose
      ? {
          onTransition: (t: LoopTransition, n: number) =>
            void writeTo(io.stderr, describeTransition(t, n)),
        }
      : {}),
  });
  try {
    for await (const message of turn) {
      if (message.type === "result") result = message;
      await printer(message);
      await reportToStderr(message, options, io);
    }
  } finally {
    // Also after SIGINT/SIGTERM (the turn ends on io.signal): keel -p leaves nothing running.
    await dispose();
  }
  return exitCodeFor(result);
}
