import type { EffortLevel } from "../protocol/api.js";
import type { PermissionMode } from "../tools/context.js";

/**
 * Where an agent definition came from: keel itself, a Markdown file in an agents folder, the
 * host that drives keel (the Agent SDK's `agents` option, sent in `initialize`), or the
 * `--agents` flag (`flagSettings`, as Claude Code names that source), or a plugin's agents folder.
 */
export type AgentSource =
  | { kind: "built-in" }
  | { kind: "project" | "user"; path: string }
  | { kind: "plugin"; plugin: string; path: string }
  | { kind: "sdk" }
  | { kind: "flagSettings" };

/** A kind of subagent the Agent tool can start (Claude Code's agent definitions). */
export interface AgentDefinition {
  /** The `subagent_type` that selects it. */
  name: string;
  /** When to use it, as the model is told in the Agent tool's description. */
  description: string;
  /** The tools it may use, by name; undefined = all of the parent's tools except Agent. */
  tools?: readonly string[];
  /** Tools it never gets, by name, even when `tools` (or the default of all) includes them. */
  disallowedTools?: readonly string[];
  /** The model it runs on; "inherit" or undefined = the parent's main model. */
  model?: string;
  /** The tool rounds it may take; undefined = the session's limit for subagents. */
  maxTurns?: number;
  /** The reasoning effort its requests ask for; undefined = the model's default. */
  effort?: EffortLevel;
  /** Always run in the background, even when the Agent call says run_in_background: false. */
  background?: boolean;
  /** Run in an isolated git worktree unless the Agent call says otherwise. */
  isolation?: "worktree";
  /**
   * The mode its tools run in, in place of the session's: only where the session is not in
   * acceptEdits, auto or bypassPermissions, and from an untrusted project only a narrower one.
   */
  permissionMode?: PermissionMode;
  /** The colour the REPL shows it in. */
  color?: string;
  /** When it runs the main thread (--agent): sent before the person's first prompt. */
  initialPrompt?: string;
  /** Where its own memory folder is (MEMORY.md is added to its system prompt). */
  memory?: "user" | "project" | "local";
  /** Skills whose whole content goes before its first prompt (the session's skills, expanded). */
  skills?: readonly string[];
  /** MCP servers for its run: names of the session's servers, or inline definitions started for it. */
  mcpServers?: ReadonlyArray<string | Readonly<Record<string, unknown>>>;
  /** Hooks for its life only (its Stop runs as SubagentStop), after the session's. */
  hooks?: Readonly<Record<string, unknown>>;
  /** Its system prompt. */
  prompt: string;
  source: AgentSource;
}
