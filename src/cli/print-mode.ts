import { randomUUID } from "node:crypto";
import { homedir } from "node:os";
import { withInitialPrompt } from "../config/agent-initial-prompt.js";
import { keelStateDir } from "../config/paths.js";
import type { HooksConfig } from "../hooks/config.js";
import { mergeHooksConfigs } from "../hooks/index.js";
import type { runCommandHook } from "../hooks/run-command-hook.js";
import type { ModelProvider } from "../model/provider.js";
import { createHeadlessCanUseTool } from "../policy/headless.js";
import type { LoopTransition } from "../protocol/messages.js";
import type { SdkMessage } from "../session/sdk-messages.js";
import { transitionText } from "../session/transcript/trace.js";
import { waitForBackgroundAgents } from "./background-wait.js";
import { type CliSession, type CliSessionInputs, createCliSession } from "./cli-session.js";
import { conversationOutput } from "./conversation-output.js";
import { sessionDebugLog } from "./debug-log.js";
import { type DebuggedParts, withDebugLog } from "./debug-session.js";
import type { CliIo } from "./io.js";
import { withMainAgent } from "./main-agent-option.js";
import { mcpPromptCanUseTool } from "./mcp-permission-prompt.js";
import type { CliOptions } from "./options.js";
import { createOutputPrinter, exitCodeFor, writeTo } from "./output.js";
import { printModel, withSettingsEnv } from "./print-model.js";
import { pickerRefusal } from "./resume-picker-refusal.js";
import { resolveSession } from "./resume-session.js";
import { loadSessionPolicy, type SessionPolicy } from "./session-policy.js";
import { openSessionStore } from "./session-store.js";
import { headlessPrompt } from "./slash/headless-prompt.js";
import { headlessTurn } from "./slash/headless-turn.js";
import { startupFailureResult } from "./startup-failure.js";
import { readPipedStdin, readStdinIfPiped, stdinWaitMs } from "./stdin.js";
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
  return `keel: [turn ${turnCount}] ${transitionText(transition)}\n`;
}

/** The prompt of a text-input run: the argument, else what was piped in. */
/** The prompt argument, with what was piped in beside it; or stdin alone when there is none. */
async function textPrompt(options: CliOptions, io: CliIo): Promise<string> {
  if (options.prompt.trim() === "") {
    const piped = await readPipedStdin(io.stdin);
    if (piped.trim() === "") {
      throw new UsageError('no prompt: give it as an argument (keel -p "...") or pipe it on stdin');
    }
    return piped;
  }
  const piped = await readStdinIfPiped(io.stdin, stdinWaitMs(io.env));
  return piped.trim() === "" ? options.prompt : `${options.prompt}\n\n${piped}`;
}

/** What a stream-json host (the Agent SDK) adds to a session, decided at `initialize`. */
export interface SessionExtras {
  /** Options the host overrides (system prompt, answer schema, agents, MCP servers, plugins). */
  options?: Partial<
    Pick<
      CliOptions,
      | "systemPrompt"
      | "appendSystemPrompt"
      | "jsonSchema"
      | "agents"
      | "mcpConfig"
      | "pluginDir"
      | "pluginDirNoMcp"
      | "name"
    >
  >;
  /** Hooks the host answers itself, and the runner that reaches them. */
  hooks?: { config: HooksConfig; runCommand: typeof runCommandHook };
  hostTools?: CliSessionInputs["hostTools"];
  canUseTool?: CliSessionInputs["canUseTool"];
  /** Wraps the model provider (the host may switch models mid-session). */
  wrapProvider?: (provider: ModelProvider, model: string) => ModelProvider;
  /** Who answers MCP servers' requests for input no hook answered (the SDK's onElicitation). */
  askElicitation?: CliSessionInputs["askElicitation"];
  /** Where hook lifecycle messages go (`--include-hook-events`). */
  onHookEvent?: CliSessionInputs["onHookEvent"];
}

/** With `--include-hook-events` in stream-json, hook lifecycle messages are printed as lines. */
function hookEventsTo(options: CliOptions, io: CliIo): SessionExtras {
  if (!options.includeHookEvents || options.outputFormat !== "stream-json") return {};
  return { onHookEvent: (message) => void writeTo(io.stdout, `${JSON.stringify(message)}\n`) };
}

/** Who answers a call that would ask a person: an MCP prompt tool, or no one (a denial). */
function headlessPermissions(options: CliOptions): CliSessionInputs["canUseTool"] {
  const tool = options.permissionPromptTool;
  return tool && tool !== "stdio" ? mcpPromptCanUseTool(tool) : createHeadlessCanUseTool;
}

/** Opens the session of a headless run, with what a stream-json host adds. */
export type OpenSession = (extras: SessionExtras) => Promise<CliSession>;

function withHooks(policy: SessionPolicy, extras: SessionExtras): SessionPolicy {
  if (!extras.hooks) return policy;
  const configs = policy.hooks ? [policy.hooks, extras.hooks.config] : [extras.hooks.config];
  return { ...policy, hooks: mergeHooksConfigs(configs) };
}

/** The session opener of a headless run: settings, model, transcript, then the session. */
function sessionOpener(given: CliOptions, io: CliIo): OpenSession {
  return async (extras) => {
    const stateDir = keelStateDir(io.env);
    const warn = (text: string) => void writeTo(io.stderr, `keel: ${text}\n`);
    const home = io.env.HOME ?? homedir();
    const asked = { ...given, ...extras.options };
    const policy = await loadSessionPolicy(asked, { home, stateDir, cwd: io.cwd }, warn);
    const options = await withMainAgent(asked, policy.settings.agent, io, stateDir);
    const model = await printModel(
      options,
      withSettingsEnv(io, policy.settings.env),
      policy.settings,
    );
    const ids = { uuid: randomUUID, timestamp: () => new Date().toISOString() };
    const resolved = await resolveSession(options, { stateDir, cwd: io.cwd, ids, onWarning: warn });
    const store = await openSessionStore({
      stateDir,
      cwd: io.cwd,
      sessionId: resolved.sessionId,
      persist: options.sessionPersistence,
      history: resolved.messages,
      ...(options.name ? { name: options.name } : {}),
      onError: (error) => warn(`cannot write the transcript: ${error.message}`),
    });
    const parts: DebuggedParts = {
      model: extras.wrapProvider
        ? { ...model, provider: extras.wrapProvider(model.provider, model.model) }
        : model,
      canUseTool: extras.canUseTool ?? headlessPermissions(options),
      ...(extras.hooks ? { runHookCommand: extras.hooks.runCommand } : {}),
      ...(options.verbose
        ? {
            onTransition: (t: LoopTransition, n: number) =>
              void writeTo(io.stderr, describeTransition(t, n)),
          }
        : {}),
    };
    const { sessionId } = resolved;
    const debug = sessionDebugLog(options.debug, { stateDir, sessionId, cwd: io.cwd, say: warn });
    const session = await createCliSession({
      options,
      io,
      sessionId,
      history: resolved.messages,
      resumed: options.resume !== undefined || options.continue,
      ...(resolved.recordedMode ? { recordedMode: resolved.recordedMode } : {}),
      store,
      stateDir,
      policy: withHooks(policy, extras),
      // A settings file changing mid-session is read again as this one was (ConfigChange).
      // An SDK host's applyFlagSettings gives the flag layer the reload reads in place of --settings.
      reloadPolicy: async (flags) =>
        withHooks(
          await loadSessionPolicy(
            flags ? { ...asked, settings: flags.settings } : asked,
            { home, stateDir, cwd: io.cwd },
            warn,
          ),
          extras,
        ),
      warn,
      ...(extras.hostTools ? { hostTools: extras.hostTools } : {}),
      ...(extras.onHookEvent ? { onHookEvent: extras.onHookEvent } : {}),
      ...(extras.askElicitation ? { askElicitation: extras.askElicitation } : {}),
      ...(debug ? withDebugLog(parts, debug) : parts),
    });
    // Command and skill files that could not be used: the REPL shows these as a notice.
    for (const problem of session.slash.start.problems) warn(problem);
    return session;
  };
}

/**
 * Runs headless (`keel -p`, or `--input-format stream-json`) and returns the exit code: one
 * prompt, or every user message read from stdin as one conversation in this process (with
 * the control channel an Agent SDK host drives it through).
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
  if (options.resumePick) {
    const { search } = options.resumePick;
    throw await pickerRefusal(keelStateDir(io.env), io.cwd, search, () => Date.now());
  }
  const open = sessionOpener(options, io);
  if (options.inputFormat === "stream-json") {
    return runStreamInput(options, io, open, (message) => reportToStderr(message, options, io));
  }
  const prompt = await textPrompt(options, io);
  const printer = createOutputPrinter(options.outputFormat, io.stdout);
  const session = await open(hookEventsTo(options, io)).catch(async (error: unknown) => {
    const result = options.outputFormat === "stream-json" && startupFailureResult(error);
    if (result) await printer(result);
    throw error;
  });
  const output = conversationOutput(options.outputFormat, io.stdout, (message) =>
    reportToStderr(message, options, io),
  );
  const unfollow = output.follow(session.engine);
  try {
    // A main-thread agent's initialPrompt goes first, as Claude Code sends it.
    const first = withInitialPrompt(prompt, session.mainAgent);
    const prepared = await headlessPrompt(session.slash, first, io.signal);
    const warn = (text: string) => void writeTo(io.stderr, `keel: ${text}\n`);
    const turn = headlessTurn(session, prepared, warn);
    // Text output is what a person reads: MessageDisplay hooks decide it (json and stream-json are data).
    const shown = options.outputFormat === "text" ? session.displayed(turn) : turn;
    for await (const message of shown) await output.print(message);
    // Background agents still running are waited for; each one's end is a turn of its own.
    await waitForBackgroundAgents(session, io.signal);
    await output.finish();
    return exitCodeFor(output.lastResult());
  } finally {
    unfollow();
    // Also after SIGINT/SIGTERM (the turn ends on io.signal): keel -p leaves nothing running.
    await session.dispose();
  }
}
