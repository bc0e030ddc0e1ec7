import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { homedir } from "node:os";
import { createContextCollapse } from "../context/collapse.js";
import { createCompaction } from "../context/compaction.js";
import { contextSettingsFromEnv, createIsAtBlockingLimit } from "../context/limits.js";
import { createMicrocompact, forgetClearedReads } from "../context/microcompact.js";
import { createContextPipeline } from "../context/pipeline.js";
import { createToolResultBudget } from "../context/tool-result-budget.js";
import type { HttpHookPolicy } from "../hooks/http-url-policy.js";
import type { CallModel } from "../loop/params.js";
import { type AutoMemorySwitch, createAutoMemorySwitch } from "../memory/auto-memory-switch.js";
import { openAutoMemory, withAutoMemory } from "../memory/session-auto-memory.js";
import { type AutoModeDeps, withAutoMode } from "../policy/auto-mode.js";
import { createPermissionEngine, type PermissionEngine } from "../policy/engine.js";
import type { IdSource } from "../protocol/factories.js";
import { NODE_CHANGED_FILE_DEPS } from "../session/attachments/changed-files.js";
import { createAttachmentCollector } from "../session/attachments/collector.js";
import {
  createPlanModeReminders,
  type PlanModeReminders,
} from "../session/attachments/plan-mode.js";
import {
  changedFilesSource,
  conditionalSkillsSource,
  nestedMemorySource,
  todoReminderSource,
} from "../session/attachments/sources.js";
import { commitInstructions } from "../session/commit-instructions.js";
import { withFreshMemory } from "../session/context/fresh-memory.js";
import { loadSessionContext } from "../session/context/session-context.js";
import type {
  ContextDeps,
  QueryEngineConfig,
  SessionContext,
  TranscriptSink,
} from "../session/engine/config.js";
import { QueryEngine } from "../session/engine/query-engine.js";
import { createNestedMemoryTracker } from "../session/memory/nested-memory.js";
import {
  findOutputStyle,
  listOutputStyles,
  outputStyleSection,
  userOutputStylesDir,
} from "../session/output-style.js";
import type { SdkSandboxStatus } from "../session/sdk-messages.js";
import { sessionTranscriptPath } from "../session/transcript/index.js";
import { withPermissionModeRecords } from "../session/transcript/permission-mode-record.js";
import {
  createSessionTeamRuntime,
  type SessionTeamRuntimeInputs,
} from "../teams/runtime/session-runtime.js";
import type { TeamRuntime } from "../teams/runtime/team-runtime.js";
import { planFilePath, planFolder } from "../tools/builtin/plan-mode/plan-file.js";
import { createChildAbortController } from "../tools/child-abort-controller.js";
import type { AppState } from "../tools/context.js";
import { VERSION } from "../version.js";
import { folderAdder } from "./add-directory.js";
import { autoClassifierTimeoutMs, createAutoClassifier } from "./auto-classifier.js";
import type { CliSession, CliSessionInputs } from "./cli-session-types.js";
import { watchConfigChanges } from "./config-change-watch.js";
import { effortLevel } from "./effort-option.js";
import { sessionHookRunners } from "./hook-runners.js";
import { parseJsonSchema } from "./json-schema-option.js";
import type { CliOptions } from "./options.js";
import { outputStyleRoots } from "./output-style-roots.js";
import { withPermissionRequestHooks } from "./permission-request-hooks.js";
import { withPlanForApproval } from "./plan-approval-input.js";
import { pluginInitFields } from "./plugin-init-fields.js";
import { startingMode } from "./resumed-mode.js";
import { declineElicitation, lateElicit, sessionElicit } from "./session-elicitation.js";
import { sessionFiles } from "./session-files.js";
import { createSessionHooks, type SessionHooks } from "./session-hooks.js";
import { CUSTOM_TITLE } from "./session-list.js";
import { sessionListings } from "./session-listings.js";
import { parseSettingSources } from "./session-policy.js";
import { sessionReloads } from "./session-reloads.js";
import { sessionSettings } from "./session-settings.js";
import { createSessionToolset, type SessionToolset } from "./session-toolset.js";
import { createSettingsReloader } from "./settings-reloader.js";
import { commandHooksFrom } from "./slash/command-hooks.js";
import { watchFolderTrees } from "./slash/folder-tree-watch.js";
import { pluginCommandFolders, pluginSkillFolders } from "./slash/plugin-folders.js";
import { commandPromptDeps, type PromptDepsInputs } from "./slash/prompt-deps.js";
import {
  conditionalListing,
  engineSkillConfig,
  listingBudget,
  skillToolInPlay,
  skillTools,
} from "./slash/session-skills.js";
import {
  createSessionSlash,
  type SessionSlash,
  type SessionSlashInputs,
} from "./slash/session-slash.js";
import { skillShellInput } from "./slash/skill-shell-hook.js";
import { thinkingConfig } from "./thinking-option.js";
import { cleanupTranscripts, DEFAULT_CLEANUP_PERIOD_DAYS } from "./transcript-cleanup.js";

export type { CliSession, CliSessionInputs } from "./cli-session-types.js";

/** What the engine's collaborators are built from. */
interface Parts {
  inputs: CliSessionInputs;
  /** The session's auto memory: its folder while on (/memory switches it). */
  memory: AutoMemorySwitch;
  ids: IdSource;
  home: string;
  env: Readonly<Record<string, string | undefined>>;
  toolset: SessionToolset;
  hooks: SessionHooks;
  /** Plan mode's reminders: after tool rounds, and right after a compaction. */
  planReminders: PlanModeReminders;
}

/** The attachments after each tool round (queued input is the engine's own). */
function attachmentSource(
  parts: Parts,
  loaded: Set<string>,
  team: TeamRuntime | undefined,
  /** The listing of the skills that files the main thread read bring into play. */
  skills: (paths: readonly string[]) => string | undefined,
) {
  const { inputs, home } = parts;
  const { todo, tasks } = parts.toolset;
  const nested = createNestedMemoryTracker({
    cwd: inputs.io.cwd,
    home,
    stateDir: inputs.stateDir,
    loaded,
  });
  return createAttachmentCollector({
    sources: {
      changedFiles: changedFilesSource(NODE_CHANGED_FILE_DEPS),
      ...(inputs.options.bare
        ? {}
        : { nestedMemory: nestedMemorySource(async (paths) => nested.filesFor(paths)) }),
      conditionalSkills: conditionalSkillsSource(skills),
      ...(todo ? { todoReminder: todoReminderSource((id) => todo.todosOf(id)) } : {}),
      taskNotifications: tasks.notifications,
      ...(team ? { teammateMail: team.leadMail } : {}),
      planMode: parts.planReminders.source,
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
    lastUuid: () => store.transcript?.lastUuid?.() ?? null,
    appendRecord: (record) => store.transcript?.appendRecord?.(record),
  };
}

/**
 * Records the session's title as -n/--name does: the session lists show the last title the
 * transcript records. False when the session keeps no transcript.
 */
function titleRecorder(inputs: CliSessionInputs): (title: string) => boolean {
  return (customTitle) => {
    const transcript = inputs.store.transcript;
    if (!transcript?.appendRecord) return false;
    transcript.appendRecord({ type: CUSTOM_TITLE, customTitle, sessionId: inputs.sessionId });
    return true;
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
        tools: parts.toolset.refreshTools,
      }),
      microcompact: createMicrocompact({ onCleared: forgetClearedReads }),
      collapse,
    });
    const todo = parts.toolset.todo;
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
      onPostCompact: async ({ trigger, summary }) =>
        (await parts.hooks.postCompact(trigger, summary)).map((content) => ({
          hookName: "SessionStart",
          content,
        })),
      ...(todo ? { todos: (context) => todo.todosOf(context.agentId) } : {}),
      afterCompact: parts.planReminders.afterCompact,
    });
    return {
      microcompact: pipeline.step,
      autocompact: compaction.autocompact,
      reactiveCompact: compaction.reactiveCompact,
      collapseDrain: collapse.collapseDrain,
      compactNow: (messages, instructions, context) =>
        compaction.compactNow(messages, instructions, context),
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
 * The system prompt and user context, once per session (with SessionStart hook output); a
 * later call (the engine's reloadContext, after /memory) re-reads only the memory files. The
 * auto memory section (and its index) is added at each call while auto memory is on.
 */
function contextLoader(
  parts: Parts,
  loaded: Set<string>,
  started: readonly string[],
): () => Promise<SessionContext> {
  const { inputs, home } = parts;
  let first: Promise<SessionContext> | undefined;
  const roots = { cwd: inputs.io.cwd, home, stateDir: inputs.stateDir };
  const fresh = async (context: SessionContext) =>
    inputs.options.bare
      ? context
      : withFreshMemory(context, { ...roots, loaded, onWarning: inputs.warn });
  const load = () => {
    if (first) return first.then(fresh);
    first = loadFirstContext(parts, loaded, started);
    return first;
  };
  return () => load().then((c) => withAutoMemory(c, parts.memory.dir()));
}

/** The session's context as its start makes it. */
async function loadFirstContext(
  parts: Parts,
  loaded: Set<string>,
  started: readonly string[],
): Promise<SessionContext> {
  const { inputs, home } = parts;
  const style = await findOutputStyle(
    inputs.policy.settings.outputStyle,
    outputStyleRoots(inputs.policy, inputs.io.cwd, home),
  );
  if (style.problem) inputs.warn(style.problem);
  const context = await loadSessionContext({
    cwd: inputs.io.cwd,
    home,
    stateDir: inputs.stateDir,
    platform: process.platform,
    model: inputs.model.model,
    tools: parts.toolset.refreshTools().map((t) => t.name),
    ...promptOptions(inputs.options),
    now: new Date(),
    loaded,
    onMemoryLoaded: (files) =>
      parts.hooks.instructionsLoaded(files.map((f) => ({ path: f.path, scope: f.scope }))),
    onWarning: inputs.warn,
    ...(inputs.options.bare ? { memory: false } : {}),
    gitInstructions: commitInstructions(inputs.policy.settings),
    outputStyle: style.style ? outputStyleSection(style.style) : "",
  });
  if (started.length === 0) return context;
  return {
    ...context,
    userContext: { ...context.userContext, sessionStartHooks: started.join("\n\n") },
  };
}

function alwaysThinkingSetting(value: boolean | undefined): { alwaysThinkingEnabled?: boolean } {
  return value === undefined ? {} : { alwaysThinkingEnabled: value };
}

/** The auto mode's classifier (on the session's metered model) and its PermissionDenied hooks. */
function autoModeDeps(
  inputs: CliSessionInputs,
  env: Readonly<Record<string, string | undefined>>,
  hooks: SessionHooks,
  engine: () => QueryEngine,
): AutoModeDeps {
  return {
    classify: createAutoClassifier({
      callModel: () => engine().sessionModel,
      provider: inputs.model.provider,
      mainModel: inputs.model.model,
      messages: () => engine().messages,
      timeoutMs: autoClassifierTimeoutMs(env),
    }),
    onDenied: (call, reason) =>
      hooks.permissionDenied({
        tool_name: call.tool.name,
        tool_input: call.input,
        tool_use_id: call.toolUseId,
        reason,
      }),
  };
}

/** The flags and model facts the engine takes as they are. */
function engineLimits(
  options: CliOptions,
  inputs: CliSessionInputs,
  env: Readonly<Record<string, string | undefined>>,
  sandbox: SdkSandboxStatus,
) {
  const { model } = inputs;
  const thinking = thinkingConfig({
    ...(options.thinking === undefined ? {} : { thinking: options.thinking }),
    ...(options.maxThinkingTokens === undefined
      ? {}
      : { maxThinkingTokens: options.maxThinkingTokens }),
    env,
    ...alwaysThinkingSetting(inputs.policy.settings.alwaysThinkingEnabled),
  });
  const effort = effortLevel({
    ...(options.effort ? { flag: options.effort } : {}),
    env,
    ...(inputs.policy.settings.effortLevel ? { setting: inputs.policy.settings.effortLevel } : {}),
  });
  return {
    ...(thinking ? { thinkingConfig: thinking } : {}),
    ...(effort ? { effort } : {}),
    userSpecifiedModel: model.model,
    ...(model.fallbackModel ? { fallbackModel: model.fallbackModel } : {}),
    ...(options.maxTurns === undefined ? {} : { maxTurns: options.maxTurns }),
    ...(options.maxBudgetUsd === undefined ? {} : { maxBudgetUsd: options.maxBudgetUsd }),
    ...(options.taskBudget === undefined ? {} : { taskBudget: { total: options.taskBudget } }),
    ...(options.jsonSchema === undefined
      ? {}
      : { jsonSchema: parseJsonSchema(options.jsonSchema) }),
    includePartialMessages: options.includePartialMessages,
    maxOutputTokens: model.maxOutputTokens,
    ...(model.escalatedMaxOutputTokens
      ? { escalatedMaxOutputTokens: model.escalatedMaxOutputTokens }
      : {}),
    maxToolUseConcurrency: model.maxToolUseConcurrency,
    retry: model.retry,
    init: {
      apiKeySource: model.apiKeySource,
      claude_code_version: VERSION,
      sandbox,
      // The style the settings name, as Claude Code reports it (an unknown name is warned about).
      output_style: inputs.policy.settings.outputStyle ?? "default",
      ...pluginInitFields(inputs.policy.plugins),
    },
  } satisfies Partial<QueryEngineConfig>;
}

/**
 * The session's commands and skills: from the user's, keel's, the project's (and its
 * parents') and the added folders' `.claude`, expanded with the session's shell and rules.
 */
function sessionSlash(
  inputs: CliSessionInputs,
  roots: { home: string; env: NodeJS.ProcessEnv; permissions: PermissionEngine },
  live: Pick<PromptDepsInputs, "tools" | "mode" | "beforeShell"> &
    Pick<SessionSlashInputs, "mcpPrompts" | "onExpanded" | "hooks">,
): Promise<SessionSlash> {
  const { io } = inputs;
  const { home, permissions } = roots;
  return createSessionSlash({
    roots: {
      cwd: io.cwd,
      home,
      stateDir: inputs.stateDir,
      addedDirs: permissions.workingFolders.filter((dir) => dir !== io.cwd),
      pluginFolders: pluginSkillFolders(inputs.policy.plugins.plugins),
      pluginCommandFolders: pluginCommandFolders(inputs.policy.plugins.plugins),
    },
    sessionId: inputs.sessionId,
    deps: commandPromptDeps({
      cwd: io.cwd,
      home,
      env: roots.env,
      permissions: () => permissions,
      ...live,
      ...(inputs.policy.projectTrusted === false ? { projectTrusted: false } : {}),
    }),
    permissions: () => permissions,
    mcpPrompts: live.mcpPrompts,
    ...(live.onExpanded ? { onExpanded: live.onExpanded } : {}),
    ...(live.hooks ? { hooks: live.hooks } : {}),
    warn: inputs.warn,
  });
}

/** The settings' limits on http hooks. */
export function httpHookPolicy(settings: CliSessionInputs["policy"]["settings"]): HttpHookPolicy {
  const { allowedHttpHookUrls: urls, httpHookAllowedEnvVars: vars } = settings;
  return { ...(urls ? { allowedUrls: urls } : {}), ...(vars ? { allowedEnvVars: vars } : {}) };
}

/**
 * Removes transcripts older than cleanupPeriodDays (at most once a day). Housekeeping only: a
 * state folder keel cannot write is reported by the writers that need it, not here.
 */
async function removeOldTranscripts(inputs: CliSessionInputs): Promise<void> {
  await cleanupTranscripts({
    stateDir: inputs.stateDir,
    periodDays: inputs.policy.settings.cleanupPeriodDays ?? DEFAULT_CLEANUP_PERIOD_DAYS,
    now: Date.now,
    keep: inputs.sessionId,
  }).catch(() => undefined);
}

/**
 * The runtime of the session's agent team when teams are on (the toolset then has the team's
 * files): named agents become its teammates. Undefined when teams are off.
 */
function sessionTeam(
  inputs: CliSessionInputs,
  env: Readonly<Record<string, string | undefined>>,
  toolset: SessionToolset,
  lead: Pick<SessionTeamRuntimeInputs, "deliver" | "leadMode" | "leadBusy">,
): TeamRuntime | undefined {
  if (!toolset.team) return undefined;
  return createSessionTeamRuntime({
    env,
    stateDir: inputs.stateDir,
    sessionId: inputs.sessionId,
    cwd: inputs.io.cwd,
    sessionDir: inputs.store.sessionDir,
    team: toolset.team,
    ...(toolset.taskList ? { taskList: toolset.taskList } : {}),
    taskRecords: toolset.tasks.store,
    ...lead,
    warn: inputs.warn,
  });
}

/**
 * Assembles a CLI session: settings-driven permissions and hooks, the tools, the prompt
 * context (memory files, git snapshot, SessionStart context), per-turn attachments, context
 * management, the transcript, and the QueryEngine over them.
 */
export async function createCliSession(inputs: CliSessionInputs): Promise<CliSession> {
  const { options, io, store, policy } = inputs;
  await removeOldTranscripts(inputs);
  const ids: IdSource = { uuid: randomUUID, timestamp: () => new Date().toISOString() };
  const home = io.env.HOME ?? homedir();
  const env = { ...io.env, ...policy.settings.env };
  let appState: AppState = {
    permissionMode: startingMode(policy.settings.permissionMode, {
      flagGiven: options.permissionMode !== undefined,
      recorded: inputs.recordedMode,
    }),
  };
  const memoryPlace = {
    stateDir: inputs.stateDir,
    cwd: io.cwd,
    env,
    bare: options.bare === true,
    // Headless either way: -p, or stream-json input (an Agent SDK host) without -p.
    print: options.print || options.inputFormat === "stream-json",
    ...(policy.settings.autoMemoryEnabled === undefined
      ? {}
      : { setting: policy.settings.autoMemoryEnabled }),
  };
  // A switch (/memory) reaches the next turn's system prompt: its context is loaded again.
  const memory = createAutoMemorySwitch(
    memoryPlace,
    await openAutoMemory(memoryPlace, inputs.warn),
    () => engine.reloadContext(),
  );
  const permissions = createPermissionEngine({
    settings: policy.settings,
    cwd: io.cwd,
    stateDir: inputs.stateDir,
    memoryDir: () => memory.dir(),
    planDir: planFolder(store.sessionDir),
    home,
    env,
  });
  let tools: SessionToolset | undefined;
  const hooksOff = options.bare === true || policy.settings.disableAllHooks === true;
  const slash = await sessionSlash(
    inputs,
    { home, env, permissions },
    {
      tools: () => tools?.refreshTools() ?? [],
      mode: () => appState.permissionMode,
      mcpPrompts: () => tools?.mcpPrompts() ?? [],
      // Hooks are made after the tools; a command is only typed once the session runs.
      onExpanded: (input) => hooks.promptExpansion(input),
      beforeShell: (call) => hooks.skillShell(skillShellInput(call)),
      // Invoked skills' and commands' own hooks (none with --bare or disableAllHooks).
      ...(hooksOff ? {} : { hooks: commandHooksFrom(() => hooks) }),
    },
  );
  const reloads = sessionReloads({ cwd: io.cwd, slash, permissions });
  // Claude Code's live change detection: a skill written or edited in a folder that existed at
  // the start is the model's and `/name`'s from the next turn.
  const slashWatch = watchFolderTrees(slash.folders(), () => {
    reloads
      .skills()
      .catch((error: Error) => inputs.warn(`reading the skills again: ${error.message}`));
  });
  // MCP servers start with the tools; their requests for input are answered once hooks exist.
  const elicitation = lateElicit();
  const toolset = await createSessionToolset(
    inputs,
    env,
    skillTools(slash),
    elicitation.elicit,
    // An agent's `skills` are preloaded whole, as the Skill tool would expand them.
    (name, signal) => slash.skillTool.expand(name, "", signal),
    skillToolInPlay(slash),
  );
  tools = toolset;
  const hooks = createSessionHooks({
    config: policy.hooks,
    noAgentHooks: hooksOff,
    projectTrusted: policy.projectTrusted,
    sessionId: inputs.sessionId,
    transcriptPath: sessionTranscriptPath(inputs.stateDir, io.cwd, inputs.sessionId),
    cwd: io.cwd,
    env,
    permissionMode: () => appState.permissionMode,
    report: inputs.warn,
    ...(inputs.runHookCommand ? { runCommand: inputs.runHookCommand } : {}),
    http: httpHookPolicy(policy.settings),
    reloadSkills: reloads.skills,
    ...sessionHookRunners(inputs, { toolset, permissions, ids }),
    ...(inputs.onHookEvent ? { onHookEvent: inputs.onHookEvent } : {}),
    ...(inputs.onHookStatus ? { onHookStatus: inputs.onHookStatus } : {}),
    retitle: titleRecorder(inputs),
  });
  elicitation.bind(sessionElicit(hooks, inputs.askElicitation ?? declineElicitation));
  const planReminders = createPlanModeReminders(planFilePath(store.sessionDir));
  const parts: Parts = { inputs, memory, ids, home, env, toolset, hooks, planReminders };
  // Setup (--init, --maintenance), then SessionStart, fire as the session opens (before any
  // prompt's UserPromptSubmit), as in Claude Code; both give context for the model.
  const setUp = options.setup ? await hooks.setup(options.setup.trigger) : [];
  const started = [
    ...setUp,
    ...(await hooks.start(
      inputs.startSource ?? (inputs.resumed ? "resume" : "startup"),
      inputs.model.model,
    )),
  ];
  const watchedFiles = hooks.watchFiles();
  const reloader =
    inputs.reloadPolicy &&
    createSettingsReloader({ start: policy, read: inputs.reloadPolicy, hooks, permissions });
  const configWatch =
    reloader &&
    watchConfigChanges({
      roots: { home, stateDir: inputs.stateDir, cwd: io.cwd },
      files: policy.settings.files,
      reloader,
      hooks,
      warn: inputs.warn,
    });
  const startFolders = [...permissions.workingFolders];
  const skillBudget = listingBudget(inputs.model.model, env, policy.settings);
  const abort = createChildAbortController(io.signal);
  const loadedMemory = new Set<string>();
  const written = transcriptSink(inputs);
  const sink =
    written &&
    withPermissionModeRecords(
      written,
      () => appState.permissionMode,
      inputs.sessionId,
      inputs.recordedMode,
    );
  const team = sessionTeam(inputs, env, toolset, {
    deliver: (event) => engine.deliver(event),
    leadMode: () => appState.permissionMode,
    leadBusy: () => engine.busy,
  });
  const engine: QueryEngine = new QueryEngine({
    cwd: io.cwd,
    provider: inputs.model.provider,
    tools: toolset.refreshTools(),
    refreshTools: toolset.refreshTools,
    mcpServers: toolset.mcpStatus,
    agents: () => toolset.agents.list(),
    ...engineSkillConfig(slash, skillBudget),
    canUseTool: withPlanForApproval(
      inputs.canUseTool(
        withPermissionRequestHooks(
          withAutoMode(
            permissions,
            autoModeDeps(inputs, env, hooks, () => engine),
          ),
          hooks.permissionRequest,
          {
            setMode: (mode) => {
              appState = { ...appState, permissionMode: mode };
            },
            warn: inputs.warn,
          },
        ),
      ),
      planFilePath(store.sessionDir),
    ),
    getAppState: () => appState,
    setAppState: (update) => {
      appState = update(appState);
    },
    initialMessages: inputs.history,
    ...promptOptions(options),
    ...engineLimits(options, inputs, env, toolset.sandbox.status),
    abortController: abort.controller,
    sessionId: inputs.sessionId,
    loadContext: contextLoader(parts, loadedMemory, started),
    hooks: hooks.engine,
    onTurnStart: async (uuid) => {
      slash.beginPrompt();
      await toolset.beginTurn(uuid);
    },
    ...(inputs.onProgress ? { onProgress: inputs.onProgress } : {}),
    ...(sink ? { transcript: sink } : {}),
    ...(store.sidechain ? { sidechain: store.sidechain } : {}),
    ...(team
      ? {
          spawnTeammate: team.spawn,
          stopTeammate: team.stopTeammate,
          onTurnContext: team.adoptContext,
        }
      : {}),
    attachments: attachmentSource(
      parts,
      loadedMemory,
      team,
      // Always: a reload (reload_skills, a hook's reloadSkills) may bring the first skill with `paths`.
      conditionalListing(slash, skillBudget),
    ),
    contextDeps: contextDeps(parts),
    additionalDirectories: permissions.workingFolders.filter((dir) => dir !== io.cwd),
    readDenial: permissions.readDenial,
    ids,
  });
  // A background agent's end reaches the model: in a running turn, or as a turn of its own.
  toolset.tasks.deliverTo((event) => engine.deliver(event));
  // A resumed session's team comes back: its members, and the lead's unread mail.
  if (team && inputs.resumed) await team.restore();
  return {
    engine,
    backgroundAgents: toolset.tasks.backgroundAgents,
    taskRecords: toolset.tasks.store,
    retitle: titleRecorder(inputs),
    ...(team ? { team } : {}),
    rewind: async (uuid) => {
      if (!engine.messages.some((m) => m.uuid === uuid)) return false;
      // Checked before the files go back: a rewind refused after restoring them would split the two.
      if (engine.busy) throw new Error("cannot rewind while a turn runs");
      const restored = await toolset.fileHistory.restoreTo(uuid);
      engine.rewindTo(uuid);
      return restored;
    },
    files: sessionFiles({
      cwd: io.cwd,
      home,
      permissions,
      tools: toolset.refreshTools,
      mode: () => appState.permissionMode,
      history: toolset.fileHistory,
    }),
    permissionMode: () => appState.permissionMode,
    setPermissionMode: (mode) => {
      appState = { ...appState, permissionMode: mode };
    },
    mcpStatus: toolset.mcpStatus,
    mcp: toolset.mcpControl,
    tools: toolset.refreshTools,
    mcpPrompts: toolset.mcpPrompts,
    slash,
    reloads,
    listings: sessionListings({
      options,
      roots: { home, stateDir: inputs.stateDir, cwd: io.cwd },
      policy,
      env,
      permissions,
      hooksInForce: () => hooks.inForce(),
      skillHooks: () => hooks.skills?.inForce() ?? [],
    }),
    settings: sessionSettings({
      cwd: io.cwd,
      stateDir: inputs.stateDir,
      flagSettings: options.settings,
      sources:
        options.settingSources === undefined
          ? undefined
          : parseSettingSources(options.settingSources),
      reloader,
    }),
    outputStyles: async () => {
      const styles = await listOutputStyles(outputStyleRoots(policy, io.cwd, home));
      const available = styles.map((style) => style.name);
      // A name found nowhere was warned about at start; the session answers in the default.
      const named = policy.settings.outputStyle ?? "default";
      const current = available.includes(named) ? named : "default";
      return { current, available, userDir: userOutputStylesDir(home) };
    },
    agents: toolset.agents,
    ...(inputs.options.mainAgent ? { mainAgent: inputs.options.mainAgent } : {}),
    sandbox: toolset.sandbox,
    autoMemory: memory,
    notify: (input) => hooks.notification(input),
    displayed: hooks.displayed,
    hooksInForce: () => hooks.inForce(),
    skillHooksInForce: () => hooks.skills?.inForce() ?? [],
    addDirectory: folderAdder({
      cwd: io.cwd,
      home,
      permissions,
      startFolders,
      directoryAdded: hooks.directoryAdded,
    }),
    modelSwitchHooks: hooks,
    dispose: async (reason = "other") => {
      abort.dispose();
      watchedFiles.close();
      configWatch?.close();
      slashWatch.close();
      await hooks.end(reason);
      // Teammates stop before the tools they use are disposed.
      await team?.dispose();
      await toolset.dispose();
      await store.close();
    },
  };
}
