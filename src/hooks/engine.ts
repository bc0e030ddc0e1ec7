import { randomUUID } from "node:crypto";
import type { ProcessTiming } from "../tools/builtin/bash/run-process.js";
import type { PermissionMode } from "../tools/context.js";
import { type HookHandlerConfig, type HooksConfig, hookIdentity } from "./config.js";
import type { HookEvent } from "./events.js";
import { buildHookStdin, type HookEventInput, matchQuery } from "./hook-input.js";
import type { HookLifecycleEvent } from "./hook-lifecycle.js";
import { HOOK_PROGRESS_INTERVAL_MS, throttledProgress } from "./hook-progress.js";
import { emptyResult, type HookNotice, type HookResult } from "./hook-result.js";
import type { HttpHookPolicy } from "./http-url-policy.js";
import type { IfSubject } from "./if-rule.js";
import { interpretHook } from "./interpret.js";
import { type HookRunOutcome, mergeHookResults } from "./merge-results.js";
import { type CommandHookResult, runCommandHook } from "./run-command-hook.js";
import { type HandlerRequest, type HandlerRunners, runHandler } from "./run-handler.js";
import type { CallHookMcpTool } from "./run-mcp-tool-hook.js";
import type { AskHookModel } from "./run-prompt-hook.js";
import { selectHooks } from "./select-hooks.js";
import { hookTimeoutMs } from "./timeouts.js";

/** Command hooks run as Claude Code runs them on Linux: `/bin/sh -c <command>`. */
export const HOOK_SHELL = "/bin/sh";

/** What a hook engine is built from (one per session). */
export interface HookEngineOptions {
  /** The merged hooks of every settings file. */
  config: HooksConfig;
  sessionId: string;
  transcriptPath: string;
  /** Where hooks run, and the `cwd` field of their input. */
  cwd: string;
  /** CLAUDE_PROJECT_DIR (default: cwd). */
  projectDir?: string;
  /** The session's mode when the event fires. */
  permissionMode: () => PermissionMode;
  /** The environment hooks inherit (CLAUDE_PROJECT_DIR is added). */
  env: NodeJS.ProcessEnv;
  /** Shows the user a notice (a failing, slow or chatty hook); never the model. */
  report: (notice: HookNotice) => void;
  /** Overrides every type's default timeout (tests); default: timeouts.ts. */
  timeoutMsDefault?: number;
  /** The shell command hooks run with (default /bin/sh). */
  shell?: string;
  timing?: Partial<ProcessTiming>;
  /** Swappable for tests of the engine's own logic; default runs real processes. */
  runCommand?: typeof runCommandHook;
  /** allowedHttpHookUrls and httpHookAllowedEnvVars. */
  http?: HttpHookPolicy;
  /** The small model prompt hooks ask. */
  ask?: AskHookModel;
  /** The subagent agent hooks ask (read-only tools; its final text is the answer). */
  askAgent?: AskHookModel;
  /** Calls a connected MCP server's tool (mcp_tool hooks). */
  callMcpTool?: CallHookMcpTool;
  /** Told when each hook starts, writes output and ends (stream-json's hook lifecycle messages). */
  lifecycle?: (event: HookLifecycleEvent) => void;
  /** How often a running command hook's new output is told (default once a second). */
  progressIntervalMs?: number;
}

/** Runs the configured hooks of an event and merges what they said. */
export interface HookEngine {
  /**
   * Runs every hook of `event` whose matcher fits `input` (in parallel, identical handlers
   * once) and merges their results. Never throws; failures are reported and left out.
   */
  run<E extends HookEvent>(
    event: E,
    input: HookEventInput<E>,
    signal?: AbortSignal,
  ): Promise<HookRunOutcome>;
  /** Replaces the hooks from now on (a settings file changed: ConfigChange). */
  reconfigure(config: HooksConfig): void;
  /** The hooks it runs now (what /hooks lists). */
  config(): HooksConfig;
  /** True when some hook of `event` would run for `input` (lets callers skip work). */
  hasHooks<E extends HookEvent>(event: E, input: HookEventInput<E>): boolean;
}

/** One firing's fixed parts. */
interface Firing {
  event: HookEvent;
  hookName: string;
  request: Omit<HandlerRequest, "timeoutMs">;
}

/** Builds the session's hook engine. */
export function createHookEngine(options: HookEngineOptions): HookEngine {
  const env = { ...options.env, CLAUDE_PROJECT_DIR: options.projectDir ?? options.cwd };
  const runners: HandlerRunners = {
    runCommand: options.runCommand ?? runCommandHook,
    http: options.http ?? {},
    ask: options.ask,
    askAgent: options.askAgent,
    callMcpTool: options.callMcpTool,
  };
  const spent = new Set<HookHandlerConfig>();
  let config = options.config;
  const hooksFor = <E extends HookEvent>(event: E, input: HookEventInput<E>) =>
    selectHooks(config, event, {
      query: matchQuery(event, input),
      subject: subjectOf(input, options.cwd),
      spent,
    });

  const runOne = async (firing: Firing, hook: HookHandlerConfig): Promise<HookResult> => {
    if (hook.once === true) spent.add(hook);
    const label = hookIdentity(hook);
    const timeoutMs = options.timeoutMsDefault ?? hookTimeoutMs(hook, firing.event, env);
    const hookId = randomUUID();
    const names = { hookId, hookName: firing.hookName, hookEvent: firing.event };
    const status = hook.statusMessage === undefined ? {} : { statusMessage: hook.statusMessage };
    tell(options, { kind: "started", ...names, ...status });
    const progress = options.lifecycle
      ? throttledProgress(options.progressIntervalMs ?? HOOK_PROGRESS_INTERVAL_MS, (output) =>
          tell(options, { kind: "progress", ...names, ...output }),
        )
      : undefined;
    const request = {
      ...firing.request,
      timeoutMs,
      ...(progress ? { onOutput: progress.onOutput } : {}),
    };
    const ended = runHandler(hook, request, runners);
    const interpret = (result: CommandHookResult) => {
      progress?.stop();
      tell(options, { kind: "response", ...names, ended: result });
      return interpretHook(firing.event, firing.hookName, label, result);
    };
    if (hook.type === "command" && hook.async === true) {
      // Async hooks never hold up the event; what they say reaches the user only.
      void ended.then((result) => reportAll(options, [interpret(result)]));
      return emptyResult(firing.hookName, label);
    }
    return interpret(await ended);
  };

  return {
    hasHooks: (event, input) => hooksFor(event, input).length > 0,
    reconfigure: (next) => {
      config = next;
    },
    config: () => config,
    async run(event, input, signal = new AbortController().signal) {
      const hooks = hooksFor(event, input);
      if (hooks.length === 0) return mergeHookResults(event, []);
      const hookName = nameOf(event, input);
      const stdinJson = encodeStdin(options, event, input, hookName, hooks);
      if (stdinJson === undefined) return mergeHookResults(event, []);
      const request = {
        stdinJson,
        cwd: options.cwd,
        env,
        signal,
        shell: options.shell ?? HOOK_SHELL,
        ...(options.timing ? { timing: options.timing } : {}),
      };
      const firing: Firing = { event, hookName, request };
      const results = await Promise.all(hooks.map((hook) => runOne(firing, hook)));
      reportAll(options, results);
      return mergeHookResults(event, results);
    },
  };
}

/** The tool call of a tool event (for `if`), from its input fields. */
function subjectOf(input: object, cwd: string): IfSubject | undefined {
  const toolName: unknown = Reflect.get(input, "tool_name");
  const toolInput: unknown = Reflect.get(input, "tool_input");
  if (typeof toolName !== "string") return undefined;
  const record =
    typeof toolInput === "object" && toolInput !== null
      ? (toolInput as Record<string, unknown>)
      : {};
  return { toolName, toolInput: record, cwd };
}

/** `PreToolUse:Bash` for tool events (as Claude Code names them), else the event. */
function nameOf<E extends HookEvent>(event: E, input: HookEventInput<E>): string {
  const tool: unknown = Reflect.get(input, "tool_name");
  return typeof tool === "string" ? `${event}:${tool}` : event;
}

/**
 * The event's stdin JSON; undefined (each hook reported) when it cannot be built, e.g. a tool
 * response with a cycle or a BigInt, or a permission-mode callback that throws.
 */
function encodeStdin<E extends HookEvent>(
  options: HookEngineOptions,
  event: E,
  input: HookEventInput<E>,
  hookName: string,
  hooks: readonly HookHandlerConfig[],
): string | undefined {
  try {
    return JSON.stringify(buildHookStdin(event, commonFields(options), input));
  } catch (error) {
    const message = `Failed to run: the event input could not be encoded: ${messageOf(error)}`;
    for (const hook of hooks) {
      const command = hookIdentity(hook);
      safeReport(options, { kind: "failed_to_run", hookName, command, message });
    }
    return undefined;
  }
}

function commonFields(options: HookEngineOptions) {
  return {
    session_id: options.sessionId,
    transcript_path: options.transcriptPath,
    cwd: options.cwd,
    permission_mode: options.permissionMode(),
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function reportAll(options: HookEngineOptions, results: readonly HookResult[]): void {
  for (const notice of results.flatMap((r) => r.notices)) safeReport(options, notice);
}

/** A host's failing report callback must not turn a hook notice into a crash. */
function safeReport(options: HookEngineOptions, notice: HookNotice): void {
  try {
    options.report(notice);
  } catch {
    // Reporting is best effort.
  }
}

function tell(options: HookEngineOptions, event: HookLifecycleEvent): void {
  try {
    options.lifecycle?.(event);
  } catch {
    // Observers never change what hooks do.
  }
}
