import { randomUUID } from "node:crypto";
import { homedir } from "node:os";
import { join } from "node:path";
import type { ModelProvider } from "../model/provider.js";
import type { RetryOptions } from "../model/retry.js";
import { headlessCanUseTool } from "../policy/headless-can-use-tool.js";
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
import type { TranscriptSink } from "../session/engine/config.js";
import { QueryEngine } from "../session/engine/query-engine.js";
import { FileHistory } from "../session/file-history/file-history.js";
import { withFileHistory } from "../session/file-history/with-file-history.js";
import { createNestedMemoryTracker } from "../session/memory/nested-memory.js";
import { isTodoWriteTool } from "../tools/builtin/todo-write/todo-write-tool.js";
import type { AppState } from "../tools/context.js";
import { NO_TOOL_HOOKS } from "../tools/hooks.js";
import type { AnyTool } from "../tools/tool.js";
import { VERSION } from "../version.js";
import type { CliIo } from "./io.js";
import { parseJsonSchema } from "./json-schema-option.js";
import type { CliOptions } from "./options.js";
import type { SessionStore } from "./session-store.js";
import { createSessionTools } from "./session-tools.js";

/** The model side of a print-mode session, resolved from flags and environment. */
export interface PrintModel {
  provider: ModelProvider;
  model: string;
  fallbackModel?: string;
  maxOutputTokens: number;
  escalatedMaxOutputTokens?: number;
  apiKeySource: string;
  retry: Partial<RetryOptions>;
  maxToolUseConcurrency: number;
}

/** A print-mode session ready to take prompts. */
export interface PrintSession {
  engine: QueryEngine;
  dispose(): Promise<void>;
}

/** Everything a print session is assembled from. */
export interface PrintSessionInputs {
  options: CliOptions;
  io: CliIo;
  model: PrintModel;
  sessionId: string;
  history: readonly Message[];
  store: SessionStore;
  stateDir: string;
  onTransition?: (transition: LoopTransition, turnCount: number) => void;
  warn: (text: string) => void;
}

function attachmentSource(
  tools: readonly AnyTool[],
  inputs: PrintSessionInputs,
  loaded: Set<string>,
  ids: IdSource,
) {
  const home = inputs.io.env.HOME ?? homedir();
  const nested = createNestedMemoryTracker({
    cwd: inputs.io.cwd,
    home,
    stateDir: inputs.stateDir,
    loaded,
  });
  const todo = tools.find(isTodoWriteTool);
  return createAttachmentCollector({
    sources: {
      changedFiles: changedFilesSource(NODE_CHANGED_FILE_DEPS),
      nestedMemory: nestedMemorySource(async (paths) => nested.filesFor(paths)),
      ...(todo ? { todoReminder: todoReminderSource((id) => todo.todosOf(id)) } : {}),
    },
    ids,
    onError: (source, error) =>
      inputs.warn(
        `attachment source ${source} failed: ${error instanceof Error ? error.message : String(error)}`,
      ),
  });
}

/** The transcript, plus the loop's transitions on stderr when --verbose asks for them. */
function transcriptSink(inputs: PrintSessionInputs): TranscriptSink | undefined {
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
  };
}

/**
 * Assembles a print-mode session: the tools (Edit and Write snapshot into the file history
 * first), the prompt context (memory files, git snapshot), the per-turn attachments, the
 * transcript, and the QueryEngine over them.
 */
export async function createPrintSession(inputs: PrintSessionInputs): Promise<PrintSession> {
  const { options, io, model, store } = inputs;
  const ids: IdSource = { uuid: randomUUID, timestamp: () => new Date().toISOString() };
  const home = io.env.HOME ?? homedir();
  const sessionTools = await createSessionTools(
    { cwd: io.cwd, sessionDir: store.sessionDir, stateDir: inputs.stateDir, env: io.env },
    io,
  );
  const history = new FileHistory({ dir: join(store.sessionDir, "file-history") });
  let turnUuid = "";
  const tools = withFileHistory(sessionTools.tools, history, () => turnUuid, { home });
  const loadedMemory = new Set<string>();
  let appState: AppState = { permissionMode: options.permissionMode };
  const abortController = new AbortController();
  const abort = () => abortController.abort(io.signal.reason);
  if (io.signal.aborted) abort();
  else io.signal.addEventListener("abort", abort, { once: true });
  const sink = transcriptSink(inputs);
  const engine = new QueryEngine({
    cwd: io.cwd,
    provider: model.provider,
    tools,
    agents: sessionTools.agentDefinitions,
    canUseTool: headlessCanUseTool,
    getAppState: () => appState,
    setAppState: (update) => {
      appState = update(appState);
    },
    initialMessages: inputs.history,
    ...(options.systemPrompt === undefined ? {} : { customSystemPrompt: options.systemPrompt }),
    ...(options.appendSystemPrompt === undefined
      ? {}
      : { appendSystemPrompt: options.appendSystemPrompt }),
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
    loadContext: () =>
      loadSessionContext({
        cwd: io.cwd,
        home,
        stateDir: inputs.stateDir,
        platform: process.platform,
        model: model.model,
        tools: tools.map((t) => t.name),
        ...(options.systemPrompt === undefined ? {} : { customSystemPrompt: options.systemPrompt }),
        ...(options.appendSystemPrompt === undefined
          ? {}
          : { appendSystemPrompt: options.appendSystemPrompt }),
        now: new Date(),
        loaded: loadedMemory,
        onWarning: inputs.warn,
      }),
    hooks: { tool: NO_TOOL_HOOKS },
    onTurnStart: async (uuid) => {
      turnUuid = uuid;
      await history.beginTurn(uuid);
    },
    ...(sink ? { transcript: sink } : {}),
    attachments: attachmentSource(tools, inputs, loadedMemory, ids),
    maxOutputTokens: model.maxOutputTokens,
    ...(model.escalatedMaxOutputTokens
      ? { escalatedMaxOutputTokens: model.escalatedMaxOutputTokens }
      : {}),
    maxToolUseConcurrency: model.maxToolUseConcurrency,
    retry: model.retry,
    init: { apiKeySource: model.apiKeySource, mcp_servers: [], claude_code_version: VERSION },
    ids,
  });
  return {
    engine,
    dispose: async () => {
      io.signal.removeEventListener("abort", abort);
      await sessionTools.dispose();
      await store.close();
    },
  };
}
