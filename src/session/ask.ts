import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { keelStateDir } from "../config/paths.js";
import { loadSettings } from "../config/settings/load.js";
import { DEFAULT_MODEL, findModel, requestMaxTokens } from "../model/catalog.js";
import { parseModelString } from "../model/model-string.js";
import type { ModelProvider } from "../model/provider.js";
import { apiKeySource, createProvider } from "../model/select.js";
import { createPermissionEngine, type PermissionEngine } from "../policy/engine.js";
import { createHeadlessCanUseTool } from "../policy/headless.js";
import { createBackgroundShells } from "../tools/background/index.js";
import { createBuiltinTools } from "../tools/builtin/index.js";
import { createChildAbortController } from "../tools/child-abort-controller.js";
import type { AppState, CanUseTool, PermissionMode } from "../tools/context.js";
import type { ReadDenial } from "../tools/read-denial.js";
import type { AnyTool } from "../tools/tool.js";
import { VERSION } from "../version.js";
import type { GitRunner } from "./context/git-status.js";
import { loadSessionContext } from "./context/session-context.js";
import { QueryEngine } from "./engine/query-engine.js";
import type { SdkMessage, SdkResult } from "./sdk-messages.js";

/** A one-shot question to the agent. Everything but the prompt has a working default. */
export interface AskOptions {
  prompt: string;
  /** Working folder (default: the process's). */
  cwd?: string;
  /** A model string: an id or alias, `openai:<id>`, `scripted:<file>` (default claude-sonnet-5). */
  model?: string;
  /** A provider to use instead of the one the model string names (tests, custom transports). */
  provider?: ModelProvider;
  /** Tools (default: keel's built-in tools for the working folder). */
  tools?: readonly AnyTool[];
  /** Permission decisions (default: the settings' rules and mode; "ask" becomes a denial). */
  canUseTool?: CanUseTool;
  /** Files searches leave out (default: those the settings' Read deny rules cover). */
  readDenial?: ReadDenial;
  permissionMode?: PermissionMode;
  maxTurns?: number;
  maxBudgetUsd?: number;
  jsonSchema?: Record<string, unknown>;
  systemPrompt?: string;
  appendSystemPrompt?: string;
  /**
   * False: the system prompt carries no git status snapshot, and no git process is started for
   * one (two per call otherwise: worth it for callers asking many one-off questions).
   */
  gitStatus?: boolean;
  env?: Readonly<Record<string, string | undefined>>;
  signal?: AbortSignal;
  /** Sees every message of the turn as it is produced. */
  onMessage?: (message: SdkMessage) => void;
}

/** The answer: the result message, and every message of the turn. */
export interface AskResult {
  result: SdkResult;
  messages: SdkMessage[];
}

/** The permission engine of the user's settings, in the mode asked for. */
async function settingsEngine(
  cwd: string,
  env: Readonly<Record<string, string | undefined>>,
  mode?: PermissionMode,
): Promise<PermissionEngine> {
  const home = env.HOME ?? homedir();
  const stateDir = keelStateDir(env);
  const settings = await loadSettings({
    home,
    stateDir,
    cwd,
    cli: mode ? { permissionMode: mode } : {},
  });
  return createPermissionEngine({ settings, cwd, stateDir, home, env });
}

/**
 * Asks the agent once (`ask()` of the library): a QueryEngine with keel's defaults — built-in
 * tools, the user's settings for permissions, memory files and git snapshot in the context —
 * runs one turn, and the result comes back with every message. Nothing is persisted.
 */
export async function ask(options: AskOptions): Promise<AskResult> {
  const cwd = options.cwd ?? process.cwd();
  const env = options.env ?? process.env;
  const selection = parseModelString(options.model ?? DEFAULT_MODEL);
  const provider = options.provider ?? (await createProvider(selection, env));
  const stateDir = keelStateDir(env);
  const sessionDir = await mkdtemp(join(tmpdir(), "keel-ask-"));
  const shells = createBackgroundShells({ cwd, sessionDir, stateDir, env });
  try {
    const tools =
      options.tools ??
      createBuiltinTools({ cwd, sessionDir, stateDir, env }, { backgroundShells: shells });
    return await askWith(options, { cwd, env, selection, provider, stateDir, tools });
  } finally {
    await shells.dispose();
    await rm(sessionDir, { recursive: true, force: true });
  }
}

/** A git that is never there: the context then has no git status. */
const noGit: GitRunner = async () => undefined;

interface AskSetup {
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  selection: ReturnType<typeof parseModelString>;
  provider: ModelProvider;
  stateDir: string;
  tools: readonly AnyTool[];
}

async function askWith(options: AskOptions, setup: AskSetup): Promise<AskResult> {
  const { cwd, env, selection, provider, stateDir, tools } = setup;
  const cap = findModel(selection.model)?.maxOutputTokens;
  let appState: AppState = { permissionMode: options.permissionMode ?? "default" };
  const permissions = await settingsEngine(cwd, env, options.permissionMode);
  const abort = createChildAbortController(options.signal ?? new AbortController().signal);
  const engine = new QueryEngine({
    cwd,
    provider,
    tools,
    canUseTool: options.canUseTool ?? createHeadlessCanUseTool(permissions),
    readDenial: options.readDenial ?? permissions.readDenial,
    getAppState: () => appState,
    setAppState: (update) => {
      appState = update(appState);
    },
    userSpecifiedModel: selection.model,
    ...(options.maxTurns === undefined ? {} : { maxTurns: options.maxTurns }),
    ...(options.maxBudgetUsd === undefined ? {} : { maxBudgetUsd: options.maxBudgetUsd }),
    ...(options.jsonSchema === undefined ? {} : { jsonSchema: options.jsonSchema }),
    abortController: abort.controller,
    sessionId: randomUUID(),
    loadContext: () =>
      loadSessionContext({
        cwd,
        home: env.HOME ?? homedir(),
        stateDir,
        platform: process.platform,
        model: selection.model,
        tools: tools.map((t) => t.name),
        ...(options.systemPrompt === undefined ? {} : { customSystemPrompt: options.systemPrompt }),
        ...(options.appendSystemPrompt === undefined
          ? {}
          : { appendSystemPrompt: options.appendSystemPrompt }),
        ...(options.gitStatus === false ? { git: noGit } : {}),
        now: new Date(),
      }),
    maxOutputTokens: requestMaxTokens(selection.model, undefined),
    ...(cap === undefined ? {} : { escalatedMaxOutputTokens: cap }),
    init: {
      apiKeySource: apiKeySource(selection, env),
      claude_code_version: VERSION,
    },
  });
  const messages: SdkMessage[] = [];
  let result: SdkResult | undefined;
  try {
    for await (const message of engine.submitMessage(options.prompt)) {
      messages.push(message);
      options.onMessage?.(message);
      if (message.type === "result") result = message;
    }
  } finally {
    abort.dispose();
  }
  if (!result) throw new Error("the turn ended without a result");
  return { result, messages };
}
