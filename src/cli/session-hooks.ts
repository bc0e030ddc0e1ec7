import { randomUUID } from "node:crypto";
import { agentHooksFactory } from "../hooks/agent-scoped-hooks.js";
import { chainStopHooks, chainToolHooks } from "../hooks/chain-hooks.js";
import type { HooksConfig } from "../hooks/config.js";
import type { HookEngineOptions } from "../hooks/engine.js";
import type { HookEventFields, SessionEndReason, SessionStartSource } from "../hooks/hook-input.js";
import {
  type AskHookModel,
  type CallHookMcpTool,
  configChange,
  createHookEngine,
  directoryAdded,
  elicitation,
  elicitationResult,
  formatHookNotice,
  type HookEngine,
  type HookLifecycleEvent,
  type HookNotice,
  type HttpHookPolicy,
  instructionsLoaded,
  type LoadedInstructions,
  type ModelSwitch,
  messageDisplay,
  notification,
  permissionDenied,
  postCompact,
  postModelSwitch,
  postToolBatchHooks,
  preCompact,
  preModelSwitch,
  preSkillShellCommand,
  sessionEnd,
  sessionStart,
  setup,
  stopFailureHooks,
  stopHooks,
  subagentStart,
  toolHooks,
  userPromptExpansion,
  userPromptSubmit,
} from "../hooks/index.js";
import { permissionRequest } from "../hooks/permission-hooks.js";
import type { runCommandHook } from "../hooks/run-command-hook.js";
import { createSkillHooks, type SkillHooks } from "../hooks/skill-scoped-hooks.js";
import type { EngineHooks } from "../session/engine/config.js";
import type { SdkMessage } from "../session/sdk-messages.js";
import type { PermissionMode, ToolUseContext } from "../tools/context.js";
import { NO_TOOL_HOOKS } from "../tools/hooks.js";
import { displayedMessages } from "./displayed-messages.js";
import { fileChangedWatcher } from "./file-changed-watcher.js";
import { hookEventMessage, type SdkHookMessage } from "./hook-event-messages.js";
import { modelSwitchChange } from "./model-switch-change.js";
import type { AskPermissionHooks } from "./permission-request-hooks.js";
import type { ElicitationHooks } from "./session-elicitation.js";

/** A session's hooks, as the engine and the host call them. */
export interface SessionHooks {
  engine: EngineHooks;
  /** The hooks of the skills invoked so far (run after the settings'); undefined: hooks off. */
  skills?: SkillHooks;
  /** Setup (`--init`, `--init-only`, `--maintenance`): context for the model, or nothing. */
  setup(trigger: HookEventFields["Setup"]["trigger"]): Promise<string[]>;
  /** SessionStart (with the session's model): context for the model, or nothing. */
  start(source: SessionStartSource, model: string): Promise<string[]>;
  /** After a compaction: SessionStart ("compact"), then PostCompact; the context they give. */
  postCompact(trigger: "manual" | "auto", summary: string): Promise<string[]>;
  /** SessionEnd, when the session closes, with why. */
  end(reason: SessionEndReason): Promise<void>;
  /** PreCompact, before a compaction: a blocking hook stops it (the compaction fails). */
  preCompact(trigger: "manual" | "auto", instructions: string | undefined): Promise<void>;
  /** PreModelSwitch: why the switch may not happen (a hook denied it), or undefined. */
  preModelSwitch(change: ModelSwitch): Promise<string | undefined>;
  /** PostModelSwitch, once the switch is made. */
  postModelSwitch(change: HookEventFields["PostModelSwitch"]): Promise<void>;
  /** InstructionsLoaded, for the memory files loaded at session start. */
  instructionsLoaded(files: readonly LoadedInstructions[]): Promise<void>;
  /** Notification: the person is waited for (side effects only). */
  notification(input: HookEventFields["Notification"]): Promise<void>;
  /** Elicitation: a hook's answer to an MCP server's request for input, or undefined. */
  elicitation: ElicitationHooks["elicitation"];
  /** ElicitationResult: the answer as hooks leave it, before it is sent. */
  elicitationResult: ElicitationHooks["elicitationResult"];
  /**
   * The messages of a turn as MessageDisplay hooks would have them shown (display only); the
   * same messages when no such hook is configured.
   */
  displayed(messages: AsyncIterable<SdkMessage>): AsyncIterable<SdkMessage>;
  /** ConfigChange, as a loaded settings file changed: why a hook blocked the reload, or nothing. */
  configChange(input: HookEventFields["ConfigChange"]): Promise<string | undefined>;
  /**
   * The hooks from now on (the settings were reloaded). A session that started without hooks
   * keeps none: its engine was never made.
   */
  reconfigure(config: HooksConfig | undefined): void;
  /** The settings' and plugins' hooks the session runs now (undefined: none; for /hooks). */
  inForce(): HooksConfig | undefined;
  /** DirectoryAdded, once a working folder was added mid-session (side effects only). */
  directoryAdded(input: HookEventFields["DirectoryAdded"]): Promise<void>;
  /**
   * FileChanged hooks watch the files the matchers of the hooks in force name, and those hooks
   * asked for (watchPaths); `close` stops watching.
   */
  watchFiles(): { close(): void };
  /** UserPromptExpansion, once a typed command is expanded: why a hook stopped it, or nothing. */
  promptExpansion(input: HookEventFields["UserPromptExpansion"]): Promise<string | undefined>;
  /** PreSkillShellCommand, before a command's !`command` runs: why a hook stopped it, or nothing. */
  skillShell(input: HookEventFields["PreSkillShellCommand"]): Promise<string | undefined>;
  /** PermissionRequest, where a call would ask: a hook may answer for the person. */
  permissionRequest: AskPermissionHooks;
  /** PermissionDenied, when the auto mode's classifier denied a call: whether a hook says retry. */
  permissionDenied(input: HookEventFields["PermissionDenied"]): Promise<{ retry: boolean }>;
}

/** What a session's hook engine runs with. */
interface SessionHooksInputs {
  config: HooksConfig | undefined;
  /** --bare or disableAllHooks: agents' and skills' own hooks do not run either. */
  noAgentHooks?: boolean;
  /** False when the person did not trust the folder: a project skill's hooks stay off. */
  projectTrusted?: boolean;
  sessionId: string;
  transcriptPath: string;
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  permissionMode: () => PermissionMode;
  report: (text: string) => void;
  /** Runs one hook command (default: a process); an SDK host routes its callbacks here. */
  runCommand?: typeof runCommandHook;
  /** allowedHttpHookUrls and httpHookAllowedEnvVars. */
  http?: HttpHookPolicy;
  /** The small model prompt hooks ask. */
  ask?: AskHookModel;
  /** The subagent agent hooks ask. */
  askAgent?: AskHookModel;
  /** Calls a connected MCP server's tool (mcp_tool hooks). */
  callMcpTool?: CallHookMcpTool;
  /** Told each hook's start, output and end (`--include-hook-events`). */
  onHookEvent?: (message: SdkHookMessage) => void;
  /** Told when a hook with a `statusMessage` starts and when it ends (the REPL's spinner line). */
  onHookStatus?: (status: HookStatus) => void;
  /** Gives the session a title (a SessionStart or UserPromptSubmit hook's `sessionTitle`). */
  retitle?: (title: string) => void;
  /** Reads the skill folders again (a SessionStart hook's `reloadSkills`). */
  reloadSkills?: () => Promise<unknown>;
}

/** A running hook's status line: shown while it runs, gone when it ends. */
export type HookStatus =
  | { kind: "shown"; hookId: string; text: string }
  | { kind: "gone"; hookId: string };

/** KEEL_FILE_CHANGED_SETTLE_MS: how long a file's events are gathered into one (tests). */
function settleMs(env: Readonly<Record<string, string | undefined>>): number | undefined {
  const value = Number(env.KEEL_FILE_CHANGED_SETTLE_MS);
  return value > 0 ? value : undefined;
}

/** The conversation a switch is weighed against, and the time. */
function now(context: ToolUseContext) {
  return { messages: context.messages, now: new Date() };
}

/** Status lines of the hooks that have one, from their start and end. */
function statusObserver(onHookStatus: (status: HookStatus) => void) {
  const shown = new Set<string>();
  return (event: HookLifecycleEvent) => {
    if (event.kind === "started" && event.statusMessage !== undefined) {
      shown.add(event.hookId);
      onHookStatus({ kind: "shown", hookId: event.hookId, text: event.statusMessage });
    } else if (event.kind === "response" && shown.delete(event.hookId)) {
      onHookStatus({ kind: "gone", hookId: event.hookId });
    }
  };
}

/**
 * The engine's lifecycle observer: stream-json messages (KEEL_HOOK_PROGRESS_MS for tests) and
 * status lines, each when asked for.
 */
function lifecycleOptions(inputs: SessionHooksInputs) {
  const { onHookEvent, onHookStatus, sessionId } = inputs;
  if (!onHookEvent && !onHookStatus) return {};
  const status = onHookStatus ? statusObserver(onHookStatus) : undefined;
  const interval = Number(inputs.env.KEEL_HOOK_PROGRESS_MS);
  return {
    lifecycle: (event: HookLifecycleEvent) => {
      status?.(event);
      onHookEvent?.(hookEventMessage(event, { sessionId, uuid: randomUUID() }));
    },
    ...(onHookEvent && interval > 0 ? { progressIntervalMs: interval } : {}),
  };
}

/** Hook notices as lines for the user; a field keel does not apply is named once, not each time. */
function noticeReporter(report: (text: string) => void): (notice: HookNotice) => void {
  const told = new Set<string>();
  return (notice) => {
    if (notice.kind === "no_effect") {
      if (told.has(notice.message)) return;
      told.add(notice.message);
    }
    report(formatHookNotice(notice));
  };
}

/** The hook engine's options of the session, all but the hooks it runs. */
function engineBase(inputs: SessionHooksInputs): Omit<HookEngineOptions, "config"> {
  return {
    sessionId: inputs.sessionId,
    transcriptPath: inputs.transcriptPath,
    cwd: inputs.cwd,
    permissionMode: inputs.permissionMode,
    env: inputs.env,
    report: noticeReporter(inputs.report),
    ...(inputs.runCommand ? { runCommand: inputs.runCommand } : {}),
    ...(inputs.http ? { http: inputs.http } : {}),
    ...(inputs.ask ? { ask: inputs.ask } : {}),
    ...(inputs.askAgent ? { askAgent: inputs.askAgent } : {}),
    ...(inputs.callMcpTool ? { callMcpTool: inputs.callMcpTool } : {}),
    ...lifecycleOptions(inputs),
  };
}

function promptHook(
  engine: HookEngine,
  retitle: SessionHooksInputs["retitle"],
): NonNullable<EngineHooks["userPromptSubmit"]> {
  return async (prompt, signal) => {
    const outcome = await userPromptSubmit(engine, prompt, signal);
    if (outcome.sessionTitle !== undefined) retitle?.(outcome.sessionTitle);
    const blocked = outcome.blocked ?? outcome.stopped;
    return {
      ...(blocked === undefined ? {} : { blocked }),
      additionalContext: outcome.additionalContext.map((content) => ({
        hookName: "UserPromptSubmit",
        content,
      })),
    };
  };
}

/**
 * The command hooks of the settings, wired where the session calls them: tool events through
 * the tool pipeline, Stop/SubagentStop through the loop, UserPromptSubmit before each turn,
 * SessionStart and SessionEnd around the session. No hooks configured: nothing runs.
 */
export function createSessionHooks(inputs: SessionHooksInputs): SessionHooks {
  // One for the session's engines (settings', agents', skills'): what is said once is, across them.
  const base = engineBase(inputs);
  // An agent's own hooks run whether or not the settings have any, unless hooks are off.
  const forAgent = inputs.noAgentHooks ? undefined : agentHooksFactory(base, inputs.report);
  // Skills' hooks join the session's when a skill is invoked, unless hooks are off.
  const skills = inputs.noAgentHooks
    ? undefined
    : createSkillHooks({
        base,
        warn: inputs.report,
        projectTrusted: inputs.projectTrusted ?? true,
      });
  if (!inputs.config) {
    return {
      engine: {
        tool: skills ? skills.tool : NO_TOOL_HOOKS,
        ...(skills ? { stop: skills.stop } : {}),
        ...(forAgent ? { forAgent } : {}),
      },
      ...(skills ? { skills } : {}),
      setup: async () => [],
      start: async () => [],
      end: async () => {},
      preCompact: async () => {},
      permissionRequest: async () => undefined,
      notification: async () => {},
      promptExpansion: async () => undefined,
      skillShell: async () => undefined,
      directoryAdded: async () => {},
      configChange: async () => undefined,
      reconfigure: () => {},
      inForce: () => undefined,
      displayed: (messages) => messages,
      elicitation: async () => undefined,
      elicitationResult: async ({ action, content }) =>
        content === undefined ? { action } : { action, content },
      watchFiles: () => ({ close: () => {} }),
      permissionDenied: async () => ({ retry: false }),
      instructionsLoaded: async () => {},
      preModelSwitch: async () => undefined,
      postModelSwitch: async () => {},
      postCompact: async () => [],
    };
  }
  const { config } = inputs;
  const engine = createHookEngine({ config, ...base });
  const files = fileChangedWatcher(engine, inputs.cwd, settleMs(inputs.env));
  // What SessionStart hooks ask of the session besides context: a title, files to watch, and
  // the skills read again (after every hook is done, so a skill one installed is found).
  const started = async (source: SessionStartSource, model?: string) => {
    const outcome = await sessionStart(engine, source, model === undefined ? {} : { model });
    if (outcome.sessionTitle !== undefined) inputs.retitle?.(outcome.sessionTitle);
    files.add(outcome.watchPaths);
    if (outcome.reloadSkills) await inputs.reloadSkills?.();
    return outcome.additionalContext;
  };
  const tools = toolHooks(engine, files.add);
  return {
    ...(skills ? { skills } : {}),
    engine: {
      ...(forAgent ? { forAgent } : {}),
      // The settings' hooks first, then the skills': a deny or a stop of the first ends it there.
      tool: skills ? chainToolHooks(tools, skills.tool) : tools,
      stop: skills ? chainStopHooks(stopHooks(engine), skills.stop) : stopHooks(engine),
      stopFailure: stopFailureHooks(engine),
      postToolBatch: postToolBatchHooks(engine),
      subagentStart: (agent, signal) => subagentStart(engine, agent, signal),
      modelFallback: async (from, to, context) => {
        // The session's model, not a subagent's, is what PostModelSwitch is about.
        if (context.agentId !== undefined) return;
        const change = { from, to, requested: to, source: "auto" as const };
        await postModelSwitch(engine, modelSwitchChange({ ...change, ...now(context) }));
      },
      userPromptSubmit: promptHook(engine, inputs.retitle),
    },
    setup: async (trigger) => {
      const outcome = await setup(engine, trigger);
      for (const notice of outcome.blocked) inputs.report(formatHookNotice(notice));
      return outcome.additionalContext;
    },
    start: started,
    end: (reason) => sessionEnd(engine, reason),
    permissionRequest: (call) => permissionRequest(engine, call),
    notification: (input) => notification(engine, input),
    promptExpansion: (input) => userPromptExpansion(engine, input),
    skillShell: (input) => preSkillShellCommand(engine, input),
    directoryAdded: (input) => directoryAdded(engine, input),
    configChange: (input) => configChange(engine, input),
    reconfigure: (next) => {
      engine.reconfigure(next ?? {});
      files.refresh();
    },
    inForce: () => engine.config(),
    displayed: (messages) => {
      const probe = { turn_id: "", message_id: "", index: 0, final: true, delta: "" };
      if (!engine.hasHooks("MessageDisplay", probe)) return messages;
      return displayedMessages(messages, async (flush, ids) => {
        const input = { turn_id: ids.turnId, message_id: ids.messageId, ...flush };
        return (await messageDisplay(engine, input)) ?? flush.delta;
      });
    },
    elicitation: (input) => elicitation(engine, input),
    elicitationResult: (input) => elicitationResult(engine, input),
    watchFiles: files.start,
    permissionDenied: (input) => permissionDenied(engine, input),
    instructionsLoaded: (files) => instructionsLoaded(engine, files),
    // No one is asked to confirm a switch (SDK set_model or /model): a hook's ask refuses it.
    preModelSwitch: (change) => preModelSwitch(engine, change, true),
    postModelSwitch: (change) => postModelSwitch(engine, change),
    postCompact: async (trigger, summary) => {
      const context = await started("compact");
      await postCompact(engine, trigger, summary);
      return context;
    },
    preCompact: async (trigger, instructions) => {
      const outcome = await preCompact(engine, trigger, instructions ?? null);
      if (outcome.blocked !== undefined) {
        throw new Error(`a PreCompact hook blocked the compaction: ${outcome.blocked}`);
      }
    },
  };
}
