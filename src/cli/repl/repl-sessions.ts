import { randomUUID } from "node:crypto";
import { homedir } from "node:os";
import { projectDir } from "../../config/paths.js";
import type { PermissionEngine } from "../../policy/engine.js";
import type { Message } from "../../protocol/messages.js";
import { sessionSideModel } from "../../session/engine/side-model.js";
import { sessionTranscriptPath } from "../../session/transcript/index.js";
import { tasksRoot } from "../../tasks/task-paths.js";
import { TaskStore } from "../../tasks/task-store.js";
import type { PermissionMode } from "../../tools/context.js";
import type { SandboxMode } from "../../tools/sandbox/bash-sandbox.js";
import { generateAgent } from "../agent-generator.js";
import { createCliSession } from "../cli-session.js";
import { switchableModel } from "../control/model-switch.js";
import { sessionDebugLog } from "../debug-log.js";
import { type DebuggedParts, withDebugLog } from "../debug-session.js";
import type { CliIo } from "../io.js";
import { switchWithHooks } from "../model-switch-hooks.js";
import type { CliOptions } from "../options.js";
import type { PrintModel } from "../print-model.js";
import { resolveSession } from "../resume-session.js";
import type { HookStatus } from "../session-hooks.js";
import type { SessionPolicy } from "../session-policy.js";
import { openSessionStore } from "../session-store.js";
import { contextReport } from "../slash/context-report.js";
import { keepProjectRules } from "./allow-rules-file.js";
import { autoDreamer, dreamThresholds } from "./auto-dream.js";
import { autoMemoryView } from "./commands/auto-memory-view.js";
import { type HookListing, type HookListingInputs, hookListing } from "./commands/hook-listing.js";
import { copyThroughTerminal } from "./commands/osc52.js";
import { pluginsView } from "./commands/plugins.js";
import { sessionParts } from "./commands/session-parts.js";
import { settingsFilesOf } from "./commands/settings-files.js";
import { workflowRunsText } from "./commands/workflows-view.js";
import { withDisplayedTurns } from "./displayed-engine.js";
import { replElicitation } from "./elicitation-dialog.js";
import { type AskPerson, createInteractiveCanUseTool } from "./interactive-permissions.js";
import { type Notify, notifyingAsk } from "./notifying-ask.js";
import type { ReplSession } from "./repl-controller.js";
import { rememberedSandbox } from "./sandbox-choice.js";
import { sessionConfigView } from "./session-config.js";
import { sessionDream } from "./session-dream.js";
import { type SettingsChoice, withSettingsChoice } from "./settings-choice.js";
import { nodeSchedule, taskStoreReader, watchTaskEnds } from "./task-notices.js";

/** What every session of one REPL shares. */
export interface ReplSessionInputs {
  options: CliOptions;
  io: CliIo;
  model: PrintModel;
  policy: SessionPolicy;
  stateDir: string;
  /** Asks the person (the controller's dialog). */
  ask: AskPerson;
  warn: (text: string) => void;
  /** Told of running tools' progress (the controller shows a running Bash's output). */
  onProgress?: (toolUseId: string, data: unknown) => void;
  /** Told when a hook with a `statusMessage` starts and ends (its spinner line). */
  onHookStatus?: (status: HookStatus) => void;
  /** The sandbox mode /sandbox chose, kept for the sessions /clear and /resume open. */
  sandboxChoice?: { mode?: SandboxMode };
  /** The settings /config and /output-style changed, kept for the sessions /clear and /resume open. */
  settingsChoice?: SettingsChoice;
  /** Reads the settings again as at start (a settings file changed: ConfigChange). */
  reloadPolicy?: () => Promise<SessionPolicy>;
}

/** Which conversation a session starts from. */
export interface SessionStart {
  sessionId: string;
  history: readonly Message[];
  resumed: boolean;
  /** The permission mode the resumed transcript last recorded (plan mode comes back). */
  recordedMode?: PermissionMode;
  /** "clear": opened by /clear (SessionStart's source). */
  source?: "clear";
}

/** The inputs of the sessions after the first (/clear, /resume): Setup hooks fired already. */
export function laterSessions(inputs: ReplSessionInputs): ReplSessionInputs {
  const { setup: _fired, ...options } = inputs.options;
  return { ...inputs, options, policy: withSettingsChoice(inputs.policy, inputs.settingsChoice) };
}

/** A new conversation under a fresh session id (keel at start-up, and /clear). */
export function freshStart(source?: "clear"): SessionStart {
  return { sessionId: randomUUID(), history: [], resumed: false, ...(source ? { source } : {}) };
}

/**
 * Opens a REPL session: the CLI session with streamed partial text and permissions asked of
 * the person through the dialog.
 */
export async function openReplSession(
  inputs: ReplSessionInputs,
  start: SessionStart,
): Promise<ReplSession> {
  const { options, io, stateDir, warn } = inputs;
  const store = await openSessionStore({
    stateDir,
    cwd: io.cwd,
    sessionId: start.sessionId,
    persist: options.sessionPersistence,
    history: start.history,
    ...(options.name ? { name: options.name } : {}),
    onError: (error) => warn(`cannot write the transcript: ${error.message}`),
  });
  const models = switchableModel(inputs.model.provider, inputs.model.model);
  let permissions: PermissionEngine | undefined;
  let notify: Notify | undefined;
  const parts: DebuggedParts = {
    model: { ...inputs.model, provider: models.provider },
    canUseTool: (engine) => {
      permissions = engine;
      return createInteractiveCanUseTool(
        engine,
        notifyingAsk(inputs.ask, () => notify),
        {
          cwd: io.cwd,
          home: io.env.HOME ?? homedir(),
          keepRules: (rules) => keepProjectRules(io.cwd, rules, warn),
        },
      );
    },
  };
  const { sessionId } = start;
  const debug = sessionDebugLog(options.debug, { stateDir, sessionId, cwd: io.cwd, say: warn });
  const session = await createCliSession({
    options: { ...options, includePartialMessages: true },
    io,
    sessionId,
    history: start.history,
    resumed: start.resumed,
    ...(start.recordedMode ? { recordedMode: start.recordedMode } : {}),
    ...(start.source ? { startSource: start.source } : {}),
    store,
    stateDir,
    policy: inputs.policy,
    ...(inputs.reloadPolicy ? { reloadPolicy: inputs.reloadPolicy } : {}),
    askElicitation: replElicitation(inputs.ask),
    ...(debug ? withDebugLog(parts, debug) : parts),
    ...(inputs.onProgress ? { onProgress: inputs.onProgress } : {}),
    ...(inputs.onHookStatus ? { onHookStatus: inputs.onHookStatus } : {}),
    warn,
  });
  notify = session.notify;
  // The tasks folder is shared by every keel process: this reads it, the tools write it.
  const tasks = watchTaskEnds({
    ...taskStoreReader(new TaskStore(tasksRoot(stateDir))),
    sessionId: start.sessionId,
    schedule: nodeSchedule,
  });
  const dream = sessionDream({
    memoryDir: () => session.autoMemory.dir(),
    stateDir,
    transcriptsDir: projectDir(stateDir, io.cwd),
    sessionId,
    provider: models.provider,
    model: models.current,
    env: { ...io.env, ...inputs.policy.settings.env },
    now: Date.now,
    sandbox: session.sandbox.bash,
  });
  const dreamer = autoDreamer({
    enabled: inputs.policy.settings.autoDreamEnabled === true,
    memoryDir: () => session.autoMemory.dir(),
    thresholds: dreamThresholds(inputs.policy.settings),
    transcriptsDir: projectDir(stateDir, io.cwd),
    sessionId,
    cwd: io.cwd,
    now: Date.now,
    store: new TaskStore(tasksRoot(stateDir)),
    run: (_memoryDir, signal) => dream.run(signal, () => {}),
  });
  return {
    ...sessionParts({
      session: { ...session, sandbox: rememberedSandbox(session.sandbox, inputs.sandboxChoice) },
      io,
      stateDir,
      permissions: () => permissions,
      settingsFiles: inputs.policy.settings.files,
      projectTrusted: inputs.policy.projectTrusted,
      env: { ...io.env, ...inputs.policy.settings.env },
      transcriptPath: options.sessionPersistence
        ? sessionTranscriptPath(stateDir, io.cwd, start.sessionId)
        : undefined,
      open: (sessionId) => resumeReplSession(laterSessions(inputs), sessionId),
    }),
    engine: withDisplayedTurns(session.engine, session.displayed),
    // With /config's and /output-style's choice in it for a session /clear or /resume opened.
    outputStyle: inputs.policy.settings.outputStyle ?? "default",
    models: {
      providerName: inputs.model.provider.name,
      current: models.current,
      set: models.set,
      switchTo: (model, requested) =>
        switchWithHooks(models, session, {
          to: model ?? models.start,
          requested: model === undefined ? null : requested,
          source: "command",
        }),
    },
    mcp: () => ({
      servers: session.mcpStatus(),
      tools: session.tools().map((tool) => tool.name),
    }),
    // The slash view's prompts: UserPromptExpansion hooks weigh what they fetch.
    prompts: () => session.slash.mcpPrompts(),
    taskEvents: tasks,
    ...(session.team ? { team: session.team } : {}),
    workflows: () => workflowRunsText(new TaskStore(tasksRoot(stateDir)), start.sessionId),
    copyToClipboard: (text) => copyThroughTerminal(io.stdout, text),
    contextUsage: () =>
      contextReport({
        engine: session.engine,
        agents: session.agents.list(),
        env: { ...io.env, ...inputs.policy.settings.env },
        signal: io.signal,
      }),
    dream,
    addDirectory: (path) => session.addDirectory(path, "slash_command"),
    // /agents generate: one side request to the session's model, metered with its own.
    generateAgent: (request, signal) =>
      generateAgent(
        sessionSideModel(session.engine.sessionModel, models.provider, models.current()),
        models.current(),
        request,
        signal,
      ),
    autoMemory: autoMemoryView(session.autoMemory, stateDir),
    config: sessionConfigView(inputs),
    afterTurn: () => {
      void dreamer.afterTurn().catch((error: Error) => warn(`automatic dream: ${error.message}`));
    },
    hooks: () =>
      sessionHookListing(inputs, {
        inForce: () => session.hooksInForce(),
        skills: () => session.skillHooksInForce(),
      }),
    tasks: { store: new TaskStore(tasksRoot(stateDir)), sessionId: start.sessionId },
    rename: (title) => session.retitle(title),
    plugins: pluginsView(inputs.policy.plugins, {
      cwd: io.cwd,
      env: { ...io.env, KEEL_CONFIG_DIR: stateDir },
      signal: io.signal,
    }),
    dispose: async (reason) => {
      tasks.stop();
      await dreamer.dispose();
      await session.dispose(reason);
    },
  };
}

/** /hooks' listing for a session of this REPL: its files read now, against what it runs. */
function sessionHookListing(
  inputs: ReplSessionInputs,
  running: Pick<HookListingInputs, "inForce" | "skills">,
): Promise<HookListing> {
  const { options, io, policy } = inputs;
  return hookListing({
    ...settingsFilesOf(options, {
      home: io.env.HOME ?? homedir(),
      stateDir: inputs.stateDir,
      cwd: io.cwd,
    }),
    bare: options.bare === true,
    disabledAtStart: policy.settings.disableAllHooks === true,
    projectTrusted: policy.projectTrusted,
    plugins: policy.plugins.plugins,
    ...running,
    env: { ...io.env, ...policy.settings.env },
  });
}

/** Opens an earlier session of this project with its conversation loaded (/resume). */
async function resumeReplSession(
  inputs: ReplSessionInputs,
  sessionId: string,
): Promise<{ session: ReplSession; messages: readonly Message[] }> {
  const ids = { uuid: randomUUID, timestamp: () => new Date().toISOString() };
  const resolved = await resolveSession(
    { resume: sessionId, continue: false, forkSession: false },
    { stateDir: inputs.stateDir, cwd: inputs.io.cwd, ids, onWarning: inputs.warn },
  );
  const session = await openReplSession(inputs, {
    sessionId: resolved.sessionId,
    history: resolved.messages,
    resumed: true,
  });
  return { session, messages: resolved.messages };
}
