import type { HookHandlerConfig } from "../../hooks/config.js";
import { HOOK_EVENTS, type HookEvent } from "../../hooks/events.js";
import { takesMatcher } from "../../hooks/hook-input.js";
import type { HookEntry, HookListing, ListedHook } from "../repl/commands/hook-listing.js";
import { SDK_SETTINGS_SOURCE } from "./permission-rules-response.js";

/** One line per event, as the SDK's listing shows it in an event list. */
const SUMMARY: Record<HookEvent, string> = {
  PreToolUse: "Before a tool runs",
  PostToolUse: "After a tool runs",
  PostToolUseFailure: "After a tool call fails",
  PostToolBatch: "After a batch of tool calls",
  Notification: "When a notification is sent",
  UserPromptSubmit: "When the user submits a prompt",
  UserPromptExpansion: "When a typed command is expanded",
  SessionStart: "When a session starts",
  SessionEnd: "When a session ends",
  Stop: "Right before the answer ends",
  StopFailure: "When a turn ends on an API error",
  SubagentStart: "When a subagent starts",
  SubagentStop: "Right before a subagent ends",
  PreCompact: "Before a compaction",
  PostCompact: "After a compaction",
  PreModelSwitch: "Before the model is switched",
  PostModelSwitch: "After the model is switched",
  PermissionRequest: "When a permission would be asked",
  PermissionDenied: "When the auto mode denies a call",
  Setup: "On --init and --maintenance",
  TeammateIdle: "When a teammate is about to go idle",
  TaskCreated: "When a task is created",
  TaskCompleted: "When a task is completed",
  Elicitation: "When an MCP server asks for input",
  ElicitationResult: "When input is given to an MCP server",
  ConfigChange: "When a settings file changes",
  WorktreeCreate: "When a worktree is made",
  WorktreeRemove: "When a worktree is removed",
  InstructionsLoaded: "When a memory file is loaded",
  CwdChanged: "When the working folder changes",
  FileChanged: "When a watched file changes",
  DirectoryAdded: "When a working folder is added",
  MessageDisplay: "When a message is displayed",
  PreSkillShellCommand: "Before a command's !`command` runs",
};

/** Control characters shown as escapes, so a row stays one line. */
function revealed(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is revealed
  return text.replace(/[\u0000-\u001f\u007f]/g, (char) => JSON.stringify(char).slice(1, -1));
}

/** What runs, and what the SDK calls that text. */
function identity(hook: HookHandlerConfig): { commandText: string; contentLabel: string } {
  switch (hook.type) {
    case "command":
      return { commandText: hook.command, contentLabel: "Command" };
    case "http":
      return { commandText: hook.url, contentLabel: "URL" };
    case "prompt":
    case "agent":
      return { commandText: hook.prompt, contentLabel: "Prompt" };
    case "mcp_tool":
      return { commandText: `${hook.server} ${hook.tool}`, contentLabel: "Tool" };
  }
}

/** A row's source: a settings file's, a plugin's, or the session's own (skills, the host's). */
function sourceOf(hook: ListedHook | HookEntry): {
  source: string;
  sourceLabel: string;
  pluginName?: string;
} {
  if (!("origin" in hook)) {
    return { source: "sessionHook", sourceLabel: "This session (in no settings file)" };
  }
  const { origin } = hook;
  if (origin.kind === "plugin") {
    return {
      source: "pluginHook",
      sourceLabel: `Plugin ${origin.plugin}`,
      pluginName: origin.plugin,
    };
  }
  if (origin.kind === "skill") {
    return { source: "sessionHook", sourceLabel: `Skill ${origin.skill} (${origin.file})` };
  }
  if (origin.source === "cli") return { source: "cliArg", sourceLabel: origin.file };
  return { source: SDK_SETTINGS_SOURCE[origin.source], sourceLabel: origin.file };
}

/** One listed hook as the SDK's row has it. */
function row(hook: ListedHook | HookEntry) {
  const { commandText, contentLabel } = identity(hook.hook);
  const shown = revealed(commandText);
  const off = "state" in hook && hook.state.kind === "off";
  return {
    event: hook.event,
    matcher: revealed(hook.matcher ?? ""),
    ...sourceOf(hook),
    type: hook.hook.type,
    displayText: hook.hook.statusMessage ? revealed(hook.hook.statusMessage) : shown,
    commandText: shown,
    contentLabel,
    ...(hook.hook.if === undefined ? {} : { condition: revealed(hook.hook.if) }),
    timeout: hook.timeoutMs / 1000,
    ...(hook.hook.statusMessage === undefined ? {} : { statusMessage: hook.hook.statusMessage }),
    ...(hook.hook.once ? { runsOnce: true } : {}),
    ...(hook.hook.type === "command" && hook.hook.async ? { runsInBackground: true } : {}),
    ...(off ? { disabled: true as const } : {}),
  };
}

/**
 * get_hooks_listing (SDKControlGetHooksListingResponse): the settings files', plugins' and
 * invoked skills' hooks as /hooks lists them (a hook the session does not run is `disabled`),
 * then those the session runs that no file has (an SDK host's own callbacks among them). keel
 * reads no managed settings: the policy block is all false; rows carry no `editable`.
 */
export function hooksListingResponse(listing: HookListing, allDisabled: boolean) {
  const order = (event: HookEvent) => HOOK_EVENTS.indexOf(event);
  const hooks = [...listing.hooks, ...listing.stale]
    .sort((a, b) => order(a.event) - order(b.event))
    .map(row);
  const catalog = HOOK_EVENTS.map((name) => ({
    name,
    summary: SUMMARY[name],
    supportsMatcher: takesMatcher(name),
  }));
  return {
    events: catalog
      .map((event) => ({ ...event, hookCount: hooks.filter((h) => h.event === event.name).length }))
      .filter((event) => event.hookCount > 0),
    hooks,
    eventCatalog: catalog,
    policy: {
      disabledByPolicy: false,
      managedOnly: false,
      pluginOnly: false,
      allDisabled,
      policyHookCount: 0,
    },
  };
}
