import type {
  AppState,
  CanUseTool,
  PermissionMode,
  ToolCallContext,
  ToolUseContext,
} from "../../src/tools/context.js";
import { FileStateCache } from "../../src/tools/file-state-cache.js";
import { NO_TOOL_HOOKS, type ToolHooks } from "../../src/tools/hooks.js";
import type { AnyTool } from "../../src/tools/tool.js";

/** Allows every call (the default canUseTool of test contexts). */
export const allowAll: CanUseTool = async () => ({ behavior: "allow" });

/** What a test ToolUseContext is built from; everything has a plain default. */
export interface ToolContextOptions {
  tools?: readonly AnyTool[];
  mainLoopModel?: string;
  /** The working folder (default: the process's). */
  cwd?: string;
  additionalDirectories?: readonly string[];
  /** The starting permission mode (default: "default"). */
  mode?: PermissionMode;
  maxToolUseConcurrency?: number;
  canUseTool?: CanUseTool;
  hooks?: ToolHooks;
  abortController?: AbortController;
  readFileState?: FileStateCache;
  setInProgressToolUseIds?: ToolUseContext["setInProgressToolUseIds"];
  addNotification?: (text: string) => void;
}

/** What a test ToolCallContext adds: the call's id and its own abort signal. */
export interface ToolCallContextOptions extends ToolContextOptions {
  /** Default: "toolu_test". */
  toolUseId?: string;
  /** Default: the context's abortController signal. */
  signal?: AbortSignal;
}

/** A minimal real ToolUseContext: real app state, a fresh readFileState, no hooks, allow-all. */
export function makeToolUseContext(options: ToolContextOptions = {}): ToolUseContext {
  let appState: AppState = { permissionMode: options.mode ?? "default" };
  return {
    options: {
      tools: options.tools ?? [],
      mainLoopModel: options.mainLoopModel ?? "claude-test",
      commands: [],
      agentDefinitions: [],
      isNonInteractiveSession: true,
      maxToolUseConcurrency: options.maxToolUseConcurrency ?? 10,
      cwd: options.cwd ?? process.cwd(),
      additionalDirectories: options.additionalDirectories ?? [],
    },
    abortController: options.abortController ?? new AbortController(),
    readFileState: options.readFileState ?? new FileStateCache(),
    toolDecisions: new Map(),
    messages: [],
    canUseTool: options.canUseTool ?? allowAll,
    hooks: options.hooks ?? NO_TOOL_HOOKS,
    getAppState: () => appState,
    setAppState: (update) => {
      appState = update(appState);
    },
    setInProgressToolUseIds: options.setInProgressToolUseIds ?? (() => {}),
    ...(options.addNotification ? { addNotification: options.addNotification } : {}),
  };
}

/** A minimal real ToolCallContext: a ToolUseContext plus one call's id and signal. */
export function makeToolCallContext(options: ToolCallContextOptions = {}): ToolCallContext {
  const context = makeToolUseContext(options);
  return {
    ...context,
    toolUseId: options.toolUseId ?? "toolu_test",
    signal: options.signal ?? context.abortController.signal,
  };
}
