import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import { createContextCollapse } from "../context/collapse.js";
import { createCompaction } from "../context/compaction.js";
import { contextSettingsFromEnv, createIsAtBlockingLimit } from "../context/limits.js";
import { createMicrocompact, forgetClearedReads } from "../context/microcompact.js";
import { createContextPipeline } from "../context/pipeline.js";
import { createToolResultBudget } from "../context/tool-result-budget.js";
import type { runCommandHook } from "../hooks/run-command-hook.js";
import type { CallModel } from "../loop/params.js";
import type { McpManager } from "../mcp/manager.js";
import { createPermissionEngine, type PermissionEngine } from "../policy/engine.js";
import type { IdSource } from "../protocol/factories.js";
import type { LoopTransition, Message } from "../protocol/messages.js";
import { NODE_CHANGED_FILE_DEPS } from "../session/attachments/changed-files.js";
import { createAttachmentCollector } from "../session/attachments/collector.js";
import {
  changedFilesSource,
  nestedMemorySource,
  todoReminderSource,
} from "../session/attachments/sources.js";
import { loadSessionContext } from "../session/context/session-context.js";
import type { ContextDeps, SessionContext, TranscriptSink } from "../session/engine/config.js";
import { QueryEngine } from "../session/engine/query-engine.js";
import { FileHistory } from "../session/file-history/file-history.js";
import { withFileHistory } from "../session/file-history/with-file-history.js";
import { createNestedMemoryTracker } from "../session/memory/nested-memory.js";
import { sessionTranscriptPath } from "../session/transcript/index.js";
import { createSessionTasks, type SessionTasks } from "../tasks/session-tasks.js";
import {
  isTodoWriteTool,
  type TodoWriteTool,
} from "../tools/builtin/todo-write/todo-write-tool.js";
import { createToolSearchTool } from "../tools/builtin/tool-search/tool-search-tool.js";
import type { AppState, CanUseTool, PermissionMode } from "../tools/context.js";
import type { AnyTool } from "../tools/tool.js";
import { VERSION } from "../version.js";
import type { CliIo } from "./io.js";
import { parseJsonSchema } from "./json-schema-option.js";
import type { CliOptions } from "./options.js";
import type { PrintModel } from "./print-model.js";
import { createSessionHooks, type SessionHooks } from "./session-hooks.js";
import type { SessionPolicy } from "./session-policy.js";
import type { SessionStore } from "./session-store.js";
import { createSessionTools } from "./session-tools.js";

/** A CLI session ready to take prompts. */
export interface CliSession {
  engine: QueryEngine;
  /**
   * Rewinds files and conversation to just before a user prompt: every file Edit or Write
   * changed since is restored; returns the restored paths (false: no such prompt).
   */
  rewind(userMessageUuid: string): Promise<string[] | false>;
  /** The session's permission mode now, and a switch of it (an SDK host changes it). */
  permissionMode(): PermissionMode;
  setPermissionMode(mode: PermissionMode): void;
  /** Every MCP server of the session (configured and host-provided) and its status. */
  mcpStatus(): Array<{ name: string; status: string }>;
  dispose(): Promise<void>;
}

/** Everything a CLI session is assembled from. */
export interface CliSessionInputs {
  options: CliOptions;
  io: CliIo;
  model: PrintModel;
  sessionId: string;
  history: readonly Message[];
  resumed: boolean;
  store: SessionStore;
  stateDir: string;
  policy: SessionPolicy;
  /** How permissions are asked: headless (a denial naming the flag) or a person. */
  canUseTool: (engine: PermissionEngine) => CanUseTool;
  onTransition?: (transition: LoopTransition, turnCount: number) => void;
  warn: (text: string) => void;
  /** Tools the host brings (an SDK's in-process MCP servers), with their servers' status. */
  hostTools?: { tools: readonly AnyTool[]; servers: Array<{ name: string; status: string }> };
  /** Runs hook commands (an SDK host answers its own callbacks); default: processes. */
  runHookCommand?: typeof runCommandHook;
}

interface Parts {
  inputs: CliSessionInputs;
  ids: IdSource;
  home: string;
  env: Readonly<Record<string, string | undefined>>;
  /** The session's tools now (MCP servers come and go). */
  tools: () => readonly AnyTool[];
  todo: TodoWriteTool | undefined;
  hooks: SessionHooks;
}

/**
 * The session's MCP servers, connected before the first turn (bounded by MCP_TIMEOUT). The
 * MCP code is loaded only when this runs, and the SDK only when a server is configured.
 */
async function startMcp(
  inputs: CliSessionInputs,
  roots: { home: string; env: Readonly<Record<string, string | undefined>> },
): Promise<McpManager> {
  const { startCliMcp } = await import("./mcp-config.js");
  const mcp = await startCliMcp({
    mcpConfig: inputs.options.mcpConfig,
    strict: inputs.options.strictMcpConfig,
    cwd: inputs.io.cwd,
    home: roots.home,
    stateDir: inputs.stateDir,
    env: roots.env,
    settings: inputs.policy.settings,
    warn: inputs.warn,
  });
  await mcp.whenSettled();
  return mcp;
}

function attachmentSource(parts: Parts, loaded: Set<string>, tasks: SessionTasks) {
  const { inputs, home, todo } = parts;
  const nested = createNestedMemoryTracker({
    cwd: inputs.io.cwd,
    home,
    stateDir: inputs.stateDir,
    loaded,
  });
  return createAttachmentCollector({
    sources: {
      changedFiles: changedFilesSource(NODE_CHANGED_FILE_DEPS),
      nestedMemory: nestedMemorySource(async (paths) => nested.filesFor(paths)),
      ...(todo ? { todoReminder: todoReminderSource((id) => todo.todosOf(id)) } : {}),
      taskNotifications: tasks.notifications,
    },
    ids: parts.ids,
    onError: (source, error) =>
      inputs.warn(
        `attachment source ${source} failed: ${error instanceof Error ? error.message : String(error)}`,
      ),
  });
}

/** The transcript, plus the loop's transitions on stderr when --verbose asks for them. */
function transcriptSink(inputs: CliSessionInputs): TranscriptSink | undefined {
  const { store, onTransition } = inputs;
  if (!onTransition) return store.transcript;
  return {
    append: (message) => {
      if (message.type === "system" && message.subtype === "transition") {
        onTransition(message.transition, message.turnCount);
      }
      store.transcript?.append(message);
    },
    remove: (uuid) => store.transcript?.remove(uuid),
    branchFrom: (uuid) => store.transcript?.branchFrom(uuid),
  };
}

/** Context management: result budget, microcompact, collapse, compaction, blocking limit. */
function contextDeps(parts: Parts): (callModel: CallModel) => ContextDeps {
  const settings = contextSettingsFromEnv(parts.env);
  const budget =
    settings.windowOverride === undefined ? {} : { windowOverride: settings.windowOverride };
  return (callModel) => {
    const collapse = createContextCollapse({ ids: parts.ids, budget });
    const pipeline = createContextPipeline({
      budget: createToolResultBudget({
        sessionDir: parts.inputs.store.sessionDir,
        tools: parts.tools,
      }),
      microcompact: createMicrocompact({ onCleared: forgetClearedReads }),
      collapse,
    });
    const todo = parts.todo;
    const compaction = createCompaction({
      callModel,
      ids: parts.ids,
      model: () => parts.inputs.model.model,
      budget,
      disabled: settings.autoCompactDisabled,
      freedTokens: pipeline.freedTokens,
      readFile: async (path) => readFile(path, "utf8").catch(() => undefined),
      onPreCompact: async ({ trigger, customInstructions }) => {
        await parts.hooks.preCompact(trigger, customInstructions);
        return undefined;
      },
      ...(todo ? { todos: (context) => todo.todosOf(context.agentId) } : {}),
    });
    return {
      microcompact: pipeline.step,
      autocompact: compaction.autocompact,
      reactiveCompact: compaction.reactiveCompact,
      collapseDrain: collapse.collapseDrain,
      isAtBlockingLimit: createIsAtBlockingLimit(budget),
    };
  };
}

function promptOptions(options: CliOptions) {
  return {
    ...(options.systemPrompt === undefined ? {} : { customSystemPrompt: options.systemPrompt }),
    ...(options.appendSystemPrompt === undefined
      ? {}
      : { appendSystemPrompt: options.appendSystemPrompt }),
  };
}

/**
 * Assembles a CLI session: settings-driven permissions and hooks, the tools (Edit and Write
 * snapshot into the file history first), the prompt context (memory files, git snapshot,
 * SessionStart context), per-turn attachments, context management, the transcript, and the
 * QueryEngine over them.
 */
export async function createCliSession(inputs: CliSessionInputs): Promise<CliSession> {
  const { options, io, model, store, policy } = inputs;
  const { settings } = policy;
  const ids: IdSource = { uuid: randomUUID, timestamp: () => new Date().toISOString() };
  const home = io.env.HOME ?? homedir();
  const env = { ...io.env, ...settings.env };
  const tasks = createSessionTasks({
    stateDir: inputs.stateDir,
    sessionId: inputs.sessionId,
    cwd: io.cwd,
    onError: (error) =>
      inputs.warn(
        `cannot record a background task: ${error instanceof Error ? error.message : String(error)}`,
      ),
  });
  const sessionTools = await createSessionTools(
    { cwd: io.cwd, sessionDir: store.sessionDir, stateDir: inputs.stateDir, env },
    io,
    tasks,
  );
  const fileHistory = new FileHistory({ dir: join(store.sessionDir, "file-history") });
  let turnUuid = "";
  const baseTools = [
    ...withFileHistory(sessionTools.tools, fileHistory, () => turnUuid, { home }),
    ...(inputs.hostTools?.tools ?? []),
  ];
  const mcp = await startMcp(inputs, { home, env });
  const refreshTools = mcp.refreshTools(
    baseTools,
    createToolSearchTool({
      cwd: io.cwd,
      sessionDir: store.sessionDir,
      stateDir: inputs.stateDir,
      env,
    }),
  );
  const tools = refreshTools();
  let appState: AppState = { permissionMode: settings.permissionMode };
  const hooks = createSessionHooks({
    config: policy.hooks,
    sessionId: inputs.sessionId,
    transcriptPath: sessionTranscriptPath(inputs.stateDir, io.cwd, inputs.sessionId),
    cwd: io.cwd,
    env,
    permissionMode: () => appState.permissionMode,
    report: inputs.warn,
    ...(inputs.runHookCommand ? { runCommand: inputs.runHookCommand } : {}),
  });
  const parts: Parts = {
    inputs,
    ids,
    home,
    env,
    tools: refreshTools,
    todo: tools.find(isTodoWriteTool),
    hooks,
  };
  const permissions = createPermissionEngine({
    settings,
    cwd: io.cwd,
    stateDir: inputs.stateDir,
    home,
  });
  const abortController = new AbortController();
  const abort = () => abortController.abort(io.signal.reason);
  if (io.signal.aborted) abort();
  else io.signal.addEventListener("abort", abort, { once: true });
  const loadedMemory = new Set<string>();
  const sink = transcriptSink(inputs);
  const loadContext = async (): Promise<SessionContext> => {
    const [context, started] = await Promise.all([
      loadSessionContext({
        cwd: io.cwd,
        home,
        stateDir: inputs.stateDir,
        platform: process.platform,
        model: model.model,
        tools: tools.map((t) => t.name),
        ...promptOptions(options),
        now: new Date(),
        loaded: loadedMemory,
        onWarning: inputs.warn,
      }),
      hooks.start(inputs.resumed ? "resume" : "startup"),
    ]);
    if (started.length === 0) return context;
    return {
      ...context,
      userContext: { ...context.userContext, sessionStartHooks: started.join("\n\n") },
    };
  };
  const mcpStatus = () => [
    ...mcp.status().map(({ name, status }) => ({ name, status })),
    ...(inputs.hostTools?.servers ?? []),
  ];
  const engine = new QueryEngine({
    cwd: io.cwd,
    provider: model.provider,
    tools,
    refreshTools,
    mcpServers: () => mcpStatus(),
    agents: sessionTools.agentDefinitions,
    canUseTool: inputs.canUseTool(permissions),
    getAppState: () => appState,
    setAppState: (update) => {
      appState = update(appState);
    },
    initialMessages: inputs.history,
    ...promptOptions(options),
    userSpecifiedModel: model.model,
    ...(model.fallbackModel ? { fallbackModel: model.fallbackModel } : {}),
    ...(options.maxTurns === undefined ? {} : { maxTurns: options.maxTurns }),
    ...(options.maxBudgetUsd === undefined ? {} : { maxBudgetUsd: options.maxBudgetUsd }),
    ...(options.jsonSchema === undefined
      ? {}
      : { jsonSchema: parseJsonSchema(options.jsonSchema) }),
    includePartialMessages: options.includePartialMessages,
    abortController,
    sessionId: inputs.sessionId,
    loadContext,
    hooks: hooks.engine,
    onTurnStart: async (uuid) => {
      turnUuid = uuid;
      await fileHistory.beginTurn(uuid);
    },
    ...(sink ? { transcript: sink } : {}),
    ...(store.sidechain ? { sidechain: store.sidechain } : {}),
    attachments: attachmentSource(parts, loadedMemory, tasks),
    contextDeps: contextDeps(parts),
    maxOutputTokens: model.maxOutputTokens,
    ...(model.escalatedMaxOutputTokens
      ? { escalatedMaxOutputTokens: model.escalatedMaxOutputTokens }
      : {}),
    maxToolUseConcurrency: model.maxToolUseConcurrency,
    additionalDirectories: permissions.workingFolders.filter((dir) => dir !== io.cwd),
    retry: model.retry,
    init: { apiKeySource: model.apiKeySource, claude_code_version: VERSION },
    ids,
  });
  return {
    engine,
    rewind: async (uuid) => {
      if (!engine.messages.some((m) => m.uuid === uuid)) return false;
      const restored = await fileHistory.restoreTo(uuid);
      engine.rewindTo(uuid);
      return restored;
    },
    permissionMode: () => appState.permissionMode,
    setPermissionMode: (mode) => {
      appState = { ...appState, permissionMode: mode };
    },
    mcpStatus,
    dispose: async () => {
      io.signal.removeEventListener("abort", abort);
      await hooks.end();
      await sessionTools.dispose();
      await mcp.close();
      await store.close();
    },
  };
}
