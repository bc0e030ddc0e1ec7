import type { AgentDefinition } from "../../../config/agent-definition.js";
import type { AgentDefinitionWarning } from "../../../config/agent-definitions.js";
import type { Message } from "../../../protocol/messages.js";
import type { ShownEntry } from "../../../session/transcript/index.js";
import type { ForkedSkillRun } from "../../../tools/builtin/skill/forked-skill.js";
import type { PermissionMode } from "../../../tools/context.js";
import type { AddDirectoryOutcome } from "../../add-directory.js";
import type { AgentGenerationRequest, GeneratedAgentAnswer } from "../../agent-generator.js";
import type { SessionSummary } from "../../session-list.js";
import type { ForkedCommand } from "../../slash/forked-command.js";
import type { AutoMemoryView } from "./auto-memory-view.js";
import type { UserCommand } from "./command-file.js";
import type { CommandPrompt } from "./command-prompt.js";
import type { ConfigView } from "./config-view.js";
import type { DreamView } from "./dream.js";
import type { EditorOutcome } from "./editor.js";
import type { HookListing } from "./hook-listing.js";
import type { MemoryRow } from "./memory.js";
import type { PermissionsView } from "./permissions.js";
import type { PluginsView } from "./plugins.js";
import type { SandboxView } from "./sandbox.js";
import type { ShellOutcome } from "./shell-escape.js";
import type { SessionTasksView } from "./tasks-view.js";
import type { MentionedPrompt } from "./typed-mentions.js";
import type { LoadedCommands } from "./user-commands.js";

/** Opens another of the project's sessions (for /resume). */
export interface SessionSwitcher<S> {
  /** The project's earlier sessions, newest first (not the running one). */
  list(): Promise<SessionSummary[]>;
  /** Opens a session by id with its conversation loaded. */
  open(sessionId: string): Promise<{ session: S; messages: readonly Message[] }>;
}

/**
 * What a REPL session may offer the slash commands besides its engine. Each is optional:
 * a command whose part is missing says it is not available in this session.
 */
export interface ReplSessionExtras<S> {
  /** Rewinds files and conversation to just before a prompt (false: no such prompt). */
  rewind?(userMessageUuid: string): Promise<string[] | false>;
  /** The conversation so far (for /rewind's list). */
  history?(): readonly Message[];
  /** The conversation so far as it was shown, every tool result whole (for drawing it again). */
  shownHistory?(): Promise<readonly ShownEntry[]>;
  /** The permission rules, and adding session rules (for /permissions). */
  permissions?: PermissionsView;
  /** The session's Bash sandbox: its mode, settings and whether it runs here (for /sandbox). */
  sandbox?: SandboxView;
  /** The session's plugins, and `keel plugin …` run from the REPL (for /plugin). */
  plugins?: PluginsView;
  /** The permission mode now. */
  permissionMode?(): PermissionMode;
  /** Switches the permission mode: the next permission decision follows it (Shift+Tab). */
  setPermissionMode?(mode: PermissionMode): void;
  /** Settings files that were read, lowest source first (for /status). */
  settingsFiles?: readonly string[];
  /** The memory files loaded into context (for /memory and /status). */
  memory?(): Promise<MemoryRow[]>;
  /** Opens a file in the person's editor, the terminal handed over (for /memory). */
  editFile?(path: string): Promise<EditorOutcome>;
  /** The user's home folder, which holds ~/.claude/CLAUDE.md (for /memory). */
  home?: string;
  /** keel's state folder (KEEL_CONFIG_DIR): its `agents/` takes `/agents new --user`. */
  stateDir?: string;
  /** The agent types the Agent tool can start (for /agents). */
  agents?(): readonly AgentDefinition[];
  /** Reads the agent files again (/agents changed one): the files' problems, as at start. */
  reloadAgents?(): Promise<AgentDefinitionWarning[]>;
  /** Asks the session's model to write an agent (/agents generate): one side request. */
  generateAgent?(
    request: AgentGenerationRequest,
    signal: AbortSignal,
  ): Promise<GeneratedAgentAnswer>;
  /** The user's own slash commands (`.claude/commands`), read now. */
  userCommands?(): Promise<LoadedCommands>;
  /** A user command's prompt: arguments, !`command` output and `@file`s in (Esc: the signal). */
  expandUserCommand?(
    command: UserCommand,
    args: string,
    signal: AbortSignal,
  ): Promise<CommandPrompt>;
  /** A typed prompt with the files its `@path`s name added (deny rules keep files out). */
  withMentionedFiles?(text: string): Promise<MentionedPrompt>;
  /** Runs a `!cmd` in the working folder; the signal kills it (Esc). */
  shell?(command: string, signal: AbortSignal): Promise<ShellOutcome>;
  /** The dream pass over the session's auto memory folder (for /dream). */
  dream?: DreamView;
  /** The session's auto memory, shown and switched by /memory. */
  autoMemory?: AutoMemoryView;
  /** Runs a `context: fork` skill's `/name` as a subagent; only its result is kept (Esc stops it). */
  runForkedCommand?(command: ForkedCommand, signal: AbortSignal): Promise<ForkedSkillRun>;
  /** Adds a working folder for the rest of the session (for /add-dir). */
  addDirectory?(path: string): Promise<AddDirectoryOutcome>;
  /** The project's other sessions (for /resume). */
  sessions?: SessionSwitcher<S>;
  /** The settings /config and /output-style show and save, read from the files now. */
  config?: ConfigView;
  /** The hooks configured now and which of them the session runs (for /hooks). */
  hooks?(): Promise<HookListing>;
  /** The task store and this session's id (for /tasks). */
  tasks?: SessionTasksView;
  /** Names the session (for /rename); false when it keeps no transcript to record it in. */
  rename?(title: string): boolean;
}
