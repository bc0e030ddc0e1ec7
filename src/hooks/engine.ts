import type { ProcessTiming } from "../tools/builtin/bash/run-process.js";
import type { PermissionMode } from "../tools/context.js";
import type { CommandHookConfig, HooksConfig } from "./config.js";
import type { HookEvent } from "./events.js";
import { buildHookStdin, type HookEventInput, matchQuery } from "./hook-input.js";
import type { HookNotice } from "./hook-result.js";
import { interpretHook } from "./interpret.js";
import { matcherMatches } from "./matcher.js";
import { type HookRunOutcome, mergeHookResults } from "./merge-results.js";
import { type CommandHookRequest, runCommandHook } from "./run-command-hook.js";

/** Contracts §6: a hook without its own `timeout` gets 60 s. */
export const DEFAULT_HOOK_TIMEOUT_MS = 60_000;

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
  timeoutMsDefault?: number;
  /** The shell hooks run with (default "bash"). */
  shell?: string;
  timing?: Partial<ProcessTiming>;
  /** Swappable for tests of the engine's own logic; default runs real processes. */
  runCommand?: typeof runCommandHook;
}

/** Runs the configured command hooks of an event and merges what they said. */
export interface HookEngine {
  /**
   * Runs every hook of `event` whose matcher fits `input` (in parallel, identical commands
   * once) and merges their results. Never throws; failures are reported and left out.
   */
  run<E extends HookEvent>(
    event: E,
    input: HookEventInput<E>,
    signal?: AbortSignal,
  ): Promise<HookRunOutcome>;
  /** True when some hook of `event` would run for `input` (lets callers skip work). */
  hasHooks<E extends HookEvent>(event: E, input: HookEventInput<E>): boolean;
}

/** Builds the session's hook engine. */
export function createHookEngine(options: HookEngineOptions): HookEngine {
  const run = options.runCommand ?? runCommandHook;
  const env = { ...options.env, CLAUDE_PROJECT_DIR: options.projectDir ?? options.cwd };
  const defaultTimeoutMs = options.timeoutMsDefault ?? DEFAULT_HOOK_TIMEOUT_MS;

  const hooksFor = <E extends HookEvent>(event: E, input: HookEventInput<E>) =>
    selectHooks(options.config, event, matchQuery(event, input));

  return {
    hasHooks: (event, input) => hooksFor(event, input).length > 0,
    async run(event, input, signal = new AbortController().signal) {
      const hooks = hooksFor(event, input);
      if (hooks.length === 0) return mergeHookResults(event, []);
      const hookName = nameOf(event, input);
      const stdinJson = encodeStdin(options, event, input, hookName, hooks);
      if (stdinJson === undefined) return mergeHookResults(event, []);
      const base: Omit<CommandHookRequest, "command" | "timeoutMs"> = {
        stdinJson,
        cwd: options.cwd,
        env,
        signal,
        ...(options.shell ? { shell: options.shell } : {}),
        ...(options.timing ? { timing: options.timing } : {}),
      };
      const results = await Promise.all(
        hooks.map(async (hook) => {
          const timeoutMs = hook.timeout !== undefined ? hook.timeout * 1000 : defaultTimeoutMs;
          const ended = await run({ ...base, command: hook.command, timeoutMs });
          return interpretHook(event, hookName, hook.command, ended);
        }),
      );
      for (const notice of results.flatMap((r) => r.notices)) safeReport(options, notice);
      return mergeHookResults(event, results);
    },
  };
}

/** The hooks of `event` whose group matcher fits `query`, each distinct command once. */
export function selectHooks(
  config: HooksConfig,
  event: HookEvent,
  query: string | undefined,
): CommandHookConfig[] {
  const seen = new Set<string>();
  const selected: CommandHookConfig[] = [];
  for (const group of config[event] ?? []) {
    if (!matcherMatches(group.matcher, query)) continue;
    for (const hook of group.hooks) {
      if (seen.has(hook.command)) continue;
      seen.add(hook.command);
      selected.push(hook);
    }
  }
  return selected;
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
  hooks: readonly CommandHookConfig[],
): string | undefined {
  try {
    return JSON.stringify(buildHookStdin(event, commonFields(options), input));
  } catch (error) {
    const message = `Failed to run: the event input could not be encoded: ${messageOf(error)}`;
    for (const { command } of hooks) {
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

/** A host's failing report callback must not turn a hook notice into a crash. */
function safeReport(options: HookEngineOptions, notice: HookNotice): void {
  try {
    options.report(notice);
  } catch {
    // Reporting is best effort.
  }
}
