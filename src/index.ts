/**
 * keel as a library: the query loop, the conversation engine, the one-shot `ask()`, the tool
 * contract and built-in tools, the model providers and the scripted model.
 */

export { startWorker, type WorkerOptions } from "./cli/batch/start-worker.js";
export type { QueryEvent } from "./loop/events.js";
export type { CallModel, QueryDeps, QueryParams } from "./loop/params.js";
export { query } from "./loop/query.js";
export type { Continue, ContinueReason, Terminal, TerminalReason } from "./loop/transitions.js";
/** Auto memory (resolution, the index as loaded) and the dream pass (docs/memory.md). */
export * from "./memory/index.js";
export { createAnthropicProvider } from "./model/anthropic/provider.js";
export { parseModelString } from "./model/model-string.js";
export { createOpenAIProvider } from "./model/openai/provider.js";
export type { ModelProvider, ModelRequest } from "./model/provider.js";
export { createScriptedProvider } from "./model/scripted/provider.js";
export { parseScenario } from "./model/scripted/scenario.js";
export { startScriptedServer } from "./model/scripted/server.js";
export { createProvider } from "./model/select.js";
export type { Message } from "./protocol/messages.js";
export {
  type BatchTarget,
  type BatchUpdate,
  cancelBatch,
  type SubmittedTask,
  submitBatch,
  watchBatch,
} from "./remote/batch/batch-library.js";
export { type BatchResult, batchResultSchema } from "./remote/batch/batch-result.js";
export { type BatchTaskInput, batchTaskSchema, parseTasksFile } from "./remote/batch/batch-task.js";
export { type AskOptions, type AskResult, ask } from "./session/ask.js";
export type {
  EngineHooks,
  QueryEngineConfig,
  SessionContext,
  TranscriptSink,
} from "./session/engine/config.js";
export { QueryEngine } from "./session/engine/query-engine.js";
export type { SessionEvent, UnpromptedTurn } from "./session/engine/session-event.js";
export type { UnpromptedTurnHandler } from "./session/engine/unprompted-turns.js";
export type { SdkMessage, SdkResult, SdkSystemInit } from "./session/sdk-messages.js";
export { createBuiltinTools } from "./tools/builtin/index.js";
export type {
  CanUseTool,
  PermissionMode,
  PermissionResult,
  ToolCallContext,
  ToolUseContext,
} from "./tools/context.js";
export type { AnyTool, Tool, ToolCallResult, ToolPermissionResult } from "./tools/tool.js";
