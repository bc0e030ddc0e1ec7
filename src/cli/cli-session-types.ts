import type { AgentDefinition } from "../config/agent-definition.js";
import type { AgentRoster } from "../config/agent-roster.js";
import type { HooksConfig } from "../hooks/config.js";
import type { HookEventFields, SessionEndReason } from "../hooks/hook-input.js";
import type { runCommandHook } from "../hooks/run-command-hook.js";
import type { InvokedSkillHooks } from "../hooks/skill-scoped-hooks.js";
import type { McpPromptCommand } from "../mcp/prompt-commands.js";
import type { McpServerControl } from "../mcp/server-control.js";
import type { AutoMemorySwitch } from "../memory/auto-memory-switch.js";
import type { PermissionEngine } from "../policy/engine.js";
import type { LoopTransition, Message } from "../protocol/messages.js";
import type { QueryEngine } from "../session/engine/query-engine.js";
import type { BackgroundAgents } from "../tasks/background-agents.js";
import type { TaskStore } from "../tasks/task-store.js";
import type { TeamRuntime } from "../teams/runtime/team-runtime.js";
import type { CanUseTool, PermissionMode } from "../tools/context.js";
import type { AnyTool } from "../tools/tool.js";
import type { AddDirectoryOutcome, AddDirectorySource } from "./add-directory.js";
import type { SdkHookMessage } from "./hook-event-messages.js";
import type { CliIo } from "./io.js";
import type { CliOptions } from "./options.js";
import type { PrintModel } from "./print-model.js";
import type { AskElicitation } from "./session-elicitation.js";
import type { SessionFiles } from "./session-files.js";
import type { HookStatus, SessionHooks } from "./session-hooks.js";
import type { SessionListings } from "./session-listings.js";
import type { SessionPolicy } from "./session-policy.js";
import type { SessionReloads } from "./session-reloads.js";
import type { SessionSandbox } from "./session-sandbox.js";
import type { SessionSettings } from "./session-settings.js";
import type { SessionStore } from "./session-store.js";
import type { FlagLayer } from "./settings-reloader.js";
import type { SessionSlash } from "./slash/session-slash.js";

/** A CLI session ready to take prompts. */
export interface CliSession {
  engine: QueryEngine;
  /** The subagents running in the background (`keel -p` waits for them at exit). */
  backgroundAgents: Pick<BackgroundAgents, "runningCount" | "whenNoneRunning">;
  /** Where the session's background tasks are recorded (shells, monitors, agents, teammates). */
  taskRecords: TaskStore;
  /** Names the session (a custom-title record, as -n/--name); false: it keeps no transcript. */
  retitle(title: string): boolean;
  /** The session's agent team, when teams are on (`keel -p` waits until it is quiet). */
  team?: Pick<TeamRuntime, "quiet" | "whenQuiet" | "lines" | "subscribe">;
  /**
   * Rewinds files and conversation to just before a user prompt: every file Edit or Write
   * changed since is restored; returns the restored paths (false: no such prompt).
   */
  rewind(userMessageUuid: string): Promise<string[] | false>;
  /** The session's files as an SDK host reaches them (read_file, seed_read_state, rewind_files). */
  files: SessionFiles;
  /** The session's permission mode now, and a switch of it (an SDK host changes it). */
  permissionMode(): PermissionMode;
  setPermissionMode(mode: PermissionMode): void;
  /** Every MCP server of the session (configured and host-provided) and its status. */
  mcpStatus(): Array<{ name: string; status: string }>;
  /** An SDK host's hold on the configured MCP servers (mcp_set_servers, mcp_toggle …). */
  mcp: McpServerControl;
  /** The session's tools now (MCP servers come and go). */
  tools(): readonly AnyTool[];
  /** The MCP servers' prompts, as slash commands `/mcp__<server>__<prompt>`. */
  mcpPrompts(): McpPromptCommand[];
  /** The session's own commands and skills (`.claude/commands`, SKILL.md folders). */
  slash: SessionSlash;
  /** What the session reads again when asked (an SDK host's reload_* requests). */
  reloads: SessionReloads;
  /** What an SDK host may read of the session's hooks, permission rules and settings. */
  listings: SessionListings;
  /** Changes to the session's flag layer and settings files (an SDK host's), put in force. */
  settings: SessionSettings;
  /**
   * The output style the settings name, the styles it could name and the user's folder of
   * them (the SDK's initialize answer).
   */
  outputStyles(): Promise<{ current: string; available: string[]; userDir: string }>;
  /** The agents the session's Agent tool can start (an SDK host lists them; /agents re-reads them). */
  agents: AgentRoster;
  /** The agent the main thread runs as (`--agent`, the `agent` setting), if any. */
  mainAgent?: AgentDefinition;
  /** The session's auto memory: its folder while on (/dream uses it), switched by /memory. */
  autoMemory: AutoMemorySwitch;
  /** What confines Bash commands (/sandbox shows and switches it). */
  sandbox: SessionSandbox;
  /** The model-switch hooks (the SDK's set_model): Pre may refuse (its reason), Post is told. */
  modelSwitchHooks: Pick<SessionHooks, "preModelSwitch" | "postModelSwitch">;
  /** Adds a working folder mid-session (`/add-dir`, register_repo_root); DirectoryAdded fires. */
  addDirectory(path: string, source: AddDirectorySource): Promise<AddDirectoryOutcome>;
  /** The settings' and plugins' hooks in force now (a reload may have changed them; for /hooks). */
  hooksInForce(): HooksConfig | undefined;
  /** The skills invoked so far whose hooks are in force to the session's end (for /hooks). */
  skillHooksInForce(): readonly InvokedSkillHooks[];
  /** A turn's messages as they are displayed (MessageDisplay hooks; display only). */
  displayed: SessionHooks["displayed"];
  /** Runs the Notification hooks (a permission prompt waits for the person). */
  notify(input: HookEventFields["Notification"]): Promise<void>;
  /** Closes the session; `reason` is SessionEnd's (default "other"). */
  dispose(reason?: SessionEndReason): Promise<void>;
}

/** Everything a CLI session is assembled from. */
export interface CliSessionInputs {
  options: CliOptions;
  io: CliIo;
  model: PrintModel;
  sessionId: string;
  history: readonly Message[];
  resumed: boolean;
  /** The permission mode the resumed transcript last recorded (plan mode comes back). */
  recordedMode?: PermissionMode;
  /** SessionStart's source when it is neither startup nor resume (a /clear). */
  startSource?: "clear";
  store: SessionStore;
  stateDir: string;
  policy: SessionPolicy;
  /** How permissions are asked: headless (a denial naming the flag) or a person. */
  canUseTool: (engine: PermissionEngine) => CanUseTool;
  onTransition?: (transition: LoopTransition, turnCount: number) => void;
  /** Told of running tools' progress reports (the REPL shows a running Bash's output). */
  onProgress?: (toolUseId: string, data: unknown) => void;
  warn: (text: string) => void;
  /** Tools the host brings (an SDK's in-process MCP servers), with their servers' status. */
  hostTools?: { tools: readonly AnyTool[]; servers: Array<{ name: string; status: string }> };
  /** Runs hook commands (an SDK host answers its own callbacks); default: processes. */
  runHookCommand?: typeof runCommandHook;
  /** Told each hook's start, output and end (`--include-hook-events` in stream-json). */
  onHookEvent?: (message: SdkHookMessage) => void;
  /** Told when a hook with a `statusMessage` starts and ends (the REPL's spinner line). */
  onHookStatus?: (status: HookStatus) => void;
  /**
   * Reads the settings again as at start (with `flags` in place of the flag layer, when
   * given); given, loaded settings files are watched (ConfigChange).
   */
  reloadPolicy?: (flags?: FlagLayer) => Promise<SessionPolicy>;
  /** Who answers an MCP server's request for input no hook answered (default: declined). */
  askElicitation?: AskElicitation;
}
