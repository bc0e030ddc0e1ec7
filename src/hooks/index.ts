export { postToolBatchHooks } from "./batch-hooks.js";
export type {
  CommandHookConfig,
  HookHandlerConfig,
  HookMatcherGroup,
  HooksConfig,
  HooksConfigIssue,
  ParsedHooksConfig,
} from "./config.js";
export { describeIssue } from "./config.js";
export {
  createHookEngine,
  HOOK_SHELL,
  type HookEngine,
  type HookEngineOptions,
} from "./engine.js";
export { HOOK_EVENTS, type HookEvent } from "./events.js";
export type {
  HookEventFields,
  HookEventInput,
  SessionEndReason,
  SessionStartSource,
} from "./hook-input.js";
export type { HookLifecycleEvent } from "./hook-lifecycle.js";
export {
  type ElicitationAnswer,
  formatHookNotice,
  type HookNotice,
  type HookPermission,
  type HookResult,
} from "./hook-result.js";
export type { HttpHookPolicy } from "./http-url-policy.js";
export { matcherMatches } from "./matcher.js";
export { mergeHooksConfigs } from "./merge-config.js";
export type { HookRunOutcome } from "./merge-results.js";
export { parseHooksConfig } from "./parse-config.js";
export {
  type CommandHookRequest,
  type CommandHookResult,
  runCommandHook,
} from "./run-command-hook.js";
export type { CallHookMcpTool } from "./run-mcp-tool-hook.js";
export type { AskHookModel } from "./run-prompt-hook.js";
export {
  configChange,
  describeBlockedPrompt,
  directoryAdded,
  elicitation,
  elicitationResult,
  fileChanged,
  instructionsLoaded,
  type LoadedInstructions,
  type ModelSwitch,
  messageDisplay,
  notification,
  permissionDenied,
  postCompact,
  postModelSwitch,
  preCompact,
  preModelSwitch,
  preSkillShellCommand,
  sessionEnd,
  sessionStart,
  setup,
  subagentStart,
  type UserPromptSubmitResult,
  userPromptExpansion,
  userPromptSubmit,
} from "./session-hooks.js";
export { type StopHooksOptions, stopFailureHooks, stopHooks } from "./stop-hooks.js";
export { toolHooks } from "./tool-hooks.js";
